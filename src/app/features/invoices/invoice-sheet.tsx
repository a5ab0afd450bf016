/**
 * The invoice itself (docs/invoices.md): a standard layout for the DEFAULT template and a formal letter for
 * TAHOTM and ADVISORY. Dates read 'MMM dd, yyyy'; drafts show no due date.
 */
import type { ReactNode } from 'react';
import {
  bankDetailLines,
  fullName,
  invoiceDayText,
  invoiceDueDay,
  invoiceFromText,
  isLetterTemplate,
  messageText,
  NOT_GIVEN,
  ownerDisplayName,
  partyLines,
  paymentText,
} from '../../../shared/invoice-display';
import { StatusBadge } from '../documents';
import { InvoiceItems, InvoiceTotals } from './invoice-items';
import type { SheetAttachment, SheetInvoice } from './sheet-invoice';
import styles from './invoices.module.css';

function Party({ title, lines }: { title: string; lines: readonly string[] }) {
  return (
    <section className={styles.party} aria-label={title}>
      <h3 className={styles.caption}>{title}</h3>
      <p className={styles.lines}>
        {lines.map((line, index) => (
          <span key={index}>{line}</span>
        ))}
      </p>
    </section>
  );
}

function Facts({ label, rows }: { label: string; rows: readonly [string, string][] }) {
  return (
    <dl className={styles.facts} aria-label={label}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function dateRows(invoice: SheetInvoice): [string, string][] {
  const rows: [string, string][] = [['Issued', invoiceDayText(invoice.issued_at) ?? NOT_GIVEN]];
  if (invoice.state !== 'DRAFT') rows.push(['Due', invoiceDueDay(invoice) ?? NOT_GIVEN]);
  return rows;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.caption}>{title}</h3>
      {children}
    </section>
  );
}

function Attachments({ attachments }: { attachments: readonly SheetAttachment[] }) {
  return (
    <Section title="Attachments">
      <ul className={styles.attachments}>
        {attachments.map((attachment, index) => (
          <li key={index}>
            <a href={attachment.href} target="_blank" rel="noopener noreferrer">
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path
                  d="M8 12l6-6a3 3 0 0 1 4 4l-8 8a5 5 0 0 1-7-7l7-7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
              <span>{attachment.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}

interface BodyProps {
  invoice: SheetInvoice;
  bank: readonly [string, string][];
  attachments: readonly SheetAttachment[];
}

/** Items, totals, the receiving wallet and token, bank details (letter only), the message (or N/A), attachments. */
function Body({ invoice, bank, attachments }: BodyProps) {
  const payment = paymentText(invoice);
  return (
    <>
      <Section title="Items">
        <InvoiceItems invoice={invoice} />
        <InvoiceTotals invoice={invoice} />
      </Section>
      <Section title="Payment">
        <Facts
          label="Receiving wallet"
          rows={[
            ['Network', payment.network],
            ['Wallet address', payment.address],
            ['Token', payment.token],
          ]}
        />
      </Section>
      {invoice.ftc !== null ? (
        <Section title="Pay by bank transfer (EUR)">
          <Facts
            label="Bank transfer"
            rows={[
              ['IBAN', invoice.ftc.bank_iban],
              ['BIC', invoice.ftc.bank_bic || NOT_GIVEN],
              ['Payment reference', invoice.ftc.payment_ref],
              ...('amount_received' in invoice.ftc && invoice.ftc.amount_received !== undefined && invoice.ftc.amount_received !== '0.00'
                ? ([['Received', `€${invoice.ftc.amount_received}`]] as [string, string][])
                : []),
            ]}
          />
        </Section>
      ) : null}
      {bank.length > 0 ? (
        <Section title="Bank details">
          <Facts label="Bank details" rows={bank} />
        </Section>
      ) : null}
      <Section title="Message">
        <p className={styles.message}>{messageText(invoice.message)}</p>
      </Section>
      {attachments.length > 0 ? <Attachments attachments={attachments} /> : null}
    </>
  );
}

function Heading({ invoice, title }: { invoice: SheetInvoice; title: string }) {
  return (
    <header className={styles.heading}>
      <div className={styles.headingText}>
        <h2 className={styles.name}>{title}</h2>
        <p className={styles.muted}>{invoiceFromText(invoice.owner)}</p>
      </div>
      <StatusBadge state={invoice.state} />
    </header>
  );
}

function StandardLayout({ invoice, attachments }: SheetProps) {
  const numberRow: [string, string][] = invoice.number.trim() ? [['Number', invoice.number]] : [];
  return (
    <article className={`card ${styles.sheet}`} aria-label="Invoice">
      <Heading invoice={invoice} title={invoice.name} />
      <Facts label="Dates" rows={[...numberRow, ...dateRows(invoice)]} />
      <div className={styles.parties}>
        <Party title="From" lines={partyLines(invoice.owner)} />
        <Party title="Bill to" lines={partyLines(invoice.contact)} />
      </div>
      <Body invoice={invoice} bank={[]} attachments={attachments} />
    </article>
  );
}

function LetterLayout({ invoice, attachments }: SheetProps) {
  const sender = ownerDisplayName(invoice.owner);
  const senderLines = partyLines(invoice.owner).filter((line) => line !== sender && line !== NOT_GIVEN);
  const project = invoice.project_name.trim();
  const issued = invoiceDayText(invoice.issued_at);
  const addressee = invoice.contact === null ? '' : fullName(invoice.contact);
  return (
    <article className={`card ${styles.sheet} ${styles.letter}`} aria-label="Invoice letter">
      <div className={styles.letterhead}>
        <p className={styles.lines}>
          <strong>{sender}</strong>
          {senderLines.map((line, index) => (
            <span key={index}>{line}</span>
          ))}
        </p>
        {issued === null ? null : <p className={styles.letterDate}>{issued}</p>}
      </div>
      <Party title="To" lines={partyLines(invoice.contact)} />
      <Heading invoice={invoice} title={`Invoice ${invoice.number.trim() || invoice.name}`} />
      <Facts
        label="Invoice details"
        rows={[
          ['Invoice', invoice.name],
          ['Invoice number', invoice.number.trim() || NOT_GIVEN],
          ['Project', project || NOT_GIVEN],
          ['Covering period', invoice.covering_period.trim() || NOT_GIVEN],
          ['Vendor', invoice.vendor.trim() || NOT_GIVEN],
          ...dateRows(invoice),
        ]}
      />
      <p>{`Dear ${addressee || 'Sir or Madam'},`}</p>
      <p>{`Please find below our invoice${project ? ` for ${project}` : ''}. We kindly ask you to pay the total by the due date.`}</p>
      <Body invoice={invoice} bank={bankDetailLines(invoice.owner)} attachments={attachments} />
      <p className={styles.lines}>
        <span>Kind regards,</span>
        <strong>{invoice.owner === null ? NOT_GIVEN : fullName(invoice.owner) || sender}</strong>
      </p>
    </article>
  );
}

interface SheetProps {
  invoice: SheetInvoice;
  /** The invoice's attachments as links (the owner's and the payer's pages open them from different paths). */
  attachments: readonly SheetAttachment[];
}

/** The invoice in the layout of its template. */
export function InvoiceSheet({ invoice, attachments }: SheetProps) {
  return isLetterTemplate(invoice.kind) ? (
    <LetterLayout invoice={invoice} attachments={attachments} />
  ) : (
    <StandardLayout invoice={invoice} attachments={attachments} />
  );
}
