/**
 * Sample invoices of the demo users (2 DUE, 2 PAID, 1 DRAFT), so the dashboard's invoicing columns and the documents
 * list show something. Each demo user with a wallet on an invoice network (ETHEREUM, POLYGON) gets them, billed to
 * demo contacts (made when the user has none). Like the rest of the demo data they depend on the UTC day alone:
 * their documents carry the Idempotency-Key `demo-invoice:<day>:<n>`, and on a new day they are replaced in one
 * database transaction. Totals come from the shared invoice math.
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import { INVOICE_PAYMENT_NETWORKS, type InvoiceState, type Network } from '../../shared/enums';
import { invoiceTotalsWithFee } from '../../shared/invoice-rules';
import { invoiceItemTotals } from '../../shared/money';
import type { Database } from '../db/database';
import { contacts, documents, documentWallets, invoiceItems, invoices, users, wallets, type InvoiceOwner } from '../db/schema';
import { createTokenRegistry } from '../providers/tokens/token-registry';
import { DEMO_WALLETS, demoAuthKey } from './demo-wallets';

const KEY_PREFIX = 'demo-invoice:';
const DAY_MS = 86_400_000;
const isoDay = (at: Date): string => at.toISOString().slice(0, 10);

const DEMO_CONTACTS = [
  { firstName: 'Grace', lastName: 'Hopper', company: 'Cobol Consulting', email: 'grace@example.com', addressLine1: '1 Harbor Way', city: 'Arlington', postalCode: '22201', country: 'United States' },
  { firstName: 'Alan', lastName: 'Turing', company: 'Bletchley Analytics', email: 'alan@example.com', addressLine1: '9 Park Lane', city: 'Manchester', postalCode: 'M1 1AA', country: 'United Kingdom' },
  { firstName: 'Hedy', lastName: 'Lamarr', company: 'Frequency Labs', email: 'hedy@example.com', addressLine1: '4 Ring Street', city: 'Vienna', postalCode: '1010', country: 'Austria' },
] as const;

const OWNER: InvoiceOwner = {
  first_name: 'Demo',
  last_name: 'User',
  email: 'demo@example.com',
  company: 'Demo Studio',
  address_line1: '100 Example Street',
  address_line2: '',
  city: 'Berlin',
  postal_code: '10115',
  country: 'Germany',
  bank_name: '',
  bank_account: '',
  iban: '',
  clearing_number: '',
  swift: '',
  tax_number: '',
};

interface DemoInvoice {
  name: string;
  state: InvoiceState;
  /** Days before today it was made and issued. */
  age: number;
  contact: number;
  items: { name: string; quantity: string; unit_price: string; discount: string; discount_is_percent: boolean; tax: string; tax_is_percent: boolean }[];
}

const item = (name: string, quantity: string, unitPrice: string, tax = '19') => ({
  name,
  quantity,
  unit_price: unitPrice,
  discount: '0',
  discount_is_percent: false,
  tax,
  tax_is_percent: true,
});

const DEMO_INVOICES: readonly DemoInvoice[] = [
  { name: 'Website redesign', state: 'DUE', age: 5, contact: 0, items: [item('Design sprint', '2', '1250'), item('Hosting setup', '1', '180.5')] },
  { name: 'Smart contract audit', state: 'DUE', age: 12, contact: 1, items: [item('Audit days', '4', '900', '0')] },
  { name: 'Brand workshop', state: 'PAID', age: 40, contact: 2, items: [item('Workshop', '1', '1500'), item('Travel', '1', '320.75', '0')] },
  { name: 'Monthly retainer', state: 'PAID', age: 70, contact: 0, items: [{ ...item('Retainer', '1', '2000'), discount: '10', discount_is_percent: true }] },
  { name: 'Q3 data migration', state: 'DRAFT', age: 1, contact: 1, items: [item('Migration', '3', '450')] },
];

/** The demo users' wallets on an invoice network. */
async function demoInvoiceWallets(db: Database): Promise<{ userId: string; walletId: string; network: Network; address: string }[]> {
  const rows = await db
    .select({ userId: users.id, walletId: wallets.id, network: wallets.network, address: wallets.address })
    .from(users)
    .innerJoin(wallets, eq(wallets.userId, users.id))
    .where(and(eq(users.isDemo, true), inArray(users.authKey, DEMO_WALLETS.map((w) => demoAuthKey(w.address))), inArray(wallets.network, [...INVOICE_PAYMENT_NETWORKS])));
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.userId) && seen.add(row.userId));
}

async function demoContactIds(tx: Database, userId: string, now: Date): Promise<string[]> {
  const existing = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.userId, userId)).orderBy(contacts.createdAt, contacts.id);
  if (existing.length > 0) return existing.map((row) => row.id);
  const made = await tx
    .insert(contacts)
    .values(DEMO_CONTACTS.map((c, n) => ({ ...c, userId, idempotencyKey: `demo-contact:${String(n)}`, createdAt: now, updatedAt: now })))
    .returning({ id: contacts.id });
  return made.map((row) => row.id);
}

async function writeDemoInvoices(tx: Database, wallet: { userId: string; walletId: string; network: Network; address: string }, now: Date): Promise<void> {
  const { userId } = wallet;
  await tx.delete(documents).where(and(eq(documents.userId, userId), like(documents.idempotencyKey, `${KEY_PREFIX}%`)));
  const contactIds = await demoContactIds(tx, userId, now);
  const contactRows = await tx.select().from(contacts).where(inArray(contacts.id, contactIds));
  const usdc = createTokenRegistry().list(wallet.network).find((token) => token.symbol === 'USDC');
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (const [n, demo] of DEMO_INVOICES.entries()) {
    const made = new Date(today - demo.age * DAY_MS + 9 * 3_600_000);
    const contact = contactRows.find((row) => row.id === contactIds[demo.contact % contactIds.length]) ?? null;
    const totals = invoiceTotalsWithFee(demo.items, false);
    const [document] = await tx
      .insert(documents)
      .values({ userId, kind: 'INVOICE', name: demo.name, state: demo.state, idempotencyKey: `${KEY_PREFIX}${isoDay(now)}:${String(n)}`, createdAt: made, updatedAt: made })
      .returning({ id: documents.id });
    if (document === undefined) throw new Error('A demo document insert returned no row.');
    const [invoice] = await tx
      .insert(invoices)
      .values({
        documentId: document.id,
        userId,
        issuedAt: isoDay(made),
        expiresAt: isoDay(new Date(made.getTime() + 30 * DAY_MS)),
        fiatCurrency: 'USD',
        message: 'Thank you for your business.',
        contactId: contact?.id ?? null,
        contact: contact && {
          id: contact.id,
          first_name: contact.firstName,
          last_name: contact.lastName,
          company: contact.company,
          email: contact.email,
          address_line1: contact.addressLine1,
          address_line2: contact.addressLine2,
          country: contact.country,
          city: contact.city,
          postal_code: contact.postalCode,
          tax_number: contact.taxNumber,
        },
        owner: OWNER,
        walletId: wallet.walletId,
        network: wallet.network,
        walletAddress: wallet.address,
        tokenId: usdc?.id ?? null,
        tokenSymbol: usdc?.symbol ?? null,
        tokenName: usdc?.name ?? null,
        tokenImageUrl: usdc?.image_url ?? null,
        contractAddress: usdc && usdc.address !== 'native' ? usdc.address : null,
        totalAmount: totals.total_amount,
        totalTaxAmount: totals.total_tax_amount,
        totalBaseAmount: totals.total_base_amount,
        totalTaxPercentage: totals.total_tax_percentage,
        valueFiat: demo.state === 'DRAFT' ? null : totals.total_amount,
        createdAt: made,
        updatedAt: made,
      })
      .returning({ id: invoices.id });
    if (invoice === undefined) throw new Error('A demo invoice insert returned no row.');
    await tx.insert(invoiceItems).values(
      demo.items.map((line, position) => ({
        invoiceId: invoice.id,
        position,
        name: line.name,
        quantity: line.quantity,
        unitPrice: line.unit_price,
        discount: line.discount,
        discountIsPercent: line.discount_is_percent,
        tax: line.tax,
        taxIsPercent: line.tax_is_percent,
        totalAmount: invoiceItemTotals(line).total,
      })),
    );
    await tx.insert(documentWallets).values({ documentId: document.id, walletId: wallet.walletId });
  }
}

/** Makes the demo users' sample invoices those of `now`'s UTC day; true when it wrote any. */
export async function ensureDemoInvoices(db: Database, now: Date): Promise<boolean> {
  let wrote = false;
  for (const wallet of await demoInvoiceWallets(db)) {
    const keys = DEMO_INVOICES.map((_, n) => `${KEY_PREFIX}${isoDay(now)}:${String(n)}`);
    const current = async (reader: Database): Promise<boolean> =>
      (await reader.select({ id: documents.id }).from(documents).where(and(eq(documents.userId, wallet.userId), inArray(documents.idempotencyKey, keys)))).length === keys.length;
    if (await current(db)) continue;
    await db.transaction(async (tx) => {
      // Processes refreshing at once queue on the user's row; the later ones find the invoices current.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, wallet.userId)).for('update');
      if (await current(tx)) return;
      await writeDemoInvoices(tx, wallet, now);
      wrote = true;
    });
  }
  return wrote;
}
