/**
 * A contact's name, company, e-mail, postal address and tax number, as answered (an invoice keeps a copy of them).
 * In a module of its own: the payer's invoice shows them without loading the contact form's address checks.
 */
import * as v from 'valibot';

export const contactDetailsOut = v.object({
  first_name: v.string(),
  last_name: v.string(),
  company: v.string(),
  email: v.string(),
  address_line1: v.string(),
  address_line2: v.string(),
  country: v.string(),
  city: v.string(),
  postal_code: v.string(),
  tax_number: v.string(),
});
export type ContactDetailsOut = v.InferOutput<typeof contactDetailsOut>;
