import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ContactOut } from '../../../shared/data-types';
import { ContactFormDialog, contactsQuery, contactName, filterContacts } from '../contacts';
import { ChoiceList } from './choice-list';
import styles from './new-invoice.module.css';

/** Contacts list height (docs/invoices.md). */
export const CONTACTS_MAX_HEIGHT = 230;

interface ContactPickerProps {
  value: string | null;
  onChange: (contactId: string) => void;
  errors?: readonly string[];
  disabled?: boolean;
}

/** Bill to (docs/invoices.md): the user's contacts with a search, 'Add contact' and 'Edit contact'. */
export function ContactPicker({ value, onChange, errors, disabled }: ContactPickerProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<{ contact: ContactOut | null } | null>(null);
  const contacts = useQuery(contactsQuery()).data ?? [];
  const chosen = contacts.find((contact) => contact.id === value) ?? null;
  const shown = filterContacts(contacts, search).filter((contact) => !contact.id.startsWith('pending:'));

  return (
    <>
      <ChoiceList
        legend="Bill to"
        name="contact"
        choices={shown.map((contact) => ({
          value: contact.id,
          text: contactName(contact),
          label: (
            <>
              <strong>{contactName(contact)}</strong>
              {contact.company ? <span className="muted"> · {contact.company}</span> : null}
              <span className={`muted ${styles.sub}`}>{contact.email}</span>
            </>
          ),
        }))}
        value={value}
        onChange={onChange}
        maxHeight={CONTACTS_MAX_HEIGHT}
        empty="No contacts found"
        errors={errors}
        disabled={disabled}
        header={
          <div className="field">
            <label htmlFor={searchId}>Search contacts</label>
            <input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
          </div>
        }
        footer={
          <div className={styles.row}>
            <button type="button" className="btn" onClick={() => setDialog({ contact: null })}>
              Add contact
            </button>
            <button type="button" className="btn" disabled={chosen === null} onClick={() => setDialog({ contact: chosen })}>
              Edit contact
            </button>
          </div>
        }
      />
      <ContactFormDialog
        open={dialog !== null}
        contact={dialog?.contact ?? null}
        onClose={() => setDialog(null)}
        onSaved={(contact) => onChange(contact.id)}
      />
    </>
  );
}
