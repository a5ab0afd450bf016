import type { ContactOut } from '../../../shared/data-types';
import type { LabelOut } from '../../../shared/contract/primitives';
import { NETWORK_LABELS } from '../../../shared/enums';
import { CardMenu } from '../../components/card-menu';
import { shortAddress } from '../../lib/format';
import { LabelChips, LabelPicker } from '../labels';
import { isPendingContact } from './contact-queries';
import { contactName } from './contact-search';
import styles from './contacts.module.css';

export interface ContactActions {
  open: (contact: ContactOut) => void;
  edit: (contact: ContactOut) => void;
  createInvoice: (contact: ContactOut) => void;
  remove: (contact: ContactOut) => void;
  setLabels: (contact: ContactOut, labels: LabelOut[]) => void;
}

/** A contact card (docs/contacts.md): click opens the details; the menu edits, invoices or deletes. */
export function ContactCard({ contact, actions }: { contact: ContactOut; actions: ContactActions }) {
  const name = contactName(contact);
  const pending = isPendingContact(contact);
  const firstAddress = contact.addresses[0];

  return (
    <li className={`card ${styles.card} ${pending ? styles.cardPending : ''}`}>
      <button
        type="button"
        className={styles.cardMain}
        onClick={() => actions.open(contact)}
        disabled={pending}
      >
        <span className={styles.avatar} aria-hidden="true">
          {(contact.first_name[0] ?? '?').toUpperCase()}
        </span>
        <span className={styles.cardText}>
          <span className={styles.name}>{name}</span>
          {contact.company ? <span className={styles.company}>{contact.company}</span> : null}
          <span className={styles.email}>{contact.email}</span>
          {firstAddress ? (
            <span className={styles.address}>
              {NETWORK_LABELS[firstAddress.network]} · {shortAddress(firstAddress.address)}
              {contact.addresses.length > 1 ? ` +${String(contact.addresses.length - 1)}` : ''}
            </span>
          ) : null}
          {/* The button's name is what it shows, then what it does. */}
          <span className="visually-hidden">open details</span>
        </span>
      </button>
      {pending ? (
        <p className={styles.pendingNote}>Waiting for the connection to save</p>
      ) : (
        <>
          <div className={styles.cardLabels}>
            <LabelPicker subject={name} target={{ kind: 'contact', id: contact.id }} selected={contact.labels} onChange={(labels) => actions.setLabels(contact, labels)} />
          </div>
          <div className={styles.menu}>
            <CardMenu
              label={`Actions for ${name}`}
              items={[
                { label: 'Edit contact', onSelect: () => actions.edit(contact) },
                { label: 'Create invoice', onSelect: () => actions.createInvoice(contact) },
                { label: 'Delete', danger: true, onSelect: () => actions.remove(contact) },
              ]}
            />
          </div>
        </>
      )}
      {pending ? <LabelChips labels={contact.labels} /> : null}
    </li>
  );
}
