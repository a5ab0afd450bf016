/**
 * Invoice rules shared by the server and the PWA's invoice form (docs/invoices.md, Invoice item, Owner; docs/invoices.md Invoice
 * form, Owner, Pre-send checks, Minimum invoice amount, Attachments; docs/invoices.md). Pure functions over decimal strings: no
 * binary floats, 5 decimals for invoice arithmetic (src/shared/money.ts).
 *
 * Totals of an invoice: total_base_amount and total_tax_amount are the sums of the lines; a fiat-to-crypto (FTC)
 * invoice adds the flat 1.5 % fee of that amount, so total_amount = base + tax + fee, and the fee is
 * total_amount − total_base_amount − total_tax_amount (0 for other invoices). total_tax_percentage is the tax as
 * a percent of the base (0 without a base).
 */
import type { InvoiceTemplate } from './enums';
import { Big, divide, invoiceTotals, INVOICE_DECIMALS, percentOf, roundInvoice, type InvoiceItemInput } from './money';

export const INVOICE_MESSAGES = {
  required: 'This field is required',
  positive: 'Must be positive',
  noDecimals: 'Cannot have decimals',
  maxDecimals: 'Max 5 decimals allowed',
  notNegative: 'Cannot be negative',
  notANumber: 'Enter a number.',
  tooManyDigits: 'Ensure that there are no more than 15 digits before the decimal point.',
  percentOver100: 'Cannot be more than 100%.',
  discountOverAmount: 'Cannot be greater than the item amount.',
  dueAfterIssued: 'Must be Greater than Invoice Issued.',
  invalidEmail: 'Enter a valid email address',
  minimumAmount: 'The minimum invoice amount must be the equivalent of 10 USDT.',
  attachmentsTooLarge: 'Total file size has exceeded 10MB.',
  attachmentType: 'Attach an image or a PDF file.',
  contactMissingData: 'Chosen contact is missing required data',
  atLeastOneItem: 'Add at least one item.',
  onlyDrafts: 'Only draft invoices can be edited.',
  paymentNetwork: 'Invoices are paid on Ethereum or Polygon: choose a wallet on one of them.',
  paymentToken: 'Choose USDC or USDT on the wallet’s network.',
  unknownContact: 'Choose one of your contacts.',
  unknownWallet: 'Choose one of your wallets.',
  pricesUnavailable: 'Prices are not available right now. Try again later.',
  templateNeedsSignedEmail: 'Only the default template is offered without a signed e-mail: sign in with Google to choose another.',
} as const;

/** Pre-send checks (docs/invoices.md), joined by `preSendMessage`. */
export const PRE_SEND_PROBLEMS = {
  contact: 'Choose contact',
  owner: 'Fill user data',
  ownerEmail: 'User email is invalid',
  currency: 'Choose currency',
  wallet: 'Choose wallet',
  contactData: 'Chosen contact is missing required data',
  bank: 'Some Bank details are missing',
} as const;

export const preSendMessage = (problems: readonly string[]): string =>
  `Please fix all required fields: ${problems.join(', ')}`;

/** Minimum amount of an issued invoice, in USDT (docs/invoices.md). */
export const MIN_INVOICE_USDT = '10';
/** The flat fiat-to-crypto fee, percent of the invoice amount (docs/invoices.md); FTC invoices are in EUR. */
export const FTC_FEE_PERCENT = '1.5';
export const FTC_CURRENCY = 'EUR' as const;
/** Attachments: images or PDF, at most this many bytes together once decoded (docs/invoices.md). */
export const MAX_ATTACHMENTS_BYTES = 10_000_000;
const MAX_WHOLE_DIGITS = 15;

const NUMBER = /^(\d+)(?:\.(\d+))?$/;
const NEGATIVE = /^-\d+(?:\.\d+)?$/;

/** Problems every invoice decimal shares (format, sign, size); null when it reads as a plain decimal ≥ 0. */
function decimalProblem(text: string): string | null {
  const value = text.trim();
  if (value === '') return INVOICE_MESSAGES.required;
  if (NEGATIVE.test(value)) return INVOICE_MESSAGES.notNegative;
  const match = NUMBER.exec(value);
  if (!match) return INVOICE_MESSAGES.notANumber;
  if ((match[1] ?? '').replace(/^0+(?=\d)/, '').length > MAX_WHOLE_DIGITS) return INVOICE_MESSAGES.tooManyDigits;
  return null;
}

const fractionOf = (text: string): string => NUMBER.exec(text.trim())?.[2]?.replace(/0+$/, '') ?? '';

/** Item quantity: a whole number above zero ('Must be positive', 'Cannot have decimals'). */
export function quantityError(text: string): string | null {
  const problem = decimalProblem(text);
  if (problem === INVOICE_MESSAGES.notNegative) return INVOICE_MESSAGES.positive;
  if (problem !== null) return problem;
  if (fractionOf(text) !== '') return INVOICE_MESSAGES.noDecimals;
  return new Big(text.trim()).gt(0) ? null : INVOICE_MESSAGES.positive;
}

/** Item unit price: above zero, at most 5 decimals. */
export function unitPriceError(text: string): string | null {
  const problem = decimalProblem(text);
  if (problem === INVOICE_MESSAGES.notNegative) return INVOICE_MESSAGES.positive;
  if (problem !== null) return problem;
  if (fractionOf(text).length > INVOICE_DECIMALS) return INVOICE_MESSAGES.maxDecimals;
  return new Big(text.trim()).gt(0) ? null : INVOICE_MESSAGES.positive;
}

/** Item discount or tax: not negative, at most 5 decimals; a percent at most 100 when `maxPercent`. */
export function adjustmentError(text: string, isPercent: boolean, maxPercent: boolean): string | null {
  const problem = decimalProblem(text);
  if (problem !== null) return problem;
  if (fractionOf(text).length > INVOICE_DECIMALS) return INVOICE_MESSAGES.maxDecimals;
  if (isPercent && maxPercent && new Big(text.trim()).gt(100)) return INVOICE_MESSAGES.percentOver100;
  return null;
}

export interface InvoiceItemFields {
  quantity: string;
  unit_price: string;
  discount: string;
  discount_is_percent: boolean;
  tax: string;
  tax_is_percent: boolean;
}

/** Errors of one item's numbers, by field (empty when the line can be computed). */
export function itemErrors(item: InvoiceItemFields): Partial<Record<keyof InvoiceItemFields, string>> {
  const errors: Partial<Record<keyof InvoiceItemFields, string>> = {};
  const quantity = quantityError(item.quantity);
  const unitPrice = unitPriceError(item.unit_price);
  const discount = adjustmentError(item.discount, item.discount_is_percent, true);
  const tax = adjustmentError(item.tax, item.tax_is_percent, false);
  if (quantity) errors.quantity = quantity;
  if (unitPrice) errors.unit_price = unitPrice;
  if (discount) errors.discount = discount;
  if (tax) errors.tax = tax;
  if (!quantity && !unitPrice && !discount && !item.discount_is_percent) {
    const gross = roundInvoice(new Big(item.quantity.trim()).times(item.unit_price.trim()));
    if (new Big(item.discount.trim()).gt(gross)) errors.discount = INVOICE_MESSAGES.discountOverAmount;
  }
  return errors;
}

/** The due date must come after the issued date (yyyy-MM-dd texts compare as dates). */
export function dueDateError(issuedAt: string | null, expiresAt: string | null): string | null {
  if (!issuedAt || !expiresAt) return null;
  return expiresAt > issuedAt ? null : INVOICE_MESSAGES.dueAfterIssued;
}

const DATA_URL = /^data:(image\/[a-z0-9.+-]+|application\/pdf);base64,([A-Za-z0-9+/]*={0,2})$/i;

/** Decoded bytes of an image or PDF data URL (base64); null when it is not one. */
export function attachmentBytes(dataUrl: string): number | null {
  const match = DATA_URL.exec(dataUrl);
  const payload = match?.[2];
  if (payload === undefined || payload.length % 4 !== 0) return null;
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return (payload.length / 4) * 3 - padding;
}

/** Sum of the attachments' decoded sizes; null when one is not an image or PDF data URL. */
export function attachmentsTotalBytes(attachments: readonly { data: string }[]): number | null {
  let total = 0;
  for (const attachment of attachments) {
    const bytes = attachmentBytes(attachment.data);
    if (bytes === null) return null;
    total += bytes;
  }
  return total;
}

export interface InvoiceTotalsOut {
  total_base_amount: string;
  total_tax_amount: string;
  total_tax_percentage: string;
  /** The FTC fee (0.00000 for other invoices); included in total_amount. */
  ftc_fee: string;
  total_amount: string;
}

/** The invoice's totals from its lines (never from client totals); see the file comment for the FTC fee. */
export function invoiceTotalsWithFee(items: readonly InvoiceItemInput[], isFtc: boolean): InvoiceTotalsOut {
  const sums = invoiceTotals(items);
  const fee = isFtc ? percentOf(sums.total_amount, FTC_FEE_PERCENT) : new Big(0);
  const base = new Big(sums.total_base_amount);
  const percentage = base.eq(0) ? new Big(0) : roundInvoice(divide(new Big(sums.total_tax_amount).times(100), base));
  return {
    total_base_amount: sums.total_base_amount,
    total_tax_amount: sums.total_tax_amount,
    total_tax_percentage: percentage.toFixed(INVOICE_DECIMALS),
    ftc_fee: fee.toFixed(INVOICE_DECIMALS),
    total_amount: new Big(sums.total_amount).plus(fee).toFixed(INVOICE_DECIMALS),
  };
}

/**
 * Whether a total (in the invoice currency) reaches 10 USDT, given the USDT quote rate (invoice currency per
 * USDT): total / quote ≥ 10, compared exactly.
 */
export function meetsMinimumAmount(totalAmount: string, usdtQuoteRate: string): boolean {
  const quote = new Big(usdtQuoteRate);
  if (quote.lte(0)) return false;
  return divide(totalAmount, quote).gte(MIN_INVOICE_USDT);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The owner e-mail's "simple address pattern" (docs/invoices.md). */
export const isOwnerEmail = (email: string): boolean => EMAIL.test(email.trim());

export interface OwnerFields {
  first_name: string;
  last_name: string;
  email: string;
  address_line1: string;
  city: string;
  postal_code: string;
  country: string;
  bank_account: string;
  iban: string;
}

/** Owner fields an issued invoice needs (docs/invoices.md), by field: 'This field is required' or the e-mail text. */
export function ownerErrors(owner: OwnerFields, template: InvoiceTemplate): Partial<Record<keyof OwnerFields, string>> {
  const required: (keyof OwnerFields)[] = ['email', 'address_line1', 'city', 'postal_code', 'country'];
  if (template === 'DEFAULT') required.unshift('first_name', 'last_name');
  else required.push('bank_account', 'iban');
  const errors: Partial<Record<keyof OwnerFields, string>> = {};
  for (const field of required) if (owner[field].trim() === '') errors[field] = INVOICE_MESSAGES.required;
  if (owner.email.trim() !== '' && !isOwnerEmail(owner.email)) errors.email = INVOICE_MESSAGES.invalidEmail;
  return errors;
}

/** A contact an issued invoice can bill: address_line1, postal_code, city and country filled. */
export const contactIsComplete = (contact: {
  address_line1: string;
  postal_code: string;
  city: string;
  country: string;
}): boolean => [contact.address_line1, contact.postal_code, contact.city, contact.country].every((v) => v.trim() !== '');

export interface IssuedInvoiceFields {
  kind: InvoiceTemplate;
  number: string;
  project_name: string;
  covering_period: string;
  issued_at: string | null;
  expires_at: string | null;
  contact: string | null;
  owner: OwnerFields | null;
  wallet: string | null;
  token: string | null;
  items: readonly unknown[];
}

/**
 * What an invoice sent as DUE lacks, as field errors ('owner.email', 'items', ...): dates, contact, owner, wallet,
 * token, at least one item, and the non-default templates' number, project name and covering period. The contact's
 * own data and the wallet's network are checked where they are known (the server, the form's pickers).
 */
export function issuedInvoiceErrors(input: IssuedInvoiceFields): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string): void => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const fields = ['issued_at', 'expires_at', 'contact', 'owner', 'wallet', 'token'] as const;
  for (const field of fields) if (input[field] === null) add(field, INVOICE_MESSAGES.required);
  if (input.kind !== 'DEFAULT') {
    for (const field of ['number', 'project_name', 'covering_period'] as const) {
      if (input[field].trim() === '') add(field, INVOICE_MESSAGES.required);
    }
  }
  if (input.owner !== null) {
    for (const [field, message] of Object.entries(ownerErrors(input.owner, input.kind))) add(`owner.${field}`, message);
  }
  if (input.items.length === 0) add('items', INVOICE_MESSAGES.atLeastOneItem);
  return errors;
}

/** The pre-send checks of the invoice form, in its order; empty when the invoice may be sent. */
export function preSendProblems(input: {
  kind: InvoiceTemplate;
  contact: { address_line1: string; postal_code: string; city: string; country: string } | null;
  owner: OwnerFields | null;
  fiat_currency: string | null;
  wallet: string | null;
}): string[] {
  const problems: string[] = [];
  if (input.contact === null) problems.push(PRE_SEND_PROBLEMS.contact);
  const owner = input.owner;
  const ownerProblems = owner === null ? null : ownerErrors(owner, input.kind);
  if (owner === null || Object.entries(ownerProblems ?? {}).some(([field]) => !['email', 'bank_account', 'iban'].includes(field))) {
    problems.push(PRE_SEND_PROBLEMS.owner);
  }
  if (owner !== null && !isOwnerEmail(owner.email)) problems.push(PRE_SEND_PROBLEMS.ownerEmail);
  if (!input.fiat_currency) problems.push(PRE_SEND_PROBLEMS.currency);
  if (input.wallet === null) problems.push(PRE_SEND_PROBLEMS.wallet);
  if (input.contact !== null && !contactIsComplete(input.contact)) problems.push(PRE_SEND_PROBLEMS.contactData);
  if (input.kind !== 'DEFAULT' && owner !== null && (owner.bank_account.trim() === '' || owner.iban.trim() === '')) {
    problems.push(PRE_SEND_PROBLEMS.bank);
  }
  return problems;
}
