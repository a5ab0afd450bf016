/**
 * The new-invoice form's line items as typed (docs/invoices.md): every number is the
 * text of its input, so half-typed values ('', '1.', '.5') live in the draft and the totals stay exact decimal
 * strings (src/shared/money.ts; never a JS number).
 */
import type { InvoiceItemOut } from '../../../shared/contract/invoices';
import { INVOICE_MESSAGES, invoiceTotalsWithFee, itemErrors, type InvoiceTotalsOut } from '../../../shared/invoice-rules';
import { Big, invoiceItemTotals, roundInvoice, type InvoiceItemInput, type InvoiceItemTotals } from '../../../shared/money';

export interface InvoiceItemDraft {
  name: string;
  description: string;
  quantity: string;
  unit_price: string;
  discount: string;
  discount_is_percent: boolean;
  tax: string;
  tax_is_percent: boolean;
}

/** The text fields of an item, in the order the form shows them. */
export const ITEM_TEXT_FIELDS = ['name', 'description', 'quantity', 'unit_price', 'discount', 'tax'] as const;
export type ItemTextField = (typeof ITEM_TEXT_FIELDS)[number];

/** A new line: quantity 1, no discount (a fixed amount by default), 0 % tax (a percent by default; docs/invoices.md). */
export function emptyItemDraft(): InvoiceItemDraft {
  return {
    name: '',
    description: '',
    quantity: '1',
    unit_price: '',
    discount: '0',
    discount_is_percent: false,
    tax: '0',
    tax_is_percent: true,
  };
}

/** A saved invoice line back in the form (editing a draft invoice). */
export function itemDraftFromOut(item: Pick<InvoiceItemOut, keyof InvoiceItemDraft>): InvoiceItemDraft {
  return {
    name: item.name,
    description: item.description,
    quantity: item.quantity,
    unit_price: item.unit_price,
    discount: item.discount,
    discount_is_percent: item.discount_is_percent,
    tax: item.tax,
    tax_is_percent: item.tax_is_percent,
  };
}

const LENIENT_DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/**
 * A typed number as a plain decimal string ('1.' → '1', '.5' → '0.5', ' 2 ' → '2'); null when it is not a
 * decimal ≥ 0 yet ('', '-1', 'abc', '.').
 */
export function draftDecimal(text: string): string | null {
  const match = LENIENT_DECIMAL.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  return fraction === '' ? whole.replace(/^0+(?=\d)/, '') || '0' : `${whole || '0'}.${fraction}`;
}

/**
 * The draft as the shared totals' input, tolerant of incomplete values: a number that cannot be read yet counts
 * as 0, and a discount is held to the line's amount (at most 100 %, or at most quantity × unit price), so a line
 * never goes below zero while it is being typed. A complete, valid line is computed exactly as the server does.
 */
export function draftToItemInput(draft: InvoiceItemDraft): InvoiceItemInput {
  const quantity = draftDecimal(draft.quantity) ?? '0';
  const unitPrice = draftDecimal(draft.unit_price) ?? '0';
  let discount = new Big(draftDecimal(draft.discount) ?? '0');
  if (draft.discount_is_percent) {
    if (discount.gt(100)) discount = new Big(100);
  } else {
    const gross = roundInvoice(new Big(quantity).times(unitPrice));
    if (discount.gt(gross)) discount = gross;
  }
  return {
    quantity,
    unit_price: unitPrice,
    discount: discount.toFixed(),
    discount_is_percent: draft.discount_is_percent,
    tax: draftDecimal(draft.tax) ?? '0',
    tax_is_percent: draft.tax_is_percent,
  };
}

/** One line's base, tax and total (5-decimal strings), as far as the draft can be read. */
export function draftLineTotals(draft: InvoiceItemDraft): InvoiceItemTotals {
  return invoiceItemTotals(draftToItemInput(draft));
}

/** The invoice's subtotal, tax, FTC fee (1.5 % when `isFtc`) and total from the drafts. */
export function draftTotals(items: readonly InvoiceItemDraft[], isFtc: boolean): InvoiceTotalsOut {
  return invoiceTotalsWithFee(items.map(draftToItemInput), isFtc);
}

/** One item's problems by field with the shared rules (name required, then the numbers' rules). */
export function itemDraftErrors(draft: InvoiceItemDraft): Partial<Record<ItemTextField, string>> {
  const errors: Partial<Record<ItemTextField, string>> = { ...itemErrors(draft) };
  if (draft.name.trim() === '') errors.name = INVOICE_MESSAGES.required;
  return errors;
}

/** Every item's problems as form errors keyed by dotted path ('items.0.quantity'), like the server's 400. */
export function itemsDraftErrors(items: readonly InvoiceItemDraft[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (items.length === 0) errors.items = [INVOICE_MESSAGES.atLeastOneItem];
  items.forEach((item, index) => {
    for (const [field, message] of Object.entries(itemDraftErrors(item))) errors[itemErrorKey(index, field)] = [message];
  });
  return errors;
}

/** The dotted path of an item field's errors: 'items.0.quantity'. */
export const itemErrorKey = (index: number, field: string): string => `items.${String(index)}.${field}`;

/** The server's (or the form's) message for one item field: the first of `errors['items.<index>.<field>']`. */
export function itemFieldError(errors: Readonly<Record<string, readonly string[]>>, index: number, field: ItemTextField): string | null {
  return errors[itemErrorKey(index, field)]?.[0] ?? null;
}

/**
 * Errors of the item list that no single field shows: 'items' ('Add at least one item.'), 'items.<n>' for a
 * whole item, and item keys of fields the editor has no input for ('items.0.discount_is_percent').
 */
export function itemListErrors(errors: Readonly<Record<string, readonly string[]>>, itemCount: number): string[] {
  const messages: string[] = [];
  for (const [key, list] of Object.entries(errors)) {
    const match = /^items(?:\.(\d+)(?:\.(.+))?)?$/.exec(key);
    if (!match || list.length === 0) continue;
    const index = match[1];
    const field = match[2];
    if (index === undefined) {
      messages.push(...list);
      continue;
    }
    const known = field !== undefined && (ITEM_TEXT_FIELDS as readonly string[]).includes(field);
    if (known && Number.parseInt(index, 10) < itemCount) continue;
    const label = `Item ${String(Number.parseInt(index, 10) + 1)}`;
    messages.push(...list.map((message) => `${label}: ${message}`));
  }
  return messages;
}

const orZero = (text: string): string => (text.trim() === '' ? '0' : text.trim());

/**
 * The items as the invoice API takes them: every text trimmed, numbers as typed (the server checks them again), a
 * blank discount or tax sent as 0.
 */
export function itemDraftsToBody(items: readonly InvoiceItemDraft[]): InvoiceItemDraft[] {
  return items.map((item) => ({
    name: item.name.trim(),
    description: item.description.trim(),
    quantity: item.quantity.trim(),
    unit_price: item.unit_price.trim(),
    discount: orZero(item.discount),
    discount_is_percent: item.discount_is_percent,
    tax: orZero(item.tax),
    tax_is_percent: item.tax_is_percent,
  }));
}
