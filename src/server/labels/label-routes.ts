import type { Hono } from 'hono';
import * as v from 'valibot';
import { API } from '../../shared/api-paths';
import { labelSchema, patchLabelSchema, transactionLabelSchema } from '../../shared/schemas/label';
import { authOf, requireFullAccess, requireUser } from '../auth/guards';
import { idempotencyKeyOf, replayHeaders } from '../lib/idempotency-key';
import { fieldError, notFound } from '../http/api-error';
import { limitPayer } from '../payments/pay-rate-limit';
import { verifyReportedHash } from '../payments/payment-verify';
import { invoiceTarget } from '../payments/payment-targets';
import type { AppEnv } from '../http/app-env';
import { jsonBody, queryParams } from '../http/validation';
import { searchParam } from '../lib/search-text';
import type { Services } from '../services';
import { createLabel, deleteLabel, listLabels, updateLabel } from './label-store';
import { savePaymentLabel } from './payment-labels';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `{id}` of a label path, lower-cased; 404 when it cannot be an id. */
function labelIdOf(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
}

const listLabelsQuerySchema = v.object({ search: searchParam });

/**
 * Labels (docs/labels.md, docs/data-model.md): GET labels, POST labels {name, color} (Idempotency-Key honoured), PATCH
 * and DELETE labels/{id}; POST transaction_labels {name, tx_hash, invoice} for the label of a payment.
 */
export function registerLabelRoutes(app: Hono<AppEnv>, s: Services): void {
  app.get(API.labels, requireUser, queryParams(listLabelsQuerySchema), async (c) => {
    const { search } = c.req.valid('query');
    return c.json(await listLabels(s.db, authOf(c).user.id, search));
  });

  app.post(API.labels, requireFullAccess, jsonBody(labelSchema), async (c) => {
    const key = idempotencyKeyOf(c);
    const { value, replayed } = await createLabel(s.db, authOf(c).user.id, c.req.valid('json'), key);
    return c.json(value, 201, replayHeaders(replayed));
  });

  app.patch(`${API.labels}/:id`, requireFullAccess, jsonBody(patchLabelSchema), async (c) => {
    const id = labelIdOf(c.req.param('id'));
    return c.json(await updateLabel(s.db, authOf(c).user.id, id, c.req.valid('json')));
  });

  app.delete(`${API.labels}/:id`, requireFullAccess, async (c) => {
    await deleteLabel(s.db, authOf(c).user.id, labelIdOf(c.req.param('id')));
    return c.body(null, 204);
  });

  // With an invoice it is its payer's call (signed out too): the hash must pay that invoice, and the label is the
  // invoice owner's. Without one it labels the signed-in user's own transaction.
  app.post(API.transactionLabels, jsonBody(transactionLabelSchema), async (c) => {
    const body = c.req.valid('json');
    if (body.invoice === null) {
      await requireFullAccess(c, async () => undefined);
      const { label, created } = await savePaymentLabel(s.db, authOf(c).user.id, body, s.now());
      return c.json(label, created ? 201 : 200);
    }
    const deps = s.payments;
    const target = await invoiceTarget(s.db, body.invoice.toLowerCase());
    if (target === undefined) throw fieldError('invoice', 'Not a valid invoice id.');
    if (c.get('auth')?.user.id !== target.userId) await limitPayer(c, s, target.invoiceId);
    const outcome = await verifyReportedHash(deps, target, body.tx_hash);
    if (outcome.kind === 'REFUSED') throw fieldError('tx_hash', outcome.message);
    const { label, created } = await savePaymentLabel(s.db, target.userId, { ...body, invoice: target.invoiceId }, s.now());
    return c.json(label, created ? 201 : 200);
  });
}
