import type { Hono } from 'hono';
import { invoiceEndpoints } from '../../shared/contract/invoices';
import type { InvoiceState } from '../../shared/enums';
import { INVOICE_MESSAGES } from '../../shared/invoice-rules';
import type { InvoiceInput } from '../../shared/schemas/invoice';
import { authOf } from '../http/guards';
import { idempotencyKeyOf, replayHeaders } from '../lib/idempotency-key';
import { fieldError, nonFieldError, notFound } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Services } from '../services';
import { limitPayer } from '../payments/pay-rate-limit';
import { markPaid, ownerReport, publicInvoiceResponse, visibleInvoice } from './pay-invoice-routes';
import { invoiceTarget } from '../payments/payment-targets';
import { prepareInvoice } from './invoice-prepare';
import { queueInvoiceSentMail } from './invoice-sent-mail';
import {
  changeState,
  createInvoice,
  deleteInvoice,
  findInvoice,
  invoiceByKey,
  invoiceOut,
  storedInput,
  updateDraft,
} from './invoice-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `{id}` of an invoice path, lower-cased; 404 when it cannot be an id. */
function invoiceIdOf(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
}

/** State changes a PATCH of only {state} may make (docs/invoices.md; expiry and payment confirmation happen elsewhere). */
const STATE_CHANGES: Readonly<Record<string, readonly InvoiceState[]>> = {
  DUE: ['PROCESSING', 'PAID'],
  PROCESSING: ['PAID'],
  EXPIRED: ['PAID'],
};

/**
 * Invoices (docs/invoices.md, Invoice view and payment; docs/invoices.md Invoices): GET invoices/limit, POST invoices
 * (Idempotency-Key honoured), GET invoices/{id} (the owner sees every state, anyone else, signed out too, an issued
 * one), PATCH invoices/{id} (edit a draft, or move an issued invoice on) and DELETE invoices/{id}.
 */
export function registerInvoiceRoutes(app: Hono<AppEnv>, s: Services): void {

  route(app, s, invoiceEndpoints.createInvoice, async (c, { body }) => {
    const user = authOf(c).user;
    const key = idempotencyKeyOf(c);
    if (key !== undefined) {
      const earlier = await invoiceByKey(s.db, user.id, key, s.now());
      if (earlier !== undefined) return c.json(earlier, 201, replayHeaders(true));
    }
    const prepared = await prepareInvoice(s, user, body);
    const { value, replayed } = await createInvoice(s.db, user.id, prepared, s.now(), key);
    if (!replayed) await queueInvoiceSentMail(s, s.config.publicUrl, value, s.now());
    return c.json(value, 201, replayHeaders(replayed));
  });

  // The owner reads the whole invoice; anyone else (signed out too) the public invoice of an issued one.
  route(app, s, invoiceEndpoints.getInvoice, async (c, { params }) => {
    const visible = await visibleInvoice(c, s, invoiceIdOf(params.id));
    if (visible.isOwner) return invoiceOut(s.db, visible.stored.document, s.now());
    await limitPayer(c, s, visible.stored.invoice.id);
    return publicInvoiceResponse(s, visible);
  });

  route(app, s, invoiceEndpoints.updateInvoice, async (c, { params, body }) => {
    const user = authOf(c).user;
    const stored = await findInvoice(s.db, invoiceIdOf(params.id), user.id);
    if (stored === undefined) throw notFound();
    const state = stored.document.state ?? 'DRAFT';
    const sent = Object.entries(body).filter(([, value]) => value !== undefined);

    if (sent.every(([field]) => field === 'state')) {
      const to = body.state ?? 'PROCESSING';
      if (!(STATE_CHANGES[state] ?? []).includes(to)) throw fieldError('state', `An invoice in state ${state} cannot become ${to}.`);
      const target = await invoiceTarget(s.db, stored.invoice.id);
      if (target === undefined) {
        // An issued invoice without a receiving address (never the case for one sent through the form).
        const row = await changeState(s.db, stored.document.id, state, to, s.now());
        if (row === undefined) throw fieldError('state', `The invoice's state changed meanwhile; reload it.`);
        return invoiceOut(s.db, row, s.now());
      }
      // Paid by hand is recorded as marked; PROCESSING as the owner's own report. Both stay explained by the rules.
      if (to === 'PAID') await markPaid(s.payments, target, '');
      else await ownerReport(s.payments, target);
      const fresh = await findInvoice(s.db, stored.invoice.id);
      if (fresh === undefined) throw notFound();
      return invoiceOut(s.db, fresh.document, s.now());
    }

    if (state !== 'DRAFT') throw nonFieldError(INVOICE_MESSAGES.onlyDrafts);
    if (body.state !== undefined && body.state !== 'DRAFT' && body.state !== 'DUE') {
      throw fieldError('state', 'A draft is saved as DRAFT or sent as DUE.');
    }
    const merged: InvoiceInput = {
      ...(await storedInput(s.db, stored)),
      ...(Object.fromEntries(sent) as Partial<InvoiceInput>),
      state: body.state ?? 'DRAFT',
    };
    const prepared = await prepareInvoice(s, user, merged);
    const saved = await updateDraft(s.db, stored, prepared, s.now());
    await queueInvoiceSentMail(s, s.config.publicUrl, saved, s.now());
    return saved;
  });

  route(app, s, invoiceEndpoints.deleteInvoice, async (c, { params }) => {
    await deleteInvoice(s.db, authOf(c).user.id, invoiceIdOf(params.id));
    return c.body(null, 204);
  });
}
