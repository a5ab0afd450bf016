import { and, asc, desc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { contactAddresses, contactLabels, contacts, labels, type ContactRow } from '../db/schema';
import type { ContactOrdering } from '../../shared/contract/contacts';
import { containsPattern, searchWords } from '../lib/search-text';

export { CONTACT_ORDERINGS, type ContactOrdering } from '../../shared/contract/contacts';

const firstName = sql`lower(${contacts.firstName})`;
const lastName = sql`lower(${contacts.lastName})`;
const company = sql`lower(${contacts.company})`;

/** Name orderings fall back on the other name, then creation, so the order is always the same. */
export function contactOrderBy(ordering: ContactOrdering): SQL[] {
  switch (ordering) {
    case 'first_name':
      return [asc(firstName), asc(lastName), asc(contacts.createdAt), asc(contacts.id)];
    case '-first_name':
      return [desc(firstName), desc(lastName), desc(contacts.createdAt), desc(contacts.id)];
    case 'last_name':
      return [asc(lastName), asc(firstName), asc(contacts.createdAt), asc(contacts.id)];
    case '-last_name':
      return [desc(lastName), desc(firstName), desc(contacts.createdAt), desc(contacts.id)];
    case 'company':
      return [asc(company), asc(firstName), asc(lastName), asc(contacts.id)];
    case '-company':
      return [desc(company), desc(firstName), desc(lastName), desc(contacts.id)];
    case 'created_at':
      return [asc(contacts.createdAt), asc(contacts.id)];
    case '-created_at':
      return [desc(contacts.createdAt), desc(contacts.id)];
  }
}

/**
 * Contacts matching every word of `search` in their names, company, e-mail, addresses or label names (the
 * same rule the PWA applies to its cached list offline). Undefined for an empty search.
 */
export function contactSearchFilter(db: Database, search: string | undefined): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = containsPattern(word);
      return or(
        ilike(contacts.firstName, pattern),
        ilike(contacts.lastName, pattern),
        ilike(contacts.company, pattern),
        ilike(contacts.email, pattern),
        exists(
          db
            .select({ one: sql`1` })
            .from(contactAddresses)
            .where(and(eq(contactAddresses.contactId, contacts.id), ilike(contactAddresses.address, pattern))),
        ),
        exists(
          db
            .select({ one: sql`1` })
            .from(contactLabels)
            .innerJoin(labels, eq(labels.id, contactLabels.labelId))
            .where(and(eq(contactLabels.contactId, contacts.id), ilike(labels.name, pattern))),
        ),
      );
    }),
  );
}

export interface ContactQuery {
  ordering: ContactOrdering;
  search?: string | undefined;
  limit?: number;
}

/** The user's contacts in the asked order, optionally searched and limited. */
export async function findContacts(db: Database, userId: string, query: ContactQuery): Promise<ContactRow[]> {
  const filters: SQL[] = [eq(contacts.userId, userId)];
  const match = contactSearchFilter(db, query.search);
  if (match !== undefined) filters.push(match);
  const base = db
    .select()
    .from(contacts)
    .where(and(...filters))
    .orderBy(...contactOrderBy(query.ordering));
  return query.limit === undefined ? base : base.limit(query.limit);
}
