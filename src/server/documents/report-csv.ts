/**
 * GET documents/{id}/export_csv bodies (docs/data-model.md): a transaction report's transactions (read 500 at a time
 * while the download streams), a holdings report's rows, an invoice's items and totals.
 */
import type { InvoiceOut } from '../../shared/contract/invoices';
import type { HoldingsReportRow, TransactionReportRow } from '../../shared/contract/reports';
import { csvLine, num } from './csv';

export const TRANSACTION_CSV_HEADER = [
  'Date',
  'Wallet',
  'Network',
  'Direction',
  'Token',
  'Amount',
  'Value',
  'Currency',
  'Fee',
  'From',
  'To',
  'Transaction hash',
  'Labels',
] as const;

export const HOLDINGS_CSV_HEADER = [
  'Token',
  'Token name',
  'ITIN',
  'Holdings at start',
  'Inflow',
  'Outflow',
  'Holdings at end',
  'Change',
  'Wallet',
] as const;

export const INVOICE_CSV_HEADER = [
  'Item',
  'Description',
  'Quantity',
  'Unit price',
  'Discount',
  'Discount is percent',
  'Tax',
  'Tax is percent',
  'Total',
] as const;

export function transactionCsvLine(row: TransactionReportRow): string {
  return csvLine([
    row.created_at,
    row.account,
    row.network,
    row.direction,
    row.token_symbol,
    num(row.amount),
    num(row.value_fiat),
    row.fiat_currency,
    num(row.fee),
    row.from_address,
    row.to_address,
    row.tx_hash,
    row.labels.join('; '),
  ]);
}

export function holdingsCsv(rows: readonly HoldingsReportRow[]): string {
  return [
    csvLine(HOLDINGS_CSV_HEADER),
    ...rows.map((row) =>
      csvLine([
        row.token.symbol,
        row.token.name,
        row.itin_number,
        num(row.holdings_at_start),
        num(row.inflow),
        num(row.outflow),
        num(row.holdings_at_end),
        num(row.change),
        row.wallet,
      ]),
    ),
  ].join('');
}

/** The invoice's items, then a blank line and its totals (in the invoice's fiat currency). */
export function invoiceCsv(invoice: InvoiceOut): string {
  const yesNo = (value: boolean): string => (value ? 'yes' : 'no');
  return [
    csvLine(INVOICE_CSV_HEADER),
    ...invoice.items.map((item) =>
      csvLine([
        item.name,
        item.description,
        num(item.quantity),
        num(item.unit_price),
        num(item.discount),
        yesNo(item.discount_is_percent),
        num(item.tax),
        yesNo(item.tax_is_percent),
        num(item.total_amount),
      ]),
    ),
    '\r\n',
    csvLine(['Total', 'Amount']),
    csvLine(['Currency', invoice.fiat_currency]),
    csvLine(['Total base amount', num(invoice.total_base_amount)]),
    csvLine(['Total tax amount', num(invoice.total_tax_amount)]),
    csvLine(['Total tax percentage', num(invoice.total_tax_percentage)]),
    csvLine(['Total amount', num(invoice.total_amount)]),
  ].join('');
}
