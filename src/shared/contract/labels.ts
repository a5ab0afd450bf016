/** Labels (docs/labels.md): the list, create, edit and delete, and the label of a payment's transaction. */
import * as v from 'valibot';
import { labelSchema, patchLabelSchema, transactionLabelSchema } from '../schemas/label';
import { endpoint } from './endpoint';
import { labelOut, searchParam, timestamp } from './primitives';

/** POST transaction_labels: the label of a payment, shown as transc_label on the transaction with that hash. */
export const transactionLabelOut = v.object({
  id: v.string(),
  name: v.string(),
  /** Lower-case. */
  tx_hash: v.string(),
  invoice: v.nullable(v.string()),
  created_at: timestamp,
});
export type TransactionLabelOut = v.InferOutput<typeof transactionLabelOut>;

export const labelEndpoints = {
  listLabels: endpoint({
    method: 'GET',
    path: '/api/labels',
    access: 'user',
    query: v.object({ search: searchParam }),
    response: v.array(labelOut),
  }),
  /** An Idempotency-Key header makes a repeated create answer the first one. */
  createLabel: endpoint({ method: 'POST', path: '/api/labels', access: 'full', body: labelSchema, response: labelOut }),
  updateLabel: endpoint({
    method: 'PATCH',
    path: '/api/labels/:id',
    access: 'full',
    body: patchLabelSchema,
    response: labelOut,
  }),
  deleteLabel: endpoint({ method: 'DELETE', path: '/api/labels/:id', access: 'full' }),
  /**
   * With an invoice, its payer's call (signed out too): the hash must pay that invoice and the label is the
   * invoice owner's. Without one, the signed-in user (full access) labels their own transaction.
   */
  createTransactionLabel: endpoint({
    method: 'POST',
    path: '/api/transaction_labels',
    access: 'public',
    body: transactionLabelSchema,
    response: transactionLabelOut,
  }),
} as const;
export type LabelOut = v.InferOutput<typeof labelOut>;
