import type { SheetInvoice } from './sheet-invoice';
import { ftcFee, invoiceMoneyText, itemRowText } from '../../../shared/invoice-display';
import styles from './invoices.module.css';

const COLUMNS = [
  { key: 'quantity', label: 'Quantity' },
  { key: 'unitPrice', label: 'Unit price' },
  { key: 'discount', label: 'Discount' },
  { key: 'tax', label: 'Tax' },
  { key: 'total', label: 'Total' },
] as const;

/** The invoice's lines: a table from 769 px, one labelled block per line on phones. */
export function InvoiceItems({ invoice }: { invoice: SheetInvoice }) {
  if (invoice.items.length === 0) return <p className={styles.muted}>No items.</p>;
  return (
    <table className={styles.items}>
      <caption className="visually-hidden">Invoice items</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          {COLUMNS.map((column) => (
            <th key={column.key} scope="col" className={styles.number}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {invoice.items.map((item, index) => {
          const row = itemRowText(item, invoice.fiat_currency);
          return (
            <tr key={index}>
              <th scope="row" className={styles.itemName}>
                <span>{row.name}</span>
                {row.description.trim() ? <span className={styles.muted}>{row.description}</span> : null}
              </th>
              {COLUMNS.map((column) => (
                <td key={column.key} data-label={column.label} className={styles.number}>
                  {row[column.key]}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Base, tax, the FTC fee when there is one, and the total, in the invoice currency. */
export function InvoiceTotals({ invoice }: { invoice: SheetInvoice }) {
  const money = (value: string) => invoiceMoneyText(value, invoice.fiat_currency);
  const fee = ftcFee(invoice);
  return (
    <dl className={styles.totals} aria-label="Totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{money(invoice.total_base_amount)}</dd>
      </div>
      <div>
        <dt>Tax</dt>
        <dd>{money(invoice.total_tax_amount)}</dd>
      </div>
      {fee === null ? null : (
        <div>
          <dt>Fiat-to-Crypto fee (1.5%)</dt>
          <dd>{money(fee)}</dd>
        </div>
      )}
      <div className={styles.grandTotal}>
        <dt>Total ({invoice.fiat_currency})</dt>
        <dd>{money(invoice.total_amount)}</dd>
      </div>
    </dl>
  );
}
