/**
 * The invoice form's own checks before it sends (docs/invoices.md, Owner, Pre-send checks, Minimum invoice
 * amount), with the rules the server applies (src/shared/invoice-rules.ts). Errors are keyed by the server's
 * dotted paths ('items.0.quantity', 'owner.email'), so the server's 400 and these land on the same fields.
 */
import {
  dueDateError,
  INVOICE_MESSAGES,
  invoiceTotalsWithFee,
  itemErrors,
  meetsMinimumAmount,
  ownerErrors,
  preSendMessage,
  preSendProblems,
  type InvoiceTotalsOut,
} from '../../../shared/invoice-rules';
import { cryptoAmountFromQuote } from '../../../shared/money';
import { ACTION_STATE, invoiceBody, type InvoiceFormValues, type SubmitAction } from './invoice-form-model';

export type FormErrors = Record<string, string[]>;

function adder(errors: FormErrors) {
  return (field: string, message: string): void => {
    errors[field] = [...(errors[field] ?? []), message];
  };
}

/**
 * Field errors of the form for `action`. Every save needs a name, valid item lines and a due date after the issued
 * date; an issued invoice (Download PDF, SEND) also needs its dates, an item, the owner's details and, for the
 * letter templates, number, project name and covering period.
 */
export function formErrors(values: InvoiceFormValues, action: SubmitAction): FormErrors {
  const errors: FormErrors = {};
  const add = adder(errors);
  const body = invoiceBody(values, action);
  if (body.name === '') add('name', INVOICE_MESSAGES.required);
  body.items.forEach((item, index) => {
    if (item.name === '') add(`items.${String(index)}.name`, INVOICE_MESSAGES.required);
    for (const [field, message] of Object.entries(itemErrors(item))) add(`items.${String(index)}.${field}`, message);
  });
  const due = dueDateError(body.issued_at, body.expires_at);
  if (due !== null) add('expires_at', due);
  if (ACTION_STATE[action] !== 'DUE') return errors;

  if (body.issued_at === null) add('issued_at', INVOICE_MESSAGES.required);
  if (body.expires_at === null) add('expires_at', INVOICE_MESSAGES.required);
  if (body.items.length === 0) add('items', INVOICE_MESSAGES.atLeastOneItem);
  if (body.kind !== 'DEFAULT') {
    for (const field of ['number', 'project_name', 'covering_period'] as const) {
      if (body[field] === '') add(field, INVOICE_MESSAGES.required);
    }
  }
  for (const [field, message] of Object.entries(ownerErrors(values.owner, values.kind))) add(`owner.${field}`, message);
  return errors;
}

interface ContactData {
  address_line1: string;
  postal_code: string;
  city: string;
  country: string;
}

/**
 * The pre-send message ('Please fix all required fields: Choose contact, Choose wallet'), or null when the
 * invoice may be issued. `contact` is the chosen contact's data, null when none is chosen.
 */
export function preSendText(values: InvoiceFormValues, contact: ContactData | null): string | null {
  const problems = preSendProblems({
    kind: values.kind,
    contact,
    owner: values.owner,
    fiat_currency: values.fiat_currency,
    wallet: values.wallet,
  });
  return problems.length === 0 ? null : preSendMessage(problems);
}

/** The totals of the lines that can be computed (lines with errors are left out until fixed). */
export function formTotals(values: InvoiceFormValues): InvoiceTotalsOut {
  const items = invoiceBody(values, 'draft').items.filter((item) => Object.keys(itemErrors(item)).length === 0);
  return invoiceTotalsWithFee(items, values.is_ftc);
}

/** What the total comes to in a token at `quoteRate` (invoice currency per token), 4 decimals; null without a rate. */
export function cryptoAmount(totalAmount: string, quoteRate: string | null | undefined): string | null {
  if (!quoteRate || !/^\d+(\.\d+)?$/.test(quoteRate) || /^0+(\.0+)?$/.test(quoteRate)) return null;
  return cryptoAmountFromQuote(totalAmount, quoteRate);
}

/** 'The minimum invoice amount must be the equivalent of 10 USDT.' when the total is below it, else null. */
export function minimumAmountText(totalAmount: string, usdtQuoteRate: string): string | null {
  return meetsMinimumAmount(totalAmount, usdtQuoteRate) ? null : INVOICE_MESSAGES.minimumAmount;
}
