/** Issued invoices as payment targets: where, in what and how much they are paid, read in one query. */
import { sql, type SQL } from 'drizzle-orm';
import type { FiatCurrency, InvoiceState, Network } from '../../shared/enums';
import { tokenDecimals } from '../../shared/money';
import type { Database } from '../db/database';
import { dayIn } from '../lib/zoned-day';

export interface InvoiceTarget {
  invoiceId: string;
  documentId: string;
  userId: string;
  name: string;
  number: string;
  state: InvoiceState;
  network: Network;
  /** Lower-case receiving address. */
  address: string;
  /** Lower-case token contract; null for the native coin. */
  token: string | null;
  tokenSymbol: string;
  decimals: number;
  fiat: FiatCurrency;
  total: string;
  expiresAt: string | null;
  sentAt: Date | null;
  timezone: string;
  markedPaid: boolean;
  ownerEmail: string;
  downloadOnly: boolean;
}

const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows?: Record<string, unknown>[] }).rows ?? [];

const toTarget = (r: Record<string, unknown>): InvoiceTarget => ({
  invoiceId: String(r.invoice_id),
  documentId: String(r.document_id),
  userId: String(r.user_id),
  name: String(r.name),
  number: String(r.number),
  state: String(r.state) as InvoiceState,
  network: String(r.network) as Network,
  address: String(r.wallet_address).toLowerCase(),
  token: r.contract_address === null ? null : String(r.contract_address).toLowerCase(),
  tokenSymbol: String(r.token_symbol ?? ''),
  decimals: tokenDecimals(String(r.token_symbol ?? '')),
  fiat: String(r.fiat_currency) as FiatCurrency,
  total: String(r.total_amount),
  expiresAt: r.expires_at === null ? null : String(r.expires_at).slice(0, 10),
  sentAt: r.sent_at === null ? null : new Date(String(r.sent_at)),
  timezone: String(r.timezone ?? 'UTC'),
  markedPaid: r.marked_paid === true,
  ownerEmail: String(r.owner_email ?? ''),
  downloadOnly: r.download_only === true,
});

/** Issued invoices with a receiving address matching `where` (over i = invoices, d = documents, u = users). */
export async function invoiceTargets(db: Database, where: SQL): Promise<InvoiceTarget[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select i.id as invoice_id, d.id as document_id, i.user_id, d.name, i.number, d.state, i.network, i.wallet_address,
        i.contract_address, i.token_symbol, i.fiat_currency, i.total_amount, i.expires_at::text as expires_at, i.sent_at,
        u.timezone, i.marked_paid, coalesce(nullif(i.owner->>'email', ''), u.email) as owner_email, i.download_only
      from invoices i join documents d on d.id = i.document_id join users u on u.id = i.user_id
      where d.state is not null and d.state <> 'DRAFT' and i.network is not null and i.wallet_address is not null and ${where}`),
  );
  return rows.map(toTarget);
}

export async function invoiceTarget(db: Database, invoiceId: string): Promise<InvoiceTarget | undefined> {
  const [found] = await invoiceTargets(db, sql`i.id = ${invoiceId}`);
  return found;
}

/** The calendar day of `at` in the owner's time zone. */
export const ownerDay = (target: Pick<InvoiceTarget, 'timezone'>, at: Date): string => dayIn(at, target.timezone);
