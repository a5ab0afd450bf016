/**
 * Where a 400 of POST or PATCH invoices goes on the form (docs/invoices.md: server field errors on the matching fields,
 * others in a general area). Keys are the server's dotted paths: 'owner.email', 'items.0.quantity'.
 */
import type { FieldErrors } from '../../../shared/api-types';
import type { FormErrors } from './invoice-form-checks';
import { OWNER_FIELDS } from './invoice-form-model';

const FORM_FIELDS = new Set([
  'name',
  'kind',
  'number',
  'vendor',
  'project_name',
  'covering_period',
  'issued_at',
  'expires_at',
  'fiat_currency',
  'message',
  'contact',
  'wallet',
  'token',
  'items',
  'attachments',
  ...OWNER_FIELDS.map((field) => `owner.${field}`),
]);
/** Item keys go to the line items editor, which shows those it has no field for in its own list. */
const ITEM_FIELD = /^items\.\d+(\..+)?$/;

/** The field errors the form shows by its fields, and the rest as general messages. */
export function placeServerErrors(errors: FieldErrors | null): { fields: FormErrors; general: string[] } {
  const fields: FormErrors = {};
  const general: string[] = [];
  for (const [key, messages] of Object.entries(errors ?? {})) {
    if (key === 'non_field_errors') general.push(...messages);
    else if (FORM_FIELDS.has(key) || ITEM_FIELD.test(key)) fields[key] = [...messages];
    else if (key.startsWith('attachments.')) fields.attachments = [...(fields.attachments ?? []), ...messages];
    else if (key === 'owner') fields['owner.email'] = [...(fields['owner.email'] ?? []), ...messages];
    else general.push(...messages.map((message) => `${key}: ${message}`));
  }
  return { fields, general };
}
