import type { Hono } from 'hono';
import { labelEndpoints } from '../../shared/contract/labels';
import { authOf, requireFullAccess } from '../http/guards';
import { idempotencyKeyOf, replayHeaders } from '../lib/idempotency-key';
import { fieldError, notFound } from '../http/api-error';
import { limitPayer } from '../payments/pay-rate-limit';
import { verifyReportedHash } from '../payments/payment-verify';
import { invoiceTarget } from '../payments/payment-targets';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Services } from '../services';
import { createLabel, deleteLabel, listLabels, updateLabel } from './label-store';
import { savePaymentLabel } from './payment-labels';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `{id}` of a label path, lower-cased; 404 when it cannot be an id. */
function labelIdOf(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
}

/**
 * Labels (docs/labels.md, docs/data-model.md): GET labels, POST labels {name, color} (Idempotency-Key honoured), PATCH
 * and DELETE labels/{id}; POST transaction_labels {name, tx_hash, invoice} for the label of a payment.
 */
export function registerLabelRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, labelEndpoints.listLabels, async (c, { query }) => listLabels(s.db, authOf(c).user.id, query.search));

  route(app, s, labelEndpoints.createLabel, async (c, { body }) => {
    const key = idempotencyKeyOf(c);
    const { value, replayed } = await createLabel(s.db, authOf(c).user.id, body, key);
    return c.json(value, 201, replayHeaders(replayed));
  });

  route(app, s, labelEndpoints.updateLabel, async (c, { params, body }) =>
    updateLabel(s.db, authOf(c).user.id, labelIdOf(params.id), body),
  );

  route(app, s, labelEndpoints.deleteLabel, async (c, { params }) => {
    await deleteLabel(s.db, authOf(c).user.id, labelIdOf(params.id));
    return c.body(null, 204);
  });

  // With an invoice it is its payer's call (signed out too): the hash must pay that invoice, and the label is the
  // invoice owner's. Without one it labels the signed-in user's own transaction.
  route(app, s, labelEndpoints.createTransactionLabel, async (c, { body }) => {
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
