import { boolean, date, index, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceContactOut, InvoiceOut } from '../../../shared/contract/invoices';
import type { InvoiceOwnerOut } from '../../../shared/contract/payments';
import type { FiatCurrency, Network } from '../../../shared/enums';
import { contacts } from './contacts';
import { documents } from './documents';
import { users } from './users';
import { wallets } from './wallets';

/** The sender's details printed on an invoice (docs/invoices.md). */
export type InvoiceOwner = InvoiceOwnerOut;

/** The bill-to contact as it was when the invoice was last saved (an issued invoice keeps it). */
export type InvoiceContactSnapshot = InvoiceContactOut;

/** An attached image or PDF as a data URL (docs/invoices.md attachments). */
export interface InvoiceAttachment {
  name: string;
  data: string;
}

/** Fiat-to-crypto payment details of an invoice (docs/invoices.md ftc). */
export type InvoiceFtc = NonNullable<InvoiceOut['ftc']>;

/**
 * An invoice's own fields; its name, state and created date are those of its INVOICE document (one invoice per
 * document, deleted with it). Amounts are decimals computed with 5 decimals (docs/invoices.md math).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .unique('invoices_document_id_key')
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The template: DEFAULT, TAHOTM or ADVISORY. */
    template: text('template').notNull().default('DEFAULT'),
    number: text('number').notNull().default(''),
    vendor: text('vendor').notNull().default(''),
    projectName: text('project_name').notNull().default(''),
    coveringPeriod: text('covering_period').notNull().default(''),
    issuedAt: date('issued_at', { mode: 'string' }),
    expiresAt: date('expires_at', { mode: 'string' }),
    fiatCurrency: text('fiat_currency').$type<FiatCurrency>().notNull().default('USD'),
    message: text('message').notNull().default(''),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    contact: jsonb('contact').$type<InvoiceContactSnapshot | null>(),
    owner: jsonb('owner').$type<InvoiceOwner | null>(),
    walletId: uuid('wallet_id').references(() => wallets.id, { onDelete: 'set null' }),
    network: text('network').$type<Network>(),
    walletAddress: text('wallet_address'),
    /** The receiving token (tokens id, symbol, name, image) and its contract on the invoice's network. */
    tokenId: text('token_id'),
    tokenSymbol: text('token_symbol'),
    tokenName: text('token_name'),
    tokenImageUrl: text('token_image_url'),
    contractAddress: text('contract_address'),
    isFtc: boolean('is_ftc').notNull().default(false),
    ftc: jsonb('ftc').$type<InvoiceFtc | null>(),
    downloadOnly: boolean('download_only').notNull().default(false),
    attachments: jsonb('attachments').$type<InvoiceAttachment[]>().notNull().default([]),
    totalAmount: numeric('total_amount').notNull().default('0'),
    totalTaxAmount: numeric('total_tax_amount').notNull().default('0'),
    totalBaseAmount: numeric('total_base_amount').notNull().default('0'),
    totalTaxPercentage: numeric('total_tax_percentage').notNull().default('0'),
    /** The total in the owner's fiat currency when it was issued (null until known). */
    valueFiat: numeric('value_fiat'),
    /** When it was issued (sent as DUE); payments found on the chain count from then. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When it became PAID; null before. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Paid after its due day. */
    paidLate: boolean('paid_late').notNull().default(false),
    /** Marked paid by the owner by hand, with their note. */
    markedPaid: boolean('marked_paid').notNull().default(false),
    markedNote: text('marked_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_user_idx').on(t.userId),
    index('invoices_contact_idx').on(t.contactId),
    index('invoices_receiving_idx').on(t.network, t.walletAddress),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
