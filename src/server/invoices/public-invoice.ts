/** The public invoice: what a payer needs and nothing else (no ids of the owner's contacts, wallets, documents, items). */
import { asc, eq } from 'drizzle-orm';
import type { InvoiceState, InvoiceTemplate } from '../../shared/enums';
import { tokenDecimals } from '../../shared/money';
import { pathOf } from '../../shared/contract/endpoint';
import { paymentEndpoints, type PaymentStatusOut, type PublicInvoiceOut } from '../../shared/contract/payments';
import { invoiceItems } from '../db/schema';
import type { Database } from '../db/database';
import { daysToExpire } from './invoice-view';
import type { StoredInvoice } from './invoice-store';

export async function publicInvoice(db: Database, stored: StoredInvoice, payment: PaymentStatusOut, now: Date, timeZone: string): Promise<PublicInvoiceOut> {
  const { document, invoice: row } = stored;
  const items = await db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, row.id)).orderBy(asc(invoiceItems.position));
  const contact = row.contact;
  return {
    id: row.id,
    name: document.name,
    number: row.number,
    vendor: row.vendor,
    project_name: row.projectName,
    covering_period: row.coveringPeriod,
    kind: row.template as InvoiceTemplate,
    state: (document.state ?? 'DRAFT') as InvoiceState,
    issued_at: row.issuedAt,
    expires_at: row.expiresAt,
    days_to_expire: daysToExpire(row.expiresAt, now, timeZone),
    fiat_currency: row.fiatCurrency,
    message: row.message,
    owner: row.owner ?? null,
    contact: contact
      ? {
          first_name: contact.first_name,
          last_name: contact.last_name,
          company: contact.company,
          email: contact.email,
          address_line1: contact.address_line1,
          address_line2: contact.address_line2,
          country: contact.country,
          city: contact.city,
          postal_code: contact.postal_code,
          tax_number: contact.tax_number,
        }
      : null,
    wallet: row.network && row.walletAddress ? { network: row.network, address: row.walletAddress } : null,
    token: row.tokenId
      ? { id: row.tokenId, symbol: row.tokenSymbol ?? '', name: row.tokenName ?? '', image_url: row.tokenImageUrl ?? '', decimals: tokenDecimals(row.tokenSymbol ?? '') }
      : null,
    contract_address: row.contractAddress,
    items: items.map((item) => ({
      name: item.name,
      description: item.description,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      discount: item.discount,
      discount_is_percent: item.discountIsPercent,
      tax: item.tax,
      tax_is_percent: item.taxIsPercent,
      total_amount: item.totalAmount,
    })),
    attachments: row.attachments.map((file, index) => ({ name: file.name, url: pathOf(paymentEndpoints.getInvoiceAttachment.path, { id: row.id, index }) })),
    is_ftc: row.isFtc,
    ftc: row.isFtc && row.ftc ? { bank_iban: row.ftc.bank_iban, bank_bic: row.ftc.bank_bic, payment_ref: row.ftc.payment_ref } : null,
    total_amount: row.totalAmount,
    total_tax_amount: row.totalTaxAmount,
    total_base_amount: row.totalBaseAmount,
    total_tax_percentage: row.totalTaxPercentage,
    payment,
  };
}
