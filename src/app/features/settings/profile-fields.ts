/** Profile rules of docs/settings.md: the name is split on its first space; the e-mail must look like one. */
import * as v from 'valibot';
import { MESSAGES } from '../../../shared/messages';

export interface NameParts {
  first_name: string;
  last_name: string;
}

/** 'Ada Lovelace King' -> first 'Ada', last 'Lovelace King'; surrounding spaces are dropped. */
export function splitName(full: string): NameParts {
  const trimmed = full.trim();
  const space = trimmed.search(/\s/);
  if (space === -1) return { first_name: trimmed, last_name: '' };
  return { first_name: trimmed.slice(0, space), last_name: trimmed.slice(space + 1).trim() };
}

/** The name as shown in the Name field. */
export function joinName(parts: NameParts): string {
  return [parts.first_name.trim(), parts.last_name.trim()].filter(Boolean).join(' ');
}

/** True when saving `full` would change the stored first or last name. */
export function nameChanged(full: string, current: NameParts): boolean {
  const next = splitName(full);
  return next.first_name !== current.first_name || next.last_name !== current.last_name;
}

const emailSchema = v.pipe(v.string(), v.trim(), v.maxLength(254), v.email());

/** null when the e-mail may be saved ('' clears it), else 'Enter a valid email address'. */
export function emailError(value: string): string | null {
  if (value.trim() === '') return null;
  return v.safeParse(emailSchema, value).success ? null : MESSAGES.invalidEmail;
}

const required = (max: number) =>
  v.pipe(
    v.string(MESSAGES.required),
    v.trim(),
    v.nonEmpty(MESSAGES.required),
    v.maxLength(max, `Ensure this field has no more than ${String(max)} characters.`),
  );
const optional = (max: number) =>
  v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(max, `Ensure this field has no more than ${String(max)} characters.`)),
    '',
  );

/** The profile's postal address form (docs/settings.md): line 1, city, postal code and country required. */
export const profileAddressSchema = v.object({
  address_line1: required(255),
  address_line2: optional(255),
  city: required(120),
  postal_code: required(32),
  country: required(120),
  tax_number: optional(64),
});
export type ProfileAddressValues = v.InferInput<typeof profileAddressSchema>;
export type ProfileAddressPatch = v.InferOutput<typeof profileAddressSchema>;

export const PROFILE_ADDRESS_FIELDS = [
  'address_line1',
  'address_line2',
  'city',
  'postal_code',
  'country',
  'tax_number',
] as const satisfies readonly (keyof ProfileAddressPatch)[];
