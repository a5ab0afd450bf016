import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { User } from '../../../shared/api-types';
import { Spinner } from '../../components/spinner';
import { useCurrentUser } from '../../lib/session';
import { currentUserQuery } from '../../lib/user-queries';
import { invoiceFailure, invoiceQuery } from '../invoices';
import { NoticeCard, PageFrame } from '../../components/page-frame';
import { InvoiceForm } from './invoice-form';
import { emptyInvoiceForm, invoiceToForm } from './invoice-form-model';
import { EDIT_NEEDS_NETWORK, GUEST_INVOICE_TEXT } from './new-invoice-texts';
import styles from './new-invoice.module.css';

/** Loads the draft named in navigation state; anything but a draft opens its invoice page instead (docs/invoices.md). */
function EditInvoice({ user, invoiceId, onFresh }: { user: User; invoiceId: string; onFresh: () => void }) {
  const navigate = useNavigate();
  const query = useQuery({ ...invoiceQuery(invoiceId), staleTime: 0 });
  const invoice = query.isFetchedAfterMount ? query.data : undefined;
  const failure = query.isError ? invoiceFailure(query.error) : null;
  const notDraft = invoice !== undefined && invoice.state !== 'DRAFT';

  useEffect(() => {
    if (notDraft) void navigate({ to: '/invoices/$id', params: { id: invoiceId }, replace: true });
    else if (failure === 'not-found') void navigate({ to: '/invoices/$id', params: { id: invoiceId }, replace: true });
  }, [notDraft, failure, invoiceId, navigate]);

  if (failure === 'offline' || (query.isPending && query.fetchStatus === 'paused')) {
    return (
      <NoticeCard>
        <p>{EDIT_NEEDS_NETWORK}</p>
      </NoticeCard>
    );
  }
  if (invoice === undefined || notDraft) {
    return (
      <div className={styles.loading}>
        <Spinner label="Loading invoice" showLabel />
      </div>
    );
  }
  return <InvoiceForm key={invoiceId} user={user} initial={invoiceToForm(invoice)} invoiceId={invoiceId} onFresh={onFresh} />;
}

/**
 * A new invoice's form. Its From block is filled from the profile as the server has it now: the user is fetched
 * again on every visit (a change made on another device shows), and the form waits for that answer rather than
 * showing stale or empty fields. Offline, or when the server cannot answer, the copy kept on this device is used.
 */
function NewInvoice({ user, prefill, onFresh }: { user: User; prefill: { contactId?: string; walletId?: string }; onFresh: () => void }) {
  const query = useQuery({ ...currentUserQuery(), refetchOnMount: 'always', meta: { persist: false } });
  const settled = query.isFetchedAfterMount || query.fetchStatus === 'paused';
  if (!settled) {
    return (
      <div className={styles.loading}>
        <Spinner label="Loading your details" showLabel />
      </div>
    );
  }
  const current = query.isFetchedAfterMount && query.isSuccess ? query.data : user;
  return <InvoiceForm user={current} initial={emptyInvoiceForm(current, prefill)} onFresh={onFresh} />;
}

/**
 * /new-invoice (docs/invoices.md): the invoice form, empty (a contact or wallet may be prefilled from navigation
 * state) or, with { invoiceId } in navigation state, a draft to edit. Full access only (the route guard sends others
 * to /overview); a guest who gets here reads that the feature needs a login.
 */
export function NewInvoicePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const state = useLocation({ select: (location) => location.state });
  const invoiceId = state.invoiceId;
  const [fresh, setFresh] = useState(0);

  // After a download-only save the page offers a new, empty form (the saved invoice is issued, so not editable).
  const onFresh = () => {
    setFresh((n) => n + 1);
    void navigate({ to: '/new-invoice', state: {}, replace: true });
  };

  if (!user?.full_access) {
    return (
      <PageFrame title="New Invoice">
        <NoticeCard>
          <p>{GUEST_INVOICE_TEXT}</p>
        </NoticeCard>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={invoiceId ? 'Edit Invoice' : 'New Invoice'}>
      {invoiceId ? (
        <EditInvoice user={user} invoiceId={invoiceId} onFresh={onFresh} />
      ) : (
        <NewInvoice
          key={`new-${String(fresh)}`}
          user={user}
          prefill={{ contactId: state.contactId, walletId: state.walletId }}
          onFresh={onFresh}
        />
      )}
    </PageFrame>
  );
}
