import type { ReactNode } from 'react';
import type { ContactOut } from '../../../shared/data-types';
import { NETWORK_LABELS } from '../../../shared/enums';
import { Dialog } from '../../components/dialog';
import { copyText } from '../../lib/clipboard';
import { LabelPicker } from '../labels';
import type { ContactActions } from './contact-card';
import { contactName } from './contact-search';
import styles from './contacts.module.css';
import { Tooltip } from '../../components/tooltip';

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.detailItem}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface ContactDetailDialogProps {
  contact: ContactOut | null;
  onClose: () => void;
  actions: ContactActions;
}

/** Everything about one contact, with its labels and the card menu's actions. */
export function ContactDetailDialog({ contact, onClose, actions }: ContactDetailDialogProps) {
  const name = contact ? contactName(contact) : '';
  return (
    <Dialog
      open={contact !== null}
      onClose={onClose}
      title={name || 'Contact'}
      actions={
        contact ? (
          <>
            <button type="button" className="btn btn-danger" onClick={() => actions.remove(contact)}>
              Delete
            </button>
            <button type="button" className="btn" onClick={() => actions.createInvoice(contact)}>
              Create invoice
            </button>
            <button type="button" className="btn btn-primary" onClick={() => actions.edit(contact)}>
              Edit contact
            </button>
          </>
        ) : null
      }
    >
      {contact ? (
        <>
          <dl className={styles.detailList}>
            {contact.company ? <Item term="Company">{contact.company}</Item> : null}
            <Item term="Email">
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </Item>
            <Item term="Address">
              {[contact.address_line1, contact.address_line2].filter(Boolean).join(', ')}
              <br />
              {[contact.postal_code, contact.city].filter(Boolean).join(' ')}
              <br />
              {contact.country}
            </Item>
            {contact.tax_number ? <Item term="VAT number">{contact.tax_number}</Item> : null}
          </dl>
          <h3 className={styles.subTitle}>Wallet addresses</h3>
          {contact.addresses.length === 0 ? (
            <p className="muted">No addresses.</p>
          ) : (
            <ul className={styles.addressList}>
              {contact.addresses.map((item) => (
                <li key={`${item.network}:${item.address}`}>
                  <span className={styles.networkTag}>{NETWORK_LABELS[item.network]}</span>
                  <Tooltip text="Copy address">
                    <button type="button" className={styles.copyAddress} onClick={() => void copyText(item.address)}>
                      {item.address}
                    </button>
                  </Tooltip>
                </li>
              ))}
            </ul>
          )}
          <h3 className={styles.subTitle}>Labels</h3>
          <LabelPicker subject={name} target={{ kind: 'contact', id: contact.id }} selected={contact.labels} onChange={(labels) => actions.setLabels(contact, labels)} />
        </>
      ) : null}
    </Dialog>
  );
}
