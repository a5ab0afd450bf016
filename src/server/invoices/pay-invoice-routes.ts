/**
 * The payment calls (docs/payments.md; declared in src/shared/contract/payments.ts): the public invoice and its payment status, the payer's claim and email-payment
 * (anonymous, rate limited), the owner's payments view, review list, assign, dismiss and mark paid by hand, and
 * attachments.
 */
import type { Context, Hono } from 'hono';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { invoiceEndpoints } from '../../shared/contract/invoices';
import { paymentEndpoints, type InvoicePaymentsOut, type ReviewPaymentOut } from '../../shared/contract/payments';
import { fromBaseUnits } from '../../shared/money';
import type { PaymentClaimMethod } from '../../shared/enums';
import { authOf } from '../http/guards';
import { isUuid } from '../lib/ids';
import { invoicePayments, invoices, paymentClaims, users } from '../db/schema';
import { fieldError, nonFieldError, notFound } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import { contentDisposition } from '../http/file-download';
import { findInvoice, invoiceOut, type StoredInvoice } from './invoice-store';
import type { Services } from '../services';
import { limitPayer } from '../payments/pay-rate-limit';
import type { PaymentDeps } from '../payments/payment-deps';
import { notifyClaim, notifyPayerConfirmed } from '../payments/payment-mail';
import { recomputeInvoice, paymentStatus, valueInInvoiceCurrency, confirmationsFor, reviewedBy } from '../payments/payment-store';
import { explorerTxUrl } from '../payments/explorer-links';
import { confirmationsOf } from '../payments/payment-rules';
import { invoiceTarget, type InvoiceTarget } from '../payments/payment-targets';
import { publicInvoice } from './public-invoice';
import { VERIFY_MESSAGES, verifyReportedHash } from '../payments/payment-verify';

const DATA_URL = /^data:([a-z0-9.+/-]+);base64,(.*)$/i;

export interface VisibleInvoice {
  stored: StoredInvoice;
  isOwner: boolean;
}

/** The invoice of `id` as the viewer may see it: the owner in every state, anyone else once issued; else 404. */
export async function visibleInvoice(c: Context<AppEnv>, s: Services, id: string): Promise<VisibleInvoice> {
  if (!isUuid(id)) throw notFound();
  const stored = await findInvoice(s.db, id.toLowerCase());
  const viewer = c.get('auth')?.user.id;
  const isOwner = stored !== undefined && stored.invoice.userId === viewer;
  if (stored === undefined || (!isOwner && (stored.document.state ?? 'DRAFT') === 'DRAFT')) throw notFound();
  return { stored, isOwner };
}

/** An issued invoice as a payment target; 404 for drafts and missing ones. */
async function issuedTarget(deps: PaymentDeps, id: string): Promise<InvoiceTarget> {
  if (!isUuid(id)) throw notFound();
  const target = await invoiceTarget(deps.db, id.toLowerCase());
  if (target === undefined) throw notFound();
  return target;
}

async function ownerTimeZone(s: Services, userId: string): Promise<string> {
  const [row] = await s.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
  return row?.timezone ?? 'UTC';
}

/** The public invoice of a visible, issued invoice (rate limited for anyone but its owner). */
export async function publicInvoiceResponse(s: Services, visible: VisibleInvoice) {
  const deps = s.payments;
  const target = await invoiceTarget(s.db, visible.stored.invoice.id);
  const status = target === undefined ? null : await paymentStatus(deps, target);
  if (status === null) throw notFound();
  return publicInvoice(s.db, visible.stored, status, s.now(), await ownerTimeZone(s, visible.stored.invoice.userId));
}

/**
 * A claim on an invoice that is already PAID: a payer reporting the very transfer that paid it (the watcher may
 * have seen it first) is kept with its e-mail, which is told at once that the payment is confirmed; any other claim
 * is refused.
 */
async function confirmPaidClaim(deps: PaymentDeps, target: InvoiceTarget, p: { method: PaymentClaimMethod | 'OWNER'; txHash: string | null; email: string | null }): Promise<void> {
  const counted =
    p.txHash !== null &&
    (await deps.db
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.invoiceId, target.invoiceId), eq(invoicePayments.txHash, p.txHash.toLowerCase()), eq(invoicePayments.status, 'COUNTED')))
      .limit(1)).length > 0;
  if (!counted) throw nonFieldError(VERIFY_MESSAGES.notOpen);
  await deps.db
    .insert(paymentClaims)
    .values({ invoiceId: target.invoiceId, method: p.method, txHash: p.txHash, email: p.email, checkState: 'DONE', createdAt: deps.now() });
  if (p.email !== null) await notifyPayerConfirmed(deps, target, p.email);
}

/** Records a payer's claim and verifies its hash; 400 on `field` when the hash pays nothing of the invoice. */
async function claim(deps: PaymentDeps, target: InvoiceTarget, p: { method: PaymentClaimMethod | 'OWNER'; txHash: string | null; email: string | null; field: string }): Promise<void> {
  if (target.state === 'PAID') {
    await confirmPaidClaim(deps, target, p);
    return;
  }
  let checkState: 'PENDING' | 'DONE' = 'DONE';
  if (p.txHash !== null) {
    const outcome = await verifyReportedHash(deps, target, p.txHash);
    if (outcome.kind === 'REFUSED') throw fieldError(p.field, outcome.message);
    if (outcome.kind === 'PENDING') checkState = 'PENDING';
  }
  const [row] = await deps.db
    .insert(paymentClaims)
    .values({ invoiceId: target.invoiceId, method: p.method, txHash: p.txHash, email: p.email, checkState, createdAt: deps.now() })
    .returning({ id: paymentClaims.id });
  await recomputeInvoice(deps, target.invoiceId);
  if (row !== undefined && p.method !== 'OWNER') await notifyClaim(deps, target, { id: row.id, method: p.method, txHash: p.txHash, email: p.email });
}

/** Marks an issued invoice paid by hand (the owner's word, recorded as marked). */
export async function markPaid(deps: PaymentDeps, target: InvoiceTarget, note: string): Promise<void> {
  if (target.state === 'PAID') throw fieldError('state', 'This invoice is already paid.');
  await deps.db.update(invoices).set({ markedPaid: true, markedNote: note === '' ? null : note, updatedAt: deps.now() }).where(eq(invoices.id, target.invoiceId));
  await recomputeInvoice(deps, target.invoiceId);
}

/** The owner sets an issued invoice PROCESSING themselves: recorded as their report, undone by nothing but payments. */
export async function ownerReport(deps: PaymentDeps, target: InvoiceTarget): Promise<void> {
  await claim(deps, target, { method: 'OWNER', txHash: null, email: null, field: 'state' });
}

export function registerPaymentRoutes(app: Hono<AppEnv>, s: Services): void {
  const deps = s.payments;

  route(app, s, paymentEndpoints.getPayInvoice, async (c, { params }) => {
    const visible = await visibleInvoice(c, s, params.id);
    if (!visible.isOwner) await limitPayer(c, s, visible.stored.invoice.id);
    if ((visible.stored.document.state ?? 'DRAFT') === 'DRAFT') throw notFound();
    return publicInvoiceResponse(s, visible);
  });

  route(app, s, paymentEndpoints.getPaymentStatus, async (c, { params }) => {
    const visible = await visibleInvoice(c, s, params.id);
    if (!visible.isOwner) await limitPayer(c, s, visible.stored.invoice.id);
    const target = await issuedTarget(deps, visible.stored.invoice.id);
    return paymentStatus(deps, target);
  });

  route(app, s, paymentEndpoints.getInvoicePayments, async (c, { params }) => {
    const { id } = params;
    if (!isUuid(id)) throw notFound();
    const stored = await findInvoice(s.db, id.toLowerCase(), authOf(c).user.id);
    if (stored === undefined) throw notFound();
    const target = await issuedTarget(deps, stored.invoice.id);
    const claims = await s.db.select().from(paymentClaims).where(eq(paymentClaims.invoiceId, target.invoiceId)).orderBy(desc(paymentClaims.createdAt));
    const body: InvoicePaymentsOut = {
      status: await paymentStatus(deps, target),
      claims: claims.map((row) => ({ id: row.id, method: row.method as PaymentClaimMethod | 'OWNER', tx_hash: row.txHash, email: row.email, created_at: row.createdAt.toISOString() })),
      marked_note: stored.invoice.markedNote,
    };
    return body;
  });

  route(app, s, paymentEndpoints.claimPayment, async (c, { params, body }) => {
    const target = await issuedTarget(deps, params.id);
    if (c.get('auth')?.user.id !== target.userId) await limitPayer(c, s, target.invoiceId);
    await claim(deps, target, { method: body.method, txHash: body.tx_hash, email: body.email, field: 'tx_hash' });
    return c.json(await paymentStatus(deps, (await invoiceTarget(s.db, target.invoiceId)) ?? target), 202);
  });

  route(app, s, paymentEndpoints.emailPayment, async (c, { body }) => {
    const target = await issuedTarget(deps, body.data.invoice);
    if (c.get('auth')?.user.id !== target.userId) await limitPayer(c, s, target.invoiceId);
    await claim(deps, target, { method: 'WALLET', txHash: body.hash.toLowerCase(), email: body.data.email, field: 'hash' });
    return c.json(await paymentStatus(deps, (await invoiceTarget(s.db, target.invoiceId)) ?? target), 202);
  });

  route(app, s, invoiceEndpoints.markInvoicePaid, async (c, { params, body }) => {
    const { id } = params;
    if (!isUuid(id)) throw notFound();
    const stored = await findInvoice(s.db, id.toLowerCase(), authOf(c).user.id);
    if (stored === undefined) throw notFound();
    if ((stored.document.state ?? 'DRAFT') === 'DRAFT') throw fieldError('state', 'A draft cannot be marked paid; send it first.');
    const target = await issuedTarget(deps, stored.invoice.id);
    await markPaid(deps, target, body.note);
    const fresh = await findInvoice(s.db, stored.invoice.id);
    if (fresh === undefined) throw notFound();
    return c.json(await invoiceOut(s.db, fresh.document, s.now()));
  });

  route(app, s, paymentEndpoints.listReviewPayments, async (c) => {
    const userId = authOf(c).user.id;
    const rows = await s.db
      .select()
      .from(invoicePayments)
      .where(and(reviewedBy(userId), eq(invoicePayments.status, 'REVIEW')))
      .orderBy(desc(invoicePayments.blockTime));
    const head = new Map<string, bigint | null>();
    const result: ReviewPaymentOut[] = [];
    for (const row of rows) {
      if (!head.has(row.network)) head.set(row.network, await deps.chain.head(row.network).catch(() => null));
      const h = head.get(row.network) ?? null;
      const candidates = [];
      for (const id of row.candidates) {
        const target = await invoiceTarget(s.db, id);
        if (target === undefined || target.userId !== userId) continue;
        const status = await paymentStatus(deps, target);
        const transfer = { network: row.network, txHash: row.txHash, logIndex: row.logIndex, token: row.tokenAddress, from: row.fromAddress, to: row.toAddress, amount: BigInt(row.amount), blockNumber: row.blockNumber, blockHash: row.blockHash, blockTime: row.blockTime };
        candidates.push({
          invoice: target.invoiceId,
          name: target.name,
          number: target.number,
          state: target.state,
          fiat_currency: target.fiat,
          total_amount: target.total,
          amount_due: status.amount_due,
          value: await valueInInvoiceCurrency(deps, target, transfer),
        });
      }
      result.push({
        id: row.id,
        reason: row.reason ?? 'NO_MATCH',
        tx_hash: row.txHash,
        network: row.network,
        explorer_url: explorerTxUrl(row.network, row.txHash),
        token_symbol: row.tokenSymbol,
        amount: fromBaseUnits(BigInt(row.amount), row.decimals),
        from_address: row.fromAddress,
        to_address: row.toAddress,
        block_time: row.blockTime.toISOString(),
        confirmations: h === null ? 0 : confirmationsOf(row.blockNumber, h),
        candidates,
      });
    }
    return result;
  });

  route(app, s, paymentEndpoints.assignPayment, async (c, { params, body }) => {
    const userId = authOf(c).user.id;
    const { id } = params;
    if (!isUuid(id)) throw notFound();
    const [row] = await s.db
      .select()
      .from(invoicePayments)
      .where(and(eq(invoicePayments.id, id.toLowerCase()), reviewedBy(userId), inArray(invoicePayments.status, ['REVIEW', 'DISMISSED'])));
    if (row === undefined) throw notFound();
    const target = await invoiceTarget(s.db, body.invoice);
    if (target === undefined || target.userId !== userId) throw fieldError('invoice', 'Choose one of your issued invoices.');
    if (target.network !== row.network || target.address !== row.toAddress || target.token !== row.tokenAddress) {
      throw fieldError('invoice', "This transfer was not paid to that invoice's address in its token.");
    }
    if (target.state === 'PAID') throw fieldError('invoice', 'This invoice is already paid.');
    const transfer = { network: row.network, txHash: row.txHash, logIndex: row.logIndex, token: row.tokenAddress, from: row.fromAddress, to: row.toAddress, amount: BigInt(row.amount), blockNumber: row.blockNumber, blockHash: row.blockHash, blockTime: row.blockTime };
    const value = await valueInInvoiceCurrency(deps, target, transfer);
    const head = await deps.chain.head(row.network).catch(() => null);
    const confirmed = row.confirmedAt !== null || (head !== null && confirmationsOf(row.blockNumber, head) >= confirmationsFor(deps, row.network));
    const [updated] = await s.db
      .update(invoicePayments)
      .set({ status: 'COUNTED', userId, invoiceId: target.invoiceId, source: 'ASSIGNED', value, confirmedAt: confirmed ? (row.confirmedAt ?? s.now()) : null, updatedAt: s.now() })
      .where(and(eq(invoicePayments.id, row.id), eq(invoicePayments.status, row.status)))
      .returning({ id: invoicePayments.id });
    if (updated === undefined) throw nonFieldError('This transfer changed meanwhile; reload the list.');
    await recomputeInvoice(deps, target.invoiceId);
    return paymentStatus(deps, (await invoiceTarget(s.db, target.invoiceId)) ?? target);
  });

  route(app, s, paymentEndpoints.dismissPayment, async (c, { params }) => {
    const { id } = params;
    if (!isUuid(id)) throw notFound();
    const userId = authOf(c).user.id;
    const [row] = await s.db
      .select({ candidates: invoicePayments.candidates })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.id, id.toLowerCase()), reviewedBy(userId), eq(invoicePayments.status, 'REVIEW')));
    if (row === undefined) throw notFound();
    // Dismissing drops the owner's own candidates; the transfer is dismissed once no other owner's remain.
    const mine = new Set(
      (await s.db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.userId, userId), inArray(invoices.id, row.candidates)))).map((r) => r.id),
    );
    const others = row.candidates.filter((candidate) => !mine.has(candidate));
    const done = await s.db
      .update(invoicePayments)
      .set(others.length > 0 ? { candidates: others, updatedAt: s.now() } : { status: 'DISMISSED', updatedAt: s.now() })
      .where(and(eq(invoicePayments.id, id.toLowerCase()), eq(invoicePayments.status, 'REVIEW'), sql`${invoicePayments.candidates} = ${JSON.stringify(row.candidates)}::jsonb`))
      .returning({ id: invoicePayments.id });
    if (done.length === 0) throw nonFieldError('This transfer changed meanwhile; reload the list.');
    return c.body(null, 204);
  });

  route(app, s, paymentEndpoints.getInvoiceAttachment, async (c, { params }) => {
    const visible = await visibleInvoice(c, s, params.id);
    if (!visible.isOwner) await limitPayer(c, s, visible.stored.invoice.id);
    const { index } = params;
    if (!/^\d{1,3}$/.test(index)) throw notFound();
    const file = visible.stored.invoice.attachments[Number(index)];
    const match = file === undefined ? null : DATA_URL.exec(file.data);
    if (file === undefined || match === null) throw notFound();
    const bytes = Buffer.from(match[2] ?? '', 'base64');
    const download = c.req.query('download') === 'true';
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': (match[1] ?? 'application/octet-stream').toLowerCase(),
      'Content-Disposition': contentDisposition(download ? 'attachment' : 'inline', file.name),
      'Content-Length': String(bytes.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; object-src 'self'; sandbox; frame-ancestors 'none'",
    });
  });
}
