import * as v from 'valibot';
import { MESSAGES } from '../messages';
import { labelIdsField } from './label';

/**
 * PATCH transactions/{id}: the labels (the label picker sends the whole set of ids) and whether the row is
 * spam (hidden from lists and totals unless asked for). At least one of them.
 */
export const patchTransactionSchema = v.pipe(
  v.strictObject({
    labels: v.optional(labelIdsField),
    is_spam: v.optional(v.boolean('Must be true or false.')),
  }),
  v.forward(
    v.partialCheck(
      [['labels'], ['is_spam']],
      (input) => input.labels !== undefined || input.is_spam !== undefined,
      MESSAGES.required,
    ),
    ['labels'],
  ),
);
export type PatchTransactionInput = v.InferOutput<typeof patchTransactionSchema>;
