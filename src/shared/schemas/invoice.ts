import * as v from 'valibot';
import { FIAT_CURRENCIES, INVOICE_TEMPLATES } from '../enums';
import {
  adjustmentError,
  attachmentBytes,
  attachmentsTotalBytes,
  dueDateError,
  INVOICE_MESSAGES,
  isOwnerEmail,
  itemErrors,
  MAX_ATTACHMENTS_BYTES,
  quantityError,
  unitPriceError,
} from '../invoice-rules';
import { MESSAGES } from '../messages';
import { isCalendarDay, REPORT_DATE_MESSAGES } from './document';

export const INVOICE_NAME_MAX = 255;
export const INVOICE_MESSAGE_MAX = 2000;
export const MAX_INVOICE_ITEMS = 100;
export const MAX_INVOICE_ATTACHMENTS = 20;
/** States a create or an edit may ask for: a draft, or an issued (DUE) invoice. */
export const INVOICE_SAVE_STATES = ['DRAFT', 'DUE'] as const;
/** States a PATCH may name: those of a save, and the changes of an issued invoice (docs/invoices.md). */
export const INVOICE_PATCH_STATES = ['DRAFT', 'DUE', 'PROCESSING', 'PAID'] as const;

const maxText = (max: number) => `Ensure this field has no more than ${String(max)} characters.`;
const choose = (options: readonly string[]) => `Choose one of: ${options.join(', ')}.`;

/** An optional text: null and a missing value both read as ''. */
const optionalText = (max: number) =>
  v.pipe(
    v.nullable(v.pipe(v.string('Must be a string.'), v.trim(), v.maxLength(max, maxText(max)))),
    v.transform((value) => value ?? ''),
  );

const requiredText = (max: number) =>
  v.pipe(v.string(MESSAGES.required), v.trim(), v.nonEmpty(MESSAGES.required), v.maxLength(max, maxText(max)));

/** A decimal sent as a string ("19.99"); JS numbers are refused, as everywhere money is handled. */
const decimalText = (problem: (text: string) => string | null) =>
  v.pipe(
    v.string('Enter the number as a decimal string.'),
    v.trim(),
    v.check((text) => problem(text) === null, (issue) => problem(String(issue.input)) ?? INVOICE_MESSAGES.notANumber),
  );

/** An object field: valibot's object schemas take arrays for objects, so those are refused first. */
const objectOnly = <S extends v.GenericSchema>(schema: S, message: string) =>
  v.pipe(v.custom<unknown>((input) => typeof input === 'object' && input !== null && !Array.isArray(input), message), schema);

const dayField = v.pipe(
  v.nullable(v.pipe(v.string('Must be a string.'), v.trim())),
  v.transform((value) => (value === '' ? null : value)),
  v.check((value) => value === null || /^\d{4}-\d{2}-\d{2}$/.test(value), REPORT_DATE_MESSAGES.format),
  v.check((value) => value === null || isCalendarDay(value), REPORT_DATE_MESSAGES.invalid),
);

const idField = (what: string) =>
  v.pipe(
    v.nullable(v.pipe(v.string(`Not a valid ${what} id.`), v.trim())),
    v.transform((value) => (value === '' ? null : value)),
    v.check((value) => value === null || v.is(v.pipe(v.string(), v.uuid()), value), `Not a valid ${what} id.`),
    v.transform((value) => value?.toLowerCase() ?? null),
  );

const itemSchema = v.pipe(
  objectOnly(
    v.strictObject(
      {
        name: requiredText(255),
        description: v.optional(optionalText(1000), ''),
        quantity: decimalText(quantityError),
        unit_price: decimalText(unitPriceError),
        discount: v.optional(decimalText((text) => adjustmentError(text, false, false)), '0'),
        discount_is_percent: v.optional(v.boolean('Must be true or false.'), false),
        tax: v.optional(decimalText((text) => adjustmentError(text, false, false)), '0'),
        tax_is_percent: v.optional(v.boolean('Must be true or false.'), true),
      },
      'Expected an item object.',
    ),
    'Expected an item object.',
  ),
  v.forward(
    v.check(
      (item) => itemErrors(item).discount === undefined,
      (issue) => itemErrors(issue.input as Parameters<typeof itemErrors>[0]).discount ?? INVOICE_MESSAGES.notANumber,
    ),
    ['discount'],
  ),
);
export type InvoiceItemBody = v.InferOutput<typeof itemSchema>;

const ownerText = v.optional(optionalText(255), '');
const ownerSchema = v.nullable(
  objectOnly(
    v.strictObject(
      {
        first_name: ownerText,
        last_name: ownerText,
        email: v.optional(
          v.pipe(optionalText(254), v.check((email) => email === '' || isOwnerEmail(email), INVOICE_MESSAGES.invalidEmail)),
          '',
        ),
        company: ownerText,
        address_line1: ownerText,
        address_line2: ownerText,
        city: ownerText,
        postal_code: ownerText,
        country: ownerText,
        bank_name: ownerText,
        bank_account: ownerText,
        iban: ownerText,
        clearing_number: ownerText,
        swift: ownerText,
        tax_number: ownerText,
      },
      'Expected the owner as an object.',
    ),
    'Expected the owner as an object.',
  ),
);
export type InvoiceOwnerBody = NonNullable<v.InferOutput<typeof ownerSchema>>;

const attachmentsSchema = v.pipe(
  v.array(
    objectOnly(
      v.strictObject(
        {
          name: requiredText(255),
          data: v.pipe(v.string(MESSAGES.required), v.check((data) => attachmentBytes(data) !== null, INVOICE_MESSAGES.attachmentType)),
        },
        'Expected an attachment with name and data.',
      ),
      'Expected an attachment with name and data.',
    ),
    'Expected a list of attachments.',
  ),
  v.maxLength(MAX_INVOICE_ATTACHMENTS, `Ensure this list has no more than ${String(MAX_INVOICE_ATTACHMENTS)} files.`),
  v.check((list) => (attachmentsTotalBytes(list) ?? 0) <= MAX_ATTACHMENTS_BYTES, INVOICE_MESSAGES.attachmentsTooLarge),
);

const itemsSchema = v.pipe(
  v.array(itemSchema, 'Expected a list of items.'),
  v.maxLength(MAX_INVOICE_ITEMS, `Ensure this list has no more than ${String(MAX_INVOICE_ITEMS)} items.`),
);

/** The invoice form's fields (docs/invoices.md POST invoices), each as sent. */
const fields = {
  name: requiredText(INVOICE_NAME_MAX),
  kind: v.picklist(INVOICE_TEMPLATES, choose(INVOICE_TEMPLATES)),
  number: optionalText(255),
  vendor: optionalText(255),
  project_name: optionalText(255),
  covering_period: optionalText(255),
  issued_at: dayField,
  expires_at: dayField,
  fiat_currency: v.picklist(FIAT_CURRENCIES, choose(FIAT_CURRENCIES)),
  message: optionalText(INVOICE_MESSAGE_MAX),
  contact: idField('contact'),
  owner: ownerSchema,
  wallet: idField('wallet'),
  token: v.pipe(
    v.nullable(v.pipe(v.string('Not a valid token id.'), v.trim(), v.maxLength(120, maxText(120)))),
    v.transform((value) => (value === '' ? null : value)),
  ),
  is_ftc: v.boolean('Must be true or false.'),
  download_only: v.boolean('Must be true or false.'),
  attachments: attachmentsSchema,
  items: itemsSchema,
};

/**
 * POST invoices. Only `name` is required: a DRAFT may be incomplete; an invoice sent as DUE must be complete
 * (issuedInvoiceErrors in src/shared/invoice-rules.ts, checked by the server with the contact and wallet rows).
 */
export const invoiceSchema = v.pipe(
  v.strictObject({
    name: v.optional(fields.name, ''),
    kind: v.optional(fields.kind, 'DEFAULT'),
    number: v.optional(fields.number, ''),
    vendor: v.optional(fields.vendor, ''),
    project_name: v.optional(fields.project_name, ''),
    covering_period: v.optional(fields.covering_period, ''),
    state: v.optional(v.picklist(INVOICE_SAVE_STATES, choose(INVOICE_SAVE_STATES)), 'DRAFT'),
    issued_at: v.optional(fields.issued_at, null),
    expires_at: v.optional(fields.expires_at, null),
    fiat_currency: v.optional(fields.fiat_currency, 'USD'),
    message: v.optional(fields.message, ''),
    contact: v.optional(fields.contact, null),
    owner: v.optional(fields.owner, null),
    wallet: v.optional(fields.wallet, null),
    token: v.optional(fields.token, null),
    is_ftc: v.optional(fields.is_ftc, false),
    download_only: v.optional(fields.download_only, false),
    attachments: v.optional(fields.attachments, []),
    items: v.optional(fields.items, []),
  }),
  v.forward(
    v.partialCheck(
      [['issued_at'], ['expires_at']],
      (input) => dueDateError(input.issued_at ?? null, input.expires_at ?? null) === null,
      INVOICE_MESSAGES.dueAfterIssued,
    ),
    ['expires_at'],
  ),
);
export type InvoiceInput = v.InferOutput<typeof invoiceSchema>;

/**
 * PATCH invoices/{id}: a draft's fields (the stored values stand for those not sent; the whole is validated again,
 * and DUE issues it), or only `state` (an empty body means PROCESSING) to move an issued invoice on (docs/invoices.md).
 */
export const patchInvoiceSchema = v.pipe(
  v.strictObject({
    name: v.optional(fields.name),
    kind: v.optional(fields.kind),
    number: v.optional(fields.number),
    vendor: v.optional(fields.vendor),
    project_name: v.optional(fields.project_name),
    covering_period: v.optional(fields.covering_period),
    state: v.optional(v.picklist(INVOICE_PATCH_STATES, choose(INVOICE_PATCH_STATES))),
    issued_at: v.optional(fields.issued_at),
    expires_at: v.optional(fields.expires_at),
    fiat_currency: v.optional(fields.fiat_currency),
    message: v.optional(fields.message),
    contact: v.optional(fields.contact),
    owner: v.optional(fields.owner),
    wallet: v.optional(fields.wallet),
    token: v.optional(fields.token),
    is_ftc: v.optional(fields.is_ftc),
    download_only: v.optional(fields.download_only),
    attachments: v.optional(fields.attachments),
    items: v.optional(fields.items),
  }),
  v.forward(
    v.partialCheck(
      [['issued_at'], ['expires_at']],
      (input) => dueDateError(input.issued_at ?? null, input.expires_at ?? null) === null,
      INVOICE_MESSAGES.dueAfterIssued,
    ),
    ['expires_at'],
  ),
);
export type InvoicePatchInput = v.InferOutput<typeof patchInvoiceSchema>;
