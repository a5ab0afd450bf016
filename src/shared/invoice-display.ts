/**
 * How an invoice reads, on the invoice page and in its PDF alike (docs/invoices.md,
 * docs/invoices.md badges, docs/invoices.md date and money formats).
 */
import type { InvoiceContactOut, InvoiceItemOut, InvoiceOut } from './contract/invoices';
import type { InvoiceOwnerOut } from './contract/payments';
import { FIAT_SYMBOLS, NETWORK_LABELS, type FiatCurrency, type InvoiceState, type InvoiceTemplate, type Network } from './enums';
import { formatAmount, formatEuro, toDecimal } from './money';
import { calendarDayText } from './day-format';

/** What a missing value reads. */
export const NOT_GIVEN = 'N/A';

/** DUE is shown as 'SENT' (docs/invoices.md); the other states by their name. */
export function invoiceStateText(state: InvoiceState): string {
  return state === 'DUE' ? 'SENT' : state;
}

/** TAHOTM and ADVISORY use the formal letter layout; DEFAULT the standard one. */
export function isLetterTemplate(template: InvoiceTemplate): boolean {
  return template !== 'DEFAULT';
}

/** A yyyy-MM-dd day as 'Jan 31, 2025' (docs/invoices.md 'MMM dd, yyyy'); null for a missing or unreadable day. */
export function invoiceDayText(day: string | null | undefined): string | null {
  return day ? calendarDayText(day) : null;
}

/** Drafts show no due date (docs/invoices.md). */
export function invoiceDueDay(invoice: Pick<InvoiceOut, 'state' | 'expires_at'>): string | null {
  return invoice.state === 'DRAFT' ? null : invoiceDayText(invoice.expires_at);
}

/** Base currencies that are coins show up to 6 decimals; the others 2 (docs/invoices.md: euro with 2 decimals). */
const COIN_CURRENCIES: ReadonlySet<FiatCurrency> = new Set(['ETH', 'BNB', 'BTC']);

function isDecimal(value: string): boolean {
  try {
    toDecimal(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * An amount in the invoice currency: '$1,234.50', '€12.00', 'CHF 3.00', 'Ξ0.5'; '—' when unreadable.
 * `symbol` replaces the currency's symbol (the PDF's standard fonts cannot draw every one).
 */
export function invoiceMoneyText(value: string | null | undefined, currency: FiatCurrency, symbol: string = FIAT_SYMBOLS[currency]): string {
  if (value === null || value === undefined || !isDecimal(value)) return '—';
  const text = COIN_CURRENCIES.has(currency) ? formatAmount(value, { maxDecimals: 6 }) : formatEuro(value);
  const separator = symbol.length > 1 && /[A-Z]$/.test(symbol) ? ' ' : '';
  return text.startsWith('-') ? `-${symbol}${separator}${text.slice(1)}` : `${symbol}${separator}${text}`;
}

/** A unit price: the invoice's own precision (up to 5 decimals, at least 2), so 19.99999 is not shown as 20.00. */
export function unitPriceText(value: string, currency: FiatCurrency, symbol: string = FIAT_SYMBOLS[currency]): string {
  if (COIN_CURRENCIES.has(currency) || !isDecimal(value)) return invoiceMoneyText(value, currency, symbol);
  const text = formatAmount(value, { minDecimals: 2, maxDecimals: 5 });
  const separator = symbol.length > 1 && /[A-Z]$/.test(symbol) ? ' ' : '';
  return text.startsWith('-') ? `-${symbol}${separator}${text.slice(1)}` : `${symbol}${separator}${text}`;
}

/** A plain number for quantities and percentages: up to 5 decimals, no grouping ('1.5', '19'). */
export function invoiceNumberText(value: string): string {
  return isDecimal(value) ? formatAmount(value, { maxDecimals: 5 }) : value;
}

/** An item's discount or tax: '10%' when a percentage, else an amount in the invoice currency. */
export function adjustmentText(amount: string, isPercent: boolean, currency: FiatCurrency, symbol?: string): string {
  if (isDecimal(amount) && toDecimal(amount).eq(0)) return isPercent ? '0%' : invoiceMoneyText(amount, currency, symbol);
  return isPercent ? `${invoiceNumberText(amount)}%` : invoiceMoneyText(amount, currency, symbol);
}

export interface ItemRowText {
  name: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  tax: string;
  total: string;
}

/** One line of the items table, as text. */
export function itemRowText(item: Omit<InvoiceItemOut, 'id'>, currency: FiatCurrency, symbol?: string): ItemRowText {
  return {
    name: item.name,
    description: item.description,
    quantity: invoiceNumberText(item.quantity),
    unitPrice: unitPriceText(item.unit_price, currency, symbol),
    discount: adjustmentText(item.discount, item.discount_is_percent, currency, symbol),
    tax: adjustmentText(item.tax, item.tax_is_percent, currency, symbol),
    total: invoiceMoneyText(item.total_amount, currency, symbol),
  };
}

/** 'Grace Hopper'; blank parts left out. */
export function fullName(person: { first_name: string; last_name: string }): string {
  return [person.first_name, person.last_name].map((part) => part.trim()).filter(Boolean).join(' ');
}

/** Who sends the invoice: the company when given, else the owner's name. */
export function ownerDisplayName(owner: InvoiceOwnerOut | null): string {
  if (owner === null) return NOT_GIVEN;
  return owner.company.trim() || fullName(owner) || owner.email.trim() || NOT_GIVEN;
}

/** 'Invoice from ACME' (docs/invoices.md: the public view names the sender). */
export function invoiceFromText(owner: InvoiceOwnerOut | null): string {
  return `Invoice from ${ownerDisplayName(owner)}`;
}

/** The postal lines of a party: name, company, street, 'postal code city', country, tax number, e-mail. */
export function partyLines(party: InvoiceOwnerOut | Omit<InvoiceContactOut, 'id'> | null): string[] {
  if (party === null) return [NOT_GIVEN];
  const name = fullName(party);
  const company = party.company.trim();
  const lines = [
    name,
    company !== name ? company : '',
    party.address_line1,
    party.address_line2,
    [party.postal_code, party.city].map((part) => part.trim()).filter(Boolean).join(' '),
    party.country,
    party.tax_number.trim() ? `Tax number: ${party.tax_number.trim()}` : '',
    party.email,
  ];
  const given = lines.map((line) => line.trim()).filter(Boolean);
  return given.length > 0 ? given : [NOT_GIVEN];
}

/** The owner's bank details the formal letter shows, labelled; blank ones left out. */
export function bankDetailLines(owner: InvoiceOwnerOut | null): [label: string, value: string][] {
  if (owner === null) return [];
  const rows: [string, string][] = [
    ['Bank', owner.bank_name],
    ['Account', owner.bank_account],
    ['IBAN', owner.iban],
    ['Clearing number', owner.clearing_number],
    ['SWIFT', owner.swift],
  ];
  return rows.map(([label, value]): [string, string] => [label, value.trim()]).filter(([, value]) => value !== '');
}

/** 'Polygon', '0x12…' parts of the receiving wallet, and the token ('USDT (Tether USD)'). */
export function paymentText<W extends { network: Network; address: string }, T extends { symbol: string; name: string }>(invoice: {
  wallet: W | null;
  token: T | null;
}): { network: string; address: string; token: string } {
  const token = invoice.token;
  return {
    network: invoice.wallet ? NETWORK_LABELS[invoice.wallet.network] : NOT_GIVEN,
    address: invoice.wallet?.address ?? NOT_GIVEN,
    token: token === null ? NOT_GIVEN : token.name && token.name !== token.symbol ? `${token.symbol} (${token.name})` : token.symbol || NOT_GIVEN,
  };
}

/** The message, or 'N/A' (docs/invoices.md). */
export function messageText(message: string | null | undefined): string {
  return message?.trim() ? message.trim() : NOT_GIVEN;
}

/** The FTC fee included in the total (total − base − tax), or null when there is none. */
export function ftcFee(invoice: Pick<InvoiceOut, 'is_ftc' | 'total_amount' | 'total_base_amount' | 'total_tax_amount'>): string | null {
  if (!invoice.is_ftc) return null;
  if (![invoice.total_amount, invoice.total_base_amount, invoice.total_tax_amount].every(isDecimal)) return null;
  const fee = toDecimal(invoice.total_amount).minus(invoice.total_base_amount).minus(invoice.total_tax_amount);
  return fee.gt(0) ? fee.toFixed(5) : null;
}
