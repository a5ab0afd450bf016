/**
 * Invoice expiry (docs/invoices.md: a server-side transition, not shown): a DUE invoice becomes EXPIRED once its owner's
 * whole due day (`invoices.expires_at`) is over in the owner's time zone (users.timezone, an IANA name; an
 * unknown one counts as UTC). A PROCESSING invoice with no payment counted (only a claim that it was paid) expires
 * the same way; one with a payment counted is left to its payments (docs/payments.md). A later verified payment
 * still makes an EXPIRED invoice PAID (paid late), and the owner may still mark it PAID. Run hourly and at start-up (see registerSyncJobs and startBackgroundWork).
 *
 * Two statements per run: the distinct zones of owners with DUE invoices, then one UPDATE over a table of each
 * zone's current day. The state guard makes it idempotent and safe with several workers: a row
 * another run (or a payment report) changed meanwhile is re-checked by PostgreSQL and skipped.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { dayIn } from '../lib/zoned-day';
import type { Logger } from '../logging/logger';

export interface InvoiceExpiryDeps {
  db: Database;
  logger: Logger;
  now: () => Date;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  // Both drivers answer with a `rows` array.
  return (result as { rows?: Record<string, unknown>[] }).rows ?? [];
}

/**
 * DUE, or PROCESSING on a payer's claim alone (no payment counted, not moved there by the owner): the states an
 * overdue invoice leaves for EXPIRED.
 */
const expirable = sql`(d.state = 'DUE' or (d.state = 'PROCESSING' and not exists (
  select 1 from invoice_payments p join invoices pi on pi.id = p.invoice_id where pi.document_id = d.id and p.status = 'COUNTED')
  and not exists (
  select 1 from payment_claims c join invoices ci on ci.id = c.invoice_id where ci.document_id = d.id and c.method = 'OWNER')))`;

/** Moves every overdue DUE or claim-only PROCESSING invoice to EXPIRED; returns how many it moved. */
export async function expireOverdueInvoices(deps: InvoiceExpiryDeps): Promise<number> {
  const now = deps.now();
  const zoneRows = rowsOf(
    await deps.db.execute(sql`
      select distinct u.timezone as zone
      from documents d
      join users u on u.id = d.user_id
      where d.kind = 'INVOICE' and ${expirable}`),
  );
  const zones = zoneRows.map((row) => String(row.zone));
  if (zones.length === 0) return 0;
  const todays = sql.join(
    zones.map((zone) => sql`(${zone}::text, ${dayIn(now, zone)}::date)`),
    sql`, `,
  );
  const expired = rowsOf(
    await deps.db.execute(sql`
      update documents d
      set state = 'EXPIRED', updated_at = ${now.toISOString()}::timestamptz
      from invoices i, users u, (values ${todays}) as z(zone, today)
      where d.kind = 'INVOICE' and ${expirable}
        and i.document_id = d.id and i.expires_at < z.today
        and u.id = d.user_id and u.timezone = z.zone
      returning d.id`),
  ).length;
  if (expired > 0) deps.logger.info('Expired overdue invoices', { count: expired });
  else deps.logger.debug('No overdue invoices to expire');
  return expired;
}
