/**
 * The invoice itself (spec §2 Invoice view): a standard layout for the DEFAULT template and a formal letter for
 * TAHOTM and ADVISORY. Dates read 'MMM dd, yyyy'; drafts show no due date.
 */
import type { ReactNode } from 'react';
import type { InvoiceOut } from '../../../shared/document-types';
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
import { StatusBadge } from '../documents/status-badge';
import { InvoiceItems, InvoiceTotals } from './invoice-items';
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

function dateRows(invoice: InvoiceOut): [string, string][] {
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

/** Items, totals, the receiving wallet and token, bank details (letter only) and the message (or N/A). */
function Body({ invoice, bank }: { invoice: InvoiceOut; bank: readonly [string, string][] }) {
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
              ...(invoice.ftc.amount_received !== undefined && invoice.ftc.amount_received !== '0.00'
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
    </>
  );
}

function Heading({ invoice, title }: { invoice: InvoiceOut; title: string }) {
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

function StandardLayout({ invoice }: { invoice: InvoiceOut }) {
  const numberRow: [string, string][] = invoice.number.trim() ? [['Number', invoice.number]] : [];
  return (
    <article className={`card ${styles.sheet}`} aria-label="Invoice">
      <Heading invoice={invoice} title={invoice.name} />
      <Facts label="Dates" rows={[...numberRow, ...dateRows(invoice)]} />
      <div className={styles.parties}>
        <Party title="From" lines={partyLines(invoice.owner)} />
        <Party title="Bill to" lines={partyLines(invoice.contact)} />
      </div>
      <Body invoice={invoice} bank={[]} />
    </article>
  );
}

function LetterLayout({ invoice }: { invoice: InvoiceOut }) {
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
      <Body invoice={invoice} bank={bankDetailLines(invoice.owner)} />
      <p className={styles.lines}>
        <span>Kind regards,</span>
        <strong>{invoice.owner === null ? NOT_GIVEN : fullName(invoice.owner) || sender}</strong>
      </p>
    </article>
  );
}

/** The invoice in the layout of its template. */
export function InvoiceSheet({ invoice }: { invoice: InvoiceOut }) {
  return isLetterTemplate(invoice.kind) ? <LetterLayout invoice={invoice} /> : <StandardLayout invoice={invoice} />;
}
