import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { ContactOut } from '../../../shared/data-types';
import type { LabelOut } from '../../../shared/contract/primitives';
import { MESSAGES } from '../../../shared/messages';
import { Spinner } from '../../components/spinner';
import { useOnline } from '../../lib/online';
import { useCurrentUser } from '../../lib/session';
import { usePendingLabelSets, withLabelSets } from '../labels';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { noteIfQueued } from '../../lib/network-actions';
import { useCreateInvoice } from '../overview';
import { NoticeCard, PageFrame } from '../../components/page-frame';
import { UpgradeDialog } from '../../components/upgrade-dialog';
import { PageSearchField } from '../../components/page-search-field';
import { usePageSearch } from '../../components/use-page-search';
import { ContactCard, type ContactActions } from './contact-card';
import { ContactDeleteDialog } from './contact-delete-dialog';
import { ContactDetailDialog } from './contact-detail-dialog';
import { ContactFormDialog } from './contact-form-dialog';
import {
  contactMutationKeys,
  contactsQuery,
  type DeleteContactVariables,
  type SetContactLabelsVariables,
} from './contact-queries';
import { filterContacts } from './contact-search';
import styles from './contacts.module.css';

export const NO_CONTACTS = 'No Contacts Added.';
export const NO_CONTACTS_FOUND = 'No contacts found';

type FormState = { open: false } | { open: true; contact: ContactOut | null };

function ContactsContent() {
  const navigate = useNavigate();
  const online = useOnline();
  const { text, setText, clear, applied } = usePageSearch('/contacts');
  const openRequest = useLocation({
    select: (location) =>
      location.state.openDialog === 'add-contact' ? (location.state.__TSR_key ?? location.href) : undefined,
  });

  const all = useQuery(contactsQuery());
  const searched = useQuery({
    ...contactsQuery(applied, online && applied !== ''),
    placeholderData: keepPreviousData,
  });
  // Label changes not answered yet show their sets, whatever a refetch wrote meanwhile.
  const pendingLabels = usePendingLabelSets(contactMutationKeys.setLabels);
  const saved = useMemo(() => withLabelSets(all.data ?? [], pendingLabels), [all.data, pendingLabels]);
  // The server's search when it has answered; meanwhile (and offline) the saved list is searched here.
  const contacts = useMemo(
    () =>
      applied !== '' && searched.data && !searched.isPlaceholderData
        ? withLabelSets(searched.data, pendingLabels)
        : filterContacts(saved, applied),
    [applied, searched.data, searched.isPlaceholderData, saved, pendingLabels],
  );

  const [form, setForm] = useState<FormState>({ open: false });
  const [detailId, setDetailId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ContactOut | null>(null);
  const detail = detailId ? (saved.find((item) => item.id === detailId) ?? null) : null;

  // Quick-create 'Add Contact' arrives with openDialog 'add-contact': the dialog opens once per request.
  const [seenRequest, setSeenRequest] = useState<string | undefined>(undefined);
  if (openRequest !== seenRequest) {
    setSeenRequest(openRequest);
    if (openRequest !== undefined) setForm({ open: true, contact: null });
  }
  useEffect(() => {
    // Consumed: a reload or going back must not open it again.
    if (openRequest !== undefined) void navigate({ to: '/contacts', search: (old) => old, state: {}, replace: true });
  }, [openRequest, navigate]);

  const remove = useMutation<undefined, Error, DeleteContactVariables>({ mutationKey: contactMutationKeys.remove });
  const setLabels = useMutation<ContactOut, Error, SetContactLabelsVariables>({ mutationKey: contactMutationKeys.setLabels });

  const invoice = useCreateInvoice();
  const actions: ContactActions = {
    open: (contact) => setDetailId(contact.id),
    edit: (contact) => {
      setDetailId(null);
      setForm({ open: true, contact });
    },
    createInvoice: (contact) => {
      setDetailId(null);
      void invoice.start({ contactId: contact.id });
    },
    remove: (contact) => {
      setDetailId(null);
      setDeleting(contact);
    },
    setLabels: (contact: ContactOut, labels: LabelOut[]) => {
      noteIfQueued();
      setLabels.mutate({ id: contact.id, labels, queuedOffline: !online, changeId: newIdempotencyKey() });
    },
  };

  const hasAny = (all.data ?? []).length > 0;

  return (
    <PageFrame
      title="Contacts"
      actions={
        <button type="button" className="btn btn-primary" onClick={() => setForm({ open: true, contact: null })}>
          Add Contact
        </button>
      }
    >
      <PageSearchField label="Search contacts" value={text} onChange={setText} onClear={clear} />
      {all.isPending && all.fetchStatus === 'paused' ? (
        <NoticeCard>
          <p>You are offline and your contacts are not saved on this device yet. They load when the connection returns.</p>
        </NoticeCard>
      ) : all.isPending ? (
        <div className={styles.loading}>
          <Spinner label="Loading contacts" showLabel />
        </div>
      ) : all.isError && !all.data ? (
        <NoticeCard>
          <p>Contacts could not be loaded.</p>
          <button type="button" className="btn" onClick={() => void all.refetch()}>
            Try again
          </button>
        </NoticeCard>
      ) : contacts.length === 0 ? (
        <div className={`card ${styles.empty}`}>
          <p>{hasAny || applied !== '' ? NO_CONTACTS_FOUND : NO_CONTACTS}</p>
        </div>
      ) : (
        <ul className={styles.grid} aria-label="Contacts">
          {contacts.map((contact) => (
            <ContactCard key={contact.id} contact={contact} actions={actions} />
          ))}
        </ul>
      )}
      <ContactFormDialog
        open={form.open}
        contact={form.open ? form.contact : null}
        onClose={() => setForm({ open: false })}
      />
      <ContactDetailDialog contact={detail} onClose={() => setDetailId(null)} actions={actions} />
      <UpgradeDialog open={invoice.limitText !== null} message={invoice.limitText ?? ''} onClose={invoice.dismissLimit} />
      <ContactDeleteDialog
        contact={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={(contact) => {
          setDeleting(null);
          noteIfQueued();
          remove.mutate({ id: contact.id, queuedOffline: !online });
        }}
      />
    </PageFrame>
  );
}

/** /contacts (docs/contacts.md); guests read that it is for signed-in users only. */
export function ContactsPage() {
  const user = useCurrentUser();
  if (!user) return null;
  if (!user.full_access) {
    return (
      <PageFrame title="Contacts">
        <NoticeCard>
          <p>{MESSAGES.loggedInOnly}</p>
        </NoticeCard>
      </PageFrame>
    );
  }
  return <ContactsContent />;
}
