import { asc, inArray } from 'drizzle-orm';
import type { DocumentOut } from '../../shared/contract/documents';
import type { InvoiceOut } from '../../shared/contract/invoices';
import type { DocumentKind, InvoiceState, InvoiceTemplate } from '../../shared/enums';
import type { Database } from '../db/database';
import { dayIn } from '../lib/zoned-day';
import { documentExchanges, documentWallets, invoiceItems, invoices, users, type DocumentRow, type InvoiceRow } from '../db/schema';
import { shownLogoUrl } from '../lib/token-logo-urls';

const DAY_MS = 86_400_000;

/**
 * Whole days from today in the owner's time zone to a yyyy-MM-dd due date (negative once past, as the expiry job
 * counts); null without one.
 */
export function daysToExpire(expiresAt: string | null, now: Date, timeZone: string): number | null {
  if (!expiresAt) return null;
  return Math.round((Date.parse(`${expiresAt}T00:00:00Z`) - Date.parse(`${dayIn(now, timeZone)}T00:00:00Z`)) / DAY_MS);
}

type ItemRow = typeof invoiceItems.$inferSelect;

/** The invoice as its owner reads it, from its document, invoice and item rows. */
export function invoiceView(document: DocumentRow, row: InvoiceRow, items: readonly ItemRow[], now: Date, timeZone: string): InvoiceOut {
  return {
    id: row.id,
    document_id: document.id,
    name: document.name,
    number: row.number,
    vendor: row.vendor,
    project_name: row.projectName,
    covering_period: row.coveringPeriod,
    kind: row.template as InvoiceTemplate,
    state: (document.state ?? 'DRAFT') as InvoiceState,
    issued_at: row.issuedAt,
    expires_at: row.expiresAt,
    created_at: document.createdAt.toISOString(),
    days_to_expire: document.state === 'DRAFT' ? null : daysToExpire(row.expiresAt, now, timeZone),
    fiat_currency: row.fiatCurrency,
    message: row.message,
    contact: row.contact ?? null,
    owner: row.owner ?? null,
    wallet: row.network && row.walletAddress ? { id: row.walletId, network: row.network, address: row.walletAddress } : null,
    token: row.tokenId
      ? { id: row.tokenId, symbol: row.tokenSymbol ?? '', name: row.tokenName ?? '', image_url: shownLogoUrl(row.tokenImageUrl) ?? '' }
      : null,
    contract_address: row.contractAddress,
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      description: item.description,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      discount: item.discount,
      discount_is_percent: item.discountIsPercent,
      tax: item.tax,
      tax_is_percent: item.taxIsPercent,
      total_amount: item.totalAmount,
    })),
    attachments: row.attachments,
    is_ftc: row.isFtc,
    ftc: row.ftc ?? null,
    download_only: row.downloadOnly,
    total_amount: row.totalAmount,
    total_tax_amount: row.totalTaxAmount,
    total_base_amount: row.totalBaseAmount,
    total_tax_percentage: row.totalTaxPercentage,
    value_fiat: row.valueFiat,
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/**
 * The API shape of document rows (already scoped to their owner): each with its wallet and exchange ids and,
 * for invoices, the nested invoice with its items in order. Order of `rows` is kept.
 */
export async function documentViews(db: Database, rows: readonly DocumentRow[], now: Date): Promise<DocumentOut[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [walletRows, exchangeRows, invoiceRows] = await Promise.all([
    db.select().from(documentWallets).where(inArray(documentWallets.documentId, ids)),
    db.select().from(documentExchanges).where(inArray(documentExchanges.documentId, ids)),
    db.select().from(invoices).where(inArray(invoices.documentId, ids)),
  ]);
  const itemRows =
    invoiceRows.length === 0
      ? []
      : await db
          .select()
          .from(invoiceItems)
          .where(
            inArray(
              invoiceItems.invoiceId,
              invoiceRows.map((row) => row.id),
            ),
          )
          .orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.position));
  const owners = [...new Set(invoiceRows.map((row) => row.userId))];
  const zoneRows =
    owners.length === 0 ? [] : await db.select({ id: users.id, timezone: users.timezone }).from(users).where(inArray(users.id, owners));
  const zoneOf = new Map(zoneRows.map((row) => [row.id, row.timezone]));
  const walletsOf = groupBy(walletRows, (row) => row.documentId);
  const exchangesOf = groupBy(exchangeRows, (row) => row.documentId);
  const invoiceOf = new Map(invoiceRows.map((row) => [row.documentId, row]));
  const itemsOf = groupBy(itemRows, (row) => row.invoiceId);
  return rows.map((row) => {
    const invoice = invoiceOf.get(row.id);
    return {
      id: row.id,
      name: row.name,
      kind: row.kind as DocumentKind,
      state: (row.state as InvoiceState | null) ?? null,
      wallets: row.allWallets ? null : (walletsOf.get(row.id) ?? []).map((link) => link.walletId).sort(),
      cex: (exchangesOf.get(row.id) ?? []).map((link) => link.exchangeId).sort(),
      start_date: row.startDate,
      end_date: row.endDate,
      created_at: row.createdAt.toISOString(),
      quickbooks_url: row.quickbooksUrl,
      invoice: invoice ? invoiceView(row, invoice, itemsOf.get(invoice.id) ?? [], now, zoneOf.get(invoice.userId) ?? 'UTC') : null,
    };
  });
}
