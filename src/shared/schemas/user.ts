import * as v from 'valibot';
import { FIAT_CURRENCIES } from '../enums';
import { MESSAGES } from '../messages';

const optionalText = (max: number) =>
  v.optional(
    v.pipe(
      v.string('Must be a string.'),
      v.trim(),
      v.maxLength(max, `Ensure this field has no more than ${String(max)} characters.`),
    ),
  );

/** PATCH user: any of these fields (docs/sign-in.md). Unknown fields are refused. */
export const patchUserSchema = v.strictObject({
  fiat_currency: v.optional(
    v.picklist(FIAT_CURRENCIES, `Choose one of: ${FIAT_CURRENCIES.join(', ')}.`),
  ),
  language: v.optional(v.picklist(['English'], 'Only English is available.')),
  timezone: optionalText(64),
  first_name: optionalText(150),
  last_name: optionalText(150),
  email: v.optional(
    v.union(
      [v.literal(''), v.pipe(v.string(), v.trim(), v.maxLength(254), v.email(MESSAGES.invalidEmail))],
      MESSAGES.invalidEmail,
    ),
  ),
  address_line1: optionalText(255),
  address_line2: optionalText(255),
  city: optionalText(120),
  postal_code: optionalText(32),
  country: optionalText(120),
  tax_number: optionalText(64),
  is_tutorial_viewed: v.optional(v.boolean('Must be true or false.')),
  suggestions: v.optional(
    v.strictObject({
      ftcTimeout: v.nullable(v.pipe(v.string(), v.isoTimestamp('Must be an ISO timestamp.'))),
    }),
  ),
});
export type PatchUserInput = v.InferOutput<typeof patchUserSchema>;
