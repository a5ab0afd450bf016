/**
 * Turns a validated invoice body (a create, or an edit merged over the stored draft) into the rows to store:
 * the contact and wallet must be the user's, the token USDC or USDT on the wallet's network, an invoice sent as
 * DUE complete (docs/invoices.md) and worth at least 10 USDT; totals are computed here from the lines, never taken from the
 * client. Field errors are gathered and answered together as one 400.
 */
import { and, eq } from 'drizzle-orm';
import type { FieldErrors } from '../../shared/api-types';
import type { FiatCurrency } from '../../shared/enums';
import {
  contactIsComplete,
  dueDateError,
  FTC_CURRENCY,
  INVOICE_MESSAGES,
  invoiceTotalsWithFee,
  issuedInvoiceErrors,
  meetsMinimumAmount,
} from '../../shared/invoice-rules';
import { invoiceItemTotals } from '../../shared/money';
import type { InvoiceInput } from '../../shared/schemas/invoice';
import { FTC_MESSAGES } from '../../shared/schemas/ftc';
import type { Database } from '../db/database';
import { contacts, wallets, type InvoiceContactSnapshot, type NewInvoiceRow } from '../db/schema';
import { fieldErrors } from '../http/api-error';
import type { Services } from '../services';
import { contactDetails } from '../contacts/contact-view';
import { ftcDetailsForIssue } from '../ftc/ftc-invoice';
import { invoiceQuote, isPaymentNetwork, paymentToken } from './invoice-payment';

export type InvoiceColumns = Omit<NewInvoiceRow, 'id' | 'documentId' | 'userId' | 'createdAt' | 'updatedAt'>;

export interface PreparedItem {
  position: number;
  name: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  discountIsPercent: boolean;
  tax: string;
  taxIsPercent: boolean;
  totalAmount: string;
}

export interface PreparedInvoice {
  name: string;
  state: 'DRAFT' | 'DUE';
  walletId: string | null;
  invoice: InvoiceColumns;
  items: PreparedItem[];
}

async function ownContact(db: Database, userId: string, id: string): Promise<InvoiceContactSnapshot | undefined> {
  const [row] = await db.select().from(contacts).where(and(eq(contacts.id, id), eq(contacts.userId, userId)));
  if (row === undefined) return undefined;
  return { id: row.id, ...contactDetails(row) };
}

export async function prepareInvoice(
  s: Services,
  user: { id: string; fiatCurrency: FiatCurrency; signedEmail: string | null; kyc: string | null },
  input: InvoiceInput,
): Promise<PreparedInvoice> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string): void => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  // The form offers the other templates only with a signed e-mail.
  if (input.kind !== 'DEFAULT' && !user.signedEmail) add('kind', INVOICE_MESSAGES.templateNeedsSignedEmail);
  const issued = input.state === 'DUE';
  if (issued) for (const [field, messages] of Object.entries(issuedInvoiceErrors(input))) for (const m of messages) add(field, m);
  const due = dueDateError(input.issued_at, input.expires_at);
  if (due !== null && errors.expires_at === undefined) add('expires_at', due);

  const contact = input.contact === null ? null : await ownContact(s.db, user.id, input.contact);
  if (contact === undefined) add('contact', INVOICE_MESSAGES.unknownContact);
  else if (contact !== null && issued && !contactIsComplete(contact)) add('contact', INVOICE_MESSAGES.contactMissingData);

  const [wallet] =
    input.wallet === null
      ? [null]
      : await s.db.select().from(wallets).where(and(eq(wallets.id, input.wallet), eq(wallets.userId, user.id)));
  if (wallet === undefined) add('wallet', INVOICE_MESSAGES.unknownWallet);
  else if (wallet !== null && !isPaymentNetwork(wallet.network)) add('wallet', INVOICE_MESSAGES.paymentNetwork);
  const network = wallet && isPaymentNetwork(wallet.network) ? wallet.network : null;

  const token = input.token === null ? null : paymentToken(s, input.token, network);
  if (token === undefined) add('token', INVOICE_MESSAGES.paymentToken);

  const fiat: FiatCurrency = input.is_ftc ? FTC_CURRENCY : input.fiat_currency;
  const items = input.items.map((item, position): PreparedItem => ({
    position,
    name: item.name,
    description: item.description,
    quantity: item.quantity,
    unitPrice: item.unit_price,
    discount: item.discount,
    discountIsPercent: item.discount_is_percent,
    tax: item.tax,
    taxIsPercent: item.tax_is_percent,
    totalAmount: invoiceItemTotals(item).total,
  }));
  const totals = invoiceTotalsWithFee(input.items, input.is_ftc);
  // Fiat-to-Crypto needs a verified owner (kyc FULL_USER); issuing also needs their bank account.
  if (input.is_ftc && !issued && user.kyc !== 'FULL_USER') add('is_ftc', FTC_MESSAGES.kycRequired);
  const ftc = issued && input.is_ftc ? await ftcDetailsForIssue(s.db, user.id) : null;
  if (typeof ftc === 'string') add('is_ftc', ftc);
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);

  let valueFiat: string | null = null;
  if (issued && network !== null) {
    const quote = await invoiceQuote(s, { network, fiat, ownerFiat: user.fiatCurrency, totalAmount: totals.total_amount });
    if (!meetsMinimumAmount(totals.total_amount, quote.usdtQuoteRate)) throw fieldErrors({ non_field_errors: [INVOICE_MESSAGES.minimumAmount] });
    valueFiat = quote.valueFiat;
  }

  return {
    name: input.name,
    state: input.state,
    walletId: wallet?.id ?? null,
    items,
    invoice: {
      template: input.kind,
      number: input.number,
      vendor: input.vendor,
      projectName: input.project_name,
      coveringPeriod: input.covering_period,
      issuedAt: input.issued_at,
      expiresAt: input.expires_at,
      fiatCurrency: fiat,
      message: input.message,
      contactId: contact?.id ?? null,
      contact: contact ?? null,
      owner: input.owner,
      walletId: wallet?.id ?? null,
      network: wallet?.network ?? null,
      walletAddress: wallet?.address ?? null,
      tokenId: token?.id ?? null,
      tokenSymbol: token?.symbol ?? null,
      tokenName: token?.name ?? null,
      tokenImageUrl: token?.image_url ?? null,
      contractAddress: token ? (token.address === 'native' ? null : token.address) : null,
      isFtc: input.is_ftc,
      ftc: typeof ftc === 'string' ? null : ftc,
      downloadOnly: input.download_only,
      attachments: input.attachments,
      totalAmount: totals.total_amount,
      totalTaxAmount: totals.total_tax_amount,
      totalBaseAmount: totals.total_base_amount,
      totalTaxPercentage: totals.total_tax_percentage,
      valueFiat,
    },
  };
}
