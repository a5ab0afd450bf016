import * as v from 'valibot';
import { LABEL_COLORS } from '../enums';
import { MESSAGES } from '../messages';

export const LABEL_NAME_MAX = 64;
/** How many labels one contact or transaction may carry. */
export const MAX_LABELS_PER_ITEM = 100;

const maxText = (max: number) => `Ensure this field has no more than ${String(max)} characters.`;

/** Label name (docs/labels.md "Label: name required"). */
export const labelNameField = v.pipe(
  v.string(MESSAGES.required),
  v.trim(),
  v.nonEmpty(MESSAGES.required),
  v.maxLength(LABEL_NAME_MAX, maxText(LABEL_NAME_MAX)),
);

/** One of the 7 label colours (docs/labels.md). */
export const labelColorField = v.picklist(LABEL_COLORS, `Choose one of: ${LABEL_COLORS.join(', ')}.`);

/** POST labels {name, color}. */
export const labelSchema = v.strictObject({ name: labelNameField, color: labelColorField });
export type LabelInput = v.InferOutput<typeof labelSchema>;

/** PATCH labels/{id}: a new name, a new colour, or both. */
export const patchLabelSchema = v.strictObject({
  name: v.optional(labelNameField),
  color: v.optional(labelColorField),
});
export type PatchLabelInput = v.InferOutput<typeof patchLabelSchema>;

/** A label id as sent by the label picker. */
export const labelIdField = v.pipe(v.string('Not a valid label id.'), v.uuid('Not a valid label id.'));

/** The full set of label ids of a contact or transaction (the label picker sends it whole). */
export const labelIdsField = v.pipe(
  v.array(labelIdField, 'Expected a list of label ids.'),
  v.maxLength(MAX_LABELS_PER_ITEM, `Ensure this list has no more than ${String(MAX_LABELS_PER_ITEM)} labels.`),
);

/** PATCH of a contact's or a transaction's labels alone. */
export const setLabelsSchema = v.strictObject({ labels: labelIdsField });
export type SetLabelsInput = v.InferOutput<typeof setLabelsSchema>;

/** A transaction hash: EVM `0x` + 64 hex digits, or a Bitcoin txid (64 hex digits). */
export const txHashField = v.pipe(
  v.string(MESSAGES.required),
  v.trim(),
  v.nonEmpty(MESSAGES.required),
  v.regex(/^(0x)?[0-9a-fA-F]{64}$/, 'Enter a valid transaction hash.'),
);

/**
 * POST transaction_labels {name, tx_hash, invoice}: the label a payment gets after paying an invoice (docs/labels.md
 * Payer actions), shown as transc_label on the matching transaction.
 */
export const transactionLabelSchema = v.strictObject({
  name: v.pipe(
    v.string(MESSAGES.required),
    v.trim(),
    v.nonEmpty(MESSAGES.required),
    v.maxLength(255, maxText(255)),
  ),
  tx_hash: txHashField,
  invoice: v.optional(
    v.nullable(v.pipe(v.string('Not a valid invoice id.'), v.uuid('Not a valid invoice id.'))),
    null,
  ),
});
export type TransactionLabelInput = v.InferOutput<typeof transactionLabelSchema>;
