/**
 * The payment watcher (docs/payments.md), one cycle per job run, safe with several workers: each network's scan is
 * leased through its cursor row, and a hash can only be stored once. A cycle
 * 1. reads ERC-20 Transfer logs to the receiving addresses of every open invoice, batched: one eth_getLogs per
 *    1,000 addresses per block range, over the set of the network's invoice tokens, and assigns each transfer to
 *    the one open invoice it fits, or keeps it for the owner's review;
 * 2. re-reads every payment still confirming: confirmed once deep enough, dropped (REORGED) when its transaction
 *    left the chain, moved when it was mined again in another block;
 * 3. looks up the hashes payers reported that were not yet on the chain;
 * 4. values the counted payments recorded while no price was known, so that they count towards their invoice.
 */
import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Big, fromBaseUnits } from '../../shared/money';
import { invoicePayments, paymentClaims, paymentWatchCursors } from '../db/schema';
import type { PaymentDeps } from './payment-deps';
import { notifyReview } from './payment-mail';
import { confirmationsOf, matchTransfer, paymentOf, type ChainTransfer } from './payment-rules';
import { confirmationsFor, confirmingPayments, recomputeInvoice, recordTransfer, valueInInvoiceCurrency } from './payment-store';
import { invoiceTarget, invoiceTargets, type InvoiceTarget } from './payment-targets';
import { CLOCK_SLACK_MS, verifyReportedHash } from './payment-verify';

export const PAYMENT_WATCH_JOB = 'payment-watch';
/** Addresses per eth_getLogs (the `to` topic's list). */
export const ADDRESSES_PER_QUERY = 1000;
/** Block ranges one cycle scans per network at most; the rest is the next cycle's. */
const MAX_RANGES_PER_CYCLE = 50;
const LEASE_MS = 5 * 60_000;
/** A reported hash not found on the chain for this long is given up on. */
export const REPORTED_HASH_WAIT_MS = 24 * 3600_000;

export interface WatchReport {
  ranges: number;
  transfers: number;
  assigned: number;
  review: number;
  confirmed: number;
  reorged: number;
  /** Payments given their value once a price was known. */
  valued: number;
}

const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows?: Record<string, unknown>[] }).rows ?? [];

/** Leases the network's cursor; null when another worker holds it. Starts at the head on first use. */
async function leaseCursor(deps: PaymentDeps, network: string, head: bigint): Promise<bigint | null> {
  const now = deps.now();
  await deps.db.insert(paymentWatchCursors).values({ network: network as never, nextBlock: head, updatedAt: now }).onConflictDoNothing();
  const [row] = await deps.db
    .update(paymentWatchCursors)
    .set({ leasedUntil: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(paymentWatchCursors.network, network as never), or(isNull(paymentWatchCursors.leasedUntil), lt(paymentWatchCursors.leasedUntil, now))))
    .returning({ nextBlock: paymentWatchCursors.nextBlock });
  return row?.nextBlock ?? null;
}

async function paidSoFar(deps: PaymentDeps, invoiceIds: readonly string[]): Promise<Map<string, Big>> {
  const result = new Map<string, Big>();
  if (invoiceIds.length === 0) return result;
  const rows = rowsOf(
    await deps.db.execute(sql`select invoice_id, coalesce(sum(value), 0)::text as paid from invoice_payments
      where status = 'COUNTED' and invoice_id in (${sql.join(invoiceIds.map((id) => sql`${id}::uuid`), sql`, `)}) group by invoice_id`),
  );
  for (const row of rows) result.set(String(row.invoice_id), new Big(String(row.paid)));
  return result;
}

/** One transfer found by the scan: assigned to the one open invoice it fits, else kept for review. */
async function handleFound(deps: PaymentDeps, transfer: ChainTransfer, targets: readonly InvoiceTarget[], head: bigint, report: WatchReport): Promise<void> {
  const candidates = targets.filter(
    (t) => t.address === transfer.to && t.token === transfer.token && (t.sentAt === null || transfer.blockTime.getTime() >= t.sentAt.getTime() - CLOCK_SLACK_MS),
  );
  const first = candidates[0];
  if (first === undefined) return;
  const paid = await paidSoFar(deps, candidates.map((c) => c.invoiceId));
  // Invoices already covered are no longer candidates.
  const open = candidates.filter((c) => new Big(c.total).minus(paid.get(c.invoiceId) ?? 0).gt(0));
  if (open.length === 0) return;
  const valued = await Promise.all(
    open.map(async (c) => ({
      target: c,
      id: c.invoiceId,
      due: new Big(c.total).minus(paid.get(c.invoiceId) ?? 0).toFixed(),
      value: await valueInInvoiceCurrency(deps, c, transfer),
    })),
  );
  const match = matchTransfer(valued, deps.config.payments.tolerancePercent);
  const chosen = match.kind === 'ASSIGN' ? valued.find((v) => v.id === match.invoice) : undefined;
  const confirmed = confirmationsOf(transfer.blockNumber, head) >= confirmationsFor(deps, transfer.network);
  const outcome = await recordTransfer(deps, {
    transfer,
    target: chosen?.target ?? null,
    userId: first.userId,
    source: 'FOUND',
    tokenSymbol: first.tokenSymbol,
    decimals: first.decimals,
    value: chosen?.value ?? null,
    confirmed,
    ...(match.kind === 'REVIEW' ? { review: { reason: match.reason, candidates: match.candidates } } : {}),
  });
  if (outcome.kind !== 'RECORDED') return;
  if (chosen !== undefined) {
    report.assigned += 1;
    await recomputeInvoice(deps, chosen.id);
  } else {
    report.review += 1;
    // Every owner with an open invoice at the address is told (each sees it in their own review list).
    const owners = new Map(open.map((c) => [c.userId, c.ownerEmail]));
    for (const [userId, email] of owners) {
      await notifyReview(deps, email, { id: outcome.id, userId, txHash: transfer.txHash, amount: fromBaseUnits(transfer.amount, first.decimals), symbol: first.tokenSymbol, network: transfer.network });
    }
  }
}

/** Step 1 for one network. */
async function scanNetwork(deps: PaymentDeps, network: string, targets: readonly InvoiceTarget[], report: WatchReport): Promise<void> {
  const head = await deps.chain.head(network);
  const start = await leaseCursor(deps, network, head);
  if (start === null) return;
  let next = start;
  try {
    const addresses = [...new Set(targets.map((t) => t.address))].sort();
    const tokens = [...new Set(targets.flatMap((t) => (t.token === null ? [] : [t.token])))].sort();
    const span = BigInt(deps.config.payments.scanBlocks);
    for (let ranges = 0; next <= head && ranges < MAX_RANGES_PER_CYCLE; ranges += 1) {
      const to = next + span - 1n < head ? next + span - 1n : head;
      const found: ChainTransfer[] = [];
      for (let i = 0; i < addresses.length; i += ADDRESSES_PER_QUERY) {
        found.push(...(await deps.chain.transferLogs(network, { tokens, to: addresses.slice(i, i + ADDRESSES_PER_QUERY), fromBlock: next, toBlock: to })));
      }
      report.ranges += 1;
      // A transaction paying several times to one address is one payment (its transfers summed).
      const byHash = new Map<string, ChainTransfer[]>();
      for (const t of found) byHash.set(t.txHash, [...(byHash.get(t.txHash) ?? []), t]);
      for (const transfers of byHash.values()) {
        const firstTransfer = transfers[0];
        if (firstTransfer === undefined) continue;
        const paying = paymentOf({ network, address: firstTransfer.to, token: firstTransfer.token }, transfers);
        if (paying === null) continue;
        report.transfers += 1;
        await handleFound(deps, paying, targets, head, report);
      }
      next = to + 1n;
      await deps.db.update(paymentWatchCursors).set({ nextBlock: next, updatedAt: deps.now() }).where(eq(paymentWatchCursors.network, network as never));
    }
  } finally {
    await deps.db.update(paymentWatchCursors).set({ leasedUntil: null }).where(eq(paymentWatchCursors.network, network as never));
  }
}

/** Step 2: confirmations and reorganisations of the payments still confirming. */
async function checkConfirming(deps: PaymentDeps, report: WatchReport): Promise<void> {
  const rows = await confirmingPayments(deps.db);
  const heads = new Map<string, bigint>();
  for (const row of rows) {
    if (!deps.chain.supports(row.network)) continue;
    let head = heads.get(row.network);
    if (head === undefined) {
      head = await deps.chain.head(row.network);
      heads.set(row.network, head);
    }
    const found = await deps.chain.lookup(row.network, row.txHash);
    const target = row.invoiceId === null ? undefined : await invoiceTarget(deps.db, row.invoiceId);
    const transfer = found.found && found.succeeded ? paymentOf({ network: row.network, address: row.toAddress, token: row.tokenAddress }, found.transfers) : null;
    if (transfer === null) {
      await deps.db.update(invoicePayments).set({ status: 'REORGED', updatedAt: deps.now() }).where(eq(invoicePayments.id, row.id));
      report.reorged += 1;
      if (row.invoiceId !== null) await recomputeInvoice(deps, row.invoiceId);
      continue;
    }
    const moved = transfer.blockHash !== row.blockHash;
    const confirmed = confirmationsOf(transfer.blockNumber, head) >= confirmationsFor(deps, row.network);
    if (!moved && !confirmed) continue;
    await deps.db
      .update(invoicePayments)
      .set({
        blockNumber: transfer.blockNumber,
        blockHash: transfer.blockHash,
        blockTime: transfer.blockTime,
        amount: transfer.amount.toString(),
        ...(moved && target !== undefined ? { value: await valueInInvoiceCurrency(deps, target, transfer) } : {}),
        confirmedAt: confirmed ? deps.now() : null,
        updatedAt: deps.now(),
      })
      .where(eq(invoicePayments.id, row.id));
    if (confirmed) report.confirmed += 1;
    if (row.invoiceId !== null) await recomputeInvoice(deps, row.invoiceId);
  }
}

/** Step 3: hashes payers reported before their transaction was mined. */
async function checkReportedHashes(deps: PaymentDeps): Promise<void> {
  const pending = await deps.db.select().from(paymentClaims).where(eq(paymentClaims.checkState, 'PENDING'));
  for (const claim of pending) {
    if (claim.txHash === null) continue;
    const target = await invoiceTarget(deps.db, claim.invoiceId);
    if (target === undefined) continue;
    const outcome = await verifyReportedHash(deps, target, claim.txHash);
    if (outcome.kind === 'PENDING' && deps.now().getTime() - claim.createdAt.getTime() < REPORTED_HASH_WAIT_MS) continue;
    await deps.db.update(paymentClaims).set({ checkState: outcome.kind === 'COUNTED' ? 'DONE' : 'REFUSED' }).where(eq(paymentClaims.id, claim.id));
    await recomputeInvoice(deps, claim.invoiceId);
  }
}

/** Payments valued in one cycle at the most (the rest wait for the next). */
export const VALUE_BATCH = 100;

/** Step 4: counted payments recorded while no price was known, valued at their block's time once a price is. */
async function valueUnpriced(deps: PaymentDeps, report: WatchReport): Promise<void> {
  const rows = await deps.db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.status, 'COUNTED'), isNull(invoicePayments.value), isNotNull(invoicePayments.invoiceId)))
    .orderBy(asc(invoicePayments.createdAt))
    .limit(VALUE_BATCH);
  for (const row of rows) {
    if (row.invoiceId === null) continue;
    const target = await invoiceTarget(deps.db, row.invoiceId);
    if (target === undefined) continue;
    const value = await valueInInvoiceCurrency(deps, target, { txHash: row.txHash, amount: BigInt(row.amount), blockTime: row.blockTime });
    if (value === null) continue;
    await deps.db.update(invoicePayments).set({ value, updatedAt: deps.now() }).where(and(eq(invoicePayments.id, row.id), isNull(invoicePayments.value)));
    report.valued += 1;
    await recomputeInvoice(deps, row.invoiceId);
  }
}

/** One watcher cycle over every network with open invoices. */
export async function watchPayments(deps: PaymentDeps): Promise<WatchReport> {
  const report: WatchReport = { ranges: 0, transfers: 0, assigned: 0, review: 0, confirmed: 0, reorged: 0, valued: 0 };
  const open = await invoiceTargets(deps.db, sql`d.state in ('DUE', 'PROCESSING', 'EXPIRED') and i.contract_address is not null`);
  const byNetwork = new Map<string, InvoiceTarget[]>();
  for (const t of open) byNetwork.set(t.network, [...(byNetwork.get(t.network) ?? []), t]);
  for (const [network, targets] of byNetwork) {
    if (!deps.chain.supports(network)) continue;
    try {
      await scanNetwork(deps, network, targets, report);
    } catch (error) {
      deps.logger.warn('Payment scan failed; the next cycle resumes it', { network, error: error instanceof Error ? error.message : String(error) });
    }
  }
  await checkConfirming(deps, report);
  await checkReportedHashes(deps);
  await valueUnpriced(deps, report);
  if (report.transfers + report.confirmed + report.reorged + report.valued > 0) deps.logger.info('Payment watch', { ...report });
  return report;
}

