/**
 * The invoice form's values and the bodies it sends (docs/invoices.md Invoice
 * form): pure functions, unit-tested. Each button asks for a state: SAVE DRAFT a DRAFT, Download PDF and SEND an
 * issued (DUE) invoice, Download PDF with download_only. An edit of a draft saved again as a draft drops the state
 * from the payload (docs/invoices.md), the server then keeps it a DRAFT.
 */
import type { User } from '../../../shared/api-types';
import type { InvoiceOut } from '../../../shared/contract/invoices';
import type { FiatCurrency, InvoiceTemplate } from '../../../shared/enums';
import { FTC_CURRENCY } from '../../../shared/invoice-rules';
import type { InvoiceInput } from '../../../shared/schemas/invoice';
import { itemDraftFromOut, itemDraftsToBody, type InvoiceItemDraft } from './invoice-item-draft';

export const OWNER_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'company',
  'address_line1',
  'address_line2',
  'city',
  'postal_code',
  'country',
  'bank_name',
  'bank_account',
  'iban',
  'clearing_number',
  'swift',
  'tax_number',
] as const;
export type OwnerField = (typeof OWNER_FIELDS)[number];
export type OwnerDraft = Record<OwnerField, string>;

export interface AttachmentDraft {
  name: string;
  data: string;
}

export interface InvoiceFormValues {
  name: string;
  kind: InvoiceTemplate;
  number: string;
  vendor: string;
  project_name: string;
  covering_period: string;
  /** Bill to: a contact id, or null. */
  contact: string | null;
  owner: OwnerDraft;
  is_ftc: boolean;
  fiat_currency: FiatCurrency;
  wallet: string | null;
  /** The receiving token's symbol (USDC or USDT), sent only with a wallet (its network picks the token). */
  token: string | null;
  items: InvoiceItemDraft[];
  message: string;
  attachments: AttachmentDraft[];
  /** yyyy-MM-dd, '' when not set. */
  issued_at: string;
  expires_at: string;
}

/** The three buttons of the form. */
export type SubmitAction = 'draft' | 'download' | 'send';

/** The state each button asks for (docs/invoices.md). */
export const ACTION_STATE: Record<SubmitAction, 'DRAFT' | 'DUE'> = { draft: 'DRAFT', download: 'DUE', send: 'DUE' };

export const DEFAULT_INVOICE_CURRENCY: FiatCurrency = 'USD';

export function emptyOwner(): OwnerDraft {
  return Object.fromEntries(OWNER_FIELDS.map((field) => [field, ''])) as OwnerDraft;
}

/** The sender's details from the user's profile (docs/invoices.md From: prefilled, editable). */
export function ownerFromUser(user: User | null): OwnerDraft {
  const owner = emptyOwner();
  if (user === null) return owner;
  return {
    ...owner,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email || (user.signed_email ?? ''),
    address_line1: user.address_line1,
    address_line2: user.address_line2,
    city: user.city,
    postal_code: user.postal_code,
    country: user.country,
    tax_number: user.tax_number,
  };
}

/** A new invoice: default template, USD, no items yet; a contact or wallet may come from navigation state. */
export function emptyInvoiceForm(user: User | null, prefill: { contactId?: string; walletId?: string } = {}): InvoiceFormValues {
  return {
    name: '',
    kind: 'DEFAULT',
    number: '',
    vendor: '',
    project_name: '',
    covering_period: '',
    contact: prefill.contactId ?? null,
    owner: ownerFromUser(user),
    is_ftc: false,
    fiat_currency: DEFAULT_INVOICE_CURRENCY,
    wallet: prefill.walletId ?? null,
    token: prefill.walletId ? 'USDC' : null,
    items: [],
    message: '',
    attachments: [],
    issued_at: '',
    expires_at: '',
  };
}

/** A stored draft loaded into the form (GET invoices/{id}). */
export function invoiceToForm(invoice: InvoiceOut): InvoiceFormValues {
  const owner = emptyOwner();
  if (invoice.owner) for (const field of OWNER_FIELDS) owner[field] = invoice.owner[field];
  return {
    name: invoice.name,
    kind: invoice.kind,
    number: invoice.number,
    vendor: invoice.vendor,
    project_name: invoice.project_name,
    covering_period: invoice.covering_period,
    contact: invoice.contact?.id ?? null,
    owner,
    is_ftc: invoice.is_ftc,
    fiat_currency: invoice.fiat_currency,
    wallet: invoice.wallet?.id ?? null,
    token: invoice.token?.symbol ?? null,
    items: invoice.items.map(itemDraftFromOut),
    message: invoice.message,
    attachments: invoice.attachments.map((file) => ({ name: file.name, data: file.data })),
    issued_at: invoice.issued_at ?? '',
    expires_at: invoice.expires_at ?? '',
  };
}

/** Choosing Fiat-to-Crypto forces the currency to EUR (docs/invoices.md). */
export function withFtc(values: InvoiceFormValues, isFtc: boolean): InvoiceFormValues {
  return { ...values, is_ftc: isFtc, fiat_currency: isFtc ? FTC_CURRENCY : values.fiat_currency };
}

/** A changed issued date clears a due date that no longer comes after it. */
export function withIssuedAt(values: InvoiceFormValues, issuedAt: string): InvoiceFormValues {
  const keepDue = issuedAt !== '' && values.expires_at > issuedAt;
  return { ...values, issued_at: issuedAt, expires_at: keepDue ? values.expires_at : '' };
}

/** What POST invoices takes (src/shared/schemas/invoice.ts), every field as the form sends it; `state` is sent when saving or sending. */
export type InvoiceBody = Omit<InvoiceInput, 'state'> & Partial<Pick<InvoiceInput, 'state'>>;

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());
/** An empty adjustment means none: '0'. */

/** The body of POST invoices for `action`; the template's letter fields are sent only for other templates. */
export function invoiceBody(values: InvoiceFormValues, action: SubmitAction): InvoiceBody {
  const letter = values.kind !== 'DEFAULT';
  const ownerGiven = OWNER_FIELDS.some((field) => values.owner[field].trim() !== '');
  const owner = ownerGiven ? (Object.fromEntries(OWNER_FIELDS.map((f) => [f, values.owner[f].trim()])) as OwnerDraft) : null;
  if (owner && !letter) for (const field of ['bank_name', 'bank_account', 'iban', 'clearing_number', 'swift'] as const) owner[field] = '';
  return {
    name: values.name.trim(),
    kind: values.kind,
    number: letter ? values.number.trim() : '',
    vendor: letter ? values.vendor.trim() : '',
    project_name: letter ? values.project_name.trim() : '',
    covering_period: letter ? values.covering_period.trim() : '',
    state: ACTION_STATE[action],
    issued_at: orNull(values.issued_at),
    expires_at: orNull(values.expires_at),
    fiat_currency: values.is_ftc ? FTC_CURRENCY : values.fiat_currency,
    message: values.message,
    contact: values.contact,
    owner,
    wallet: values.wallet,
    token: values.wallet === null ? null : values.token,
    is_ftc: values.is_ftc,
    download_only: action === 'download',
    attachments: values.attachments,
    items: itemDraftsToBody(values.items),
  };
}

/** The body of PATCH invoices/{id} for a draft being edited: a save that is not DUE leaves the state out. */
export function editBody(values: InvoiceFormValues, action: SubmitAction): InvoiceBody {
  const body = invoiceBody(values, action);
  if (body.state === 'DUE') return body;
  const rest: InvoiceBody = { ...body };
  delete rest.state;
  return rest;
}
