import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { SearchCategory } from '../../shared/contract/search';
import { EXCHANGES } from '../../shared/enums';
import { contactViews } from '../contacts/contact-view';
import { findContacts } from '../contacts/contact-list';
import type { Database } from '../db/database';
import { centralisedExchanges, documents, labels, wallets } from '../db/schema';
import { labelNameOrder } from '../labels/label-store';
import { containsPattern } from '../lib/search-text';

type Item = SearchCategory['items'][number];

const EXCHANGE_NAMES: Record<(typeof EXCHANGES)[number], string> = { BINANCE: 'Binance' };

/** Wallets by name or address (as GET wallets searches), then exchange accounts by exchange name. */
export async function searchWallets(db: Database, userId: string, text: string, limit: number): Promise<Item[]> {
  const pattern = containsPattern(text);
  const rows = await db
    .select({ id: wallets.id, name: wallets.name })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), or(ilike(wallets.name, pattern), ilike(wallets.address, pattern))))
    .orderBy(asc(sql`lower(${wallets.name})`), asc(wallets.createdAt), asc(wallets.id))
    .limit(limit);
  const items: Item[] = rows.map((row) => ({ id: row.id, text: row.name }));
  const exchanges = EXCHANGES.filter((exchange) =>
    `${exchange} ${EXCHANGE_NAMES[exchange]}`.toLowerCase().includes(text.toLowerCase()),
  );
  if (items.length < limit && exchanges.length > 0) {
    const accounts = await db
      .select({ id: centralisedExchanges.id, exchange: centralisedExchanges.exchange })
      .from(centralisedExchanges)
      .where(eq(centralisedExchanges.userId, userId))
      .orderBy(asc(centralisedExchanges.createdAt), asc(centralisedExchanges.id));
    for (const account of accounts) {
      if (items.length < limit && exchanges.includes(account.exchange)) {
        items.push({ id: account.id, text: EXCHANGE_NAMES[account.exchange] });
      }
    }
  }
  return items;
}

/** Contacts as GET contacts searches them, in name order: "First Last (Company)". */
export async function searchContacts(db: Database, userId: string, text: string, limit: number): Promise<Item[]> {
  const rows = await findContacts(db, userId, { ordering: 'first_name', search: text, limit });
  const views = await contactViews(db, rows);
  return views.map((contact) => {
    const name = `${contact.first_name} ${contact.last_name}`.trim();
    return { id: contact.id, text: contact.company === '' ? name : `${name} (${contact.company})` };
  });
}

export async function searchLabels(db: Database, userId: string, text: string, limit: number): Promise<Item[]> {
  const rows = await db
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(and(eq(labels.userId, userId), ilike(labels.name, containsPattern(text))))
    .orderBy(...labelNameOrder())
    .limit(limit);
  return rows.map((row) => ({ id: row.id, text: row.name }));
}

/** Documents (invoices and reports) by name, newest first. */
export async function searchDocuments(db: Database, userId: string, text: string, limit: number): Promise<Item[]> {
  const rows = await db
    .select({ id: documents.id, name: documents.name })
    .from(documents)
    .where(and(eq(documents.userId, userId), ne(documents.name, ''), ilike(documents.name, containsPattern(text))))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, text: row.name }));
}
