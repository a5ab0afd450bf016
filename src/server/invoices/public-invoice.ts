/** The public invoice: what a payer needs and nothing else (no ids of the owner's contacts, wallets, documents, items). */
import { asc, eq } from 'drizzle-orm';
import { tokenDecimals } from '../../shared/money';
import { pathOf } from '../../shared/contract/endpoint';
import { paymentEndpoints, type PaymentStatusOut, type PublicInvoiceOut } from '../../shared/contract/payments';
import { invoiceItems } from '../db/schema';
import type { Database } from '../db/database';
import { invoiceView } from './invoice-view';
import type { StoredInvoice } from './invoice-store';

export async function publicInvoice(db: Database, stored: StoredInvoice, payment: PaymentStatusOut, now: Date, timeZone: string): Promise<PublicInvoiceOut> {
  const { document, invoice: row } = stored;
  const items = await db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, row.id)).orderBy(asc(invoiceItems.position));
  const view = invoiceView(document, row, items, now, timeZone);
  const { contact, wallet, token, ftc } = view;
  return {
    id: view.id,
    name: view.name,
    number: view.number,
    vendor: view.vendor,
    project_name: view.project_name,
    covering_period: view.covering_period,
    kind: view.kind,
    state: view.state,
    issued_at: view.issued_at,
    expires_at: view.expires_at,
    days_to_expire: view.days_to_expire,
    fiat_currency: view.fiat_currency,
    message: view.message,
    owner: view.owner,
    contact: contact === null ? null : withoutId(contact),
    wallet: wallet === null ? null : { network: wallet.network, address: wallet.address },
    token: token === null ? null : { ...token, decimals: tokenDecimals(token.symbol) },
    contract_address: view.contract_address,
    items: view.items.map(withoutId),
    attachments: view.attachments.map((file, index) => ({ name: file.name, url: pathOf(paymentEndpoints.getInvoiceAttachment.path, { id: row.id, index }) })),
    is_ftc: view.is_ftc,
    ftc: view.is_ftc && ftc !== null ? { bank_iban: ftc.bank_iban, bank_bic: ftc.bank_bic, payment_ref: ftc.payment_ref } : null,
    total_amount: view.total_amount,
    total_tax_amount: view.total_tax_amount,
    total_base_amount: view.total_base_amount,
    total_tax_percentage: view.total_tax_percentage,
    payment,
  };
}

function withoutId<T extends { id: unknown }>(value: T): Omit<T, 'id'> {
  const { id: _id, ...rest } = value;
  return rest;
}
