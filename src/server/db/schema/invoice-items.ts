import { boolean, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { invoices } from './invoices';

/**
 * A line of an invoice (docs/invoices.md): base = quantity × unit_price minus the discount (percent or
 * fixed), tax a percent of base or fixed, total = base + tax, all with 5 decimals. `position` keeps their order.
 */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    quantity: numeric('quantity').notNull(),
    unitPrice: numeric('unit_price').notNull(),
    discount: numeric('discount').notNull().default('0'),
    discountIsPercent: boolean('discount_is_percent').notNull().default(false),
    tax: numeric('tax').notNull().default('0'),
    taxIsPercent: boolean('tax_is_percent').notNull().default(true),
    totalAmount: numeric('total_amount').notNull(),
  },
  (t) => [index('invoice_items_invoice_idx').on(t.invoiceId, t.position)],
);

export type InvoiceItemRow = typeof invoiceItems.$inferSelect;
