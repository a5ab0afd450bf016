import { and, asc, count, desc, eq, exists, getTableColumns, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { contactLabels, documents, invoices, type DocumentRow } from '../db/schema';
import { containsPattern, searchWords } from '../lib/search-text';
import type { DocumentListQuery, DocumentOrdering } from '../../shared/contract/documents';

const DAY_MS = 86_400_000;

/** The instant a yyyy-MM-dd UTC day starts, and the one the day after starts. */
const dayStart = (day: string): Date => new Date(`${day}T00:00:00Z`);
const nextDayStart = (day: string): Date => new Date(dayStart(day).getTime() + DAY_MS);

/** A field of the invoice's bill-to contact as it was saved on the invoice ('' when none). */
const contactField = (field: 'company' | 'first_name' | 'last_name'): SQL =>
  sql`coalesce(${invoices.contact} ->> ${field}, '')`;

/**
 * Documents every word of `search` is in, case-insensitively: in the name, or for an invoice in its number or its
 * bill-to contact's company, first or last name. `%`, `_` and `\` match themselves. Undefined for no words.
 */
export function documentSearchFilter(search: string | undefined): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = containsPattern(word);
      return or(
        ilike(documents.name, pattern),
        ilike(invoices.number, pattern),
        ilike(contactField('company'), pattern),
        ilike(contactField('first_name'), pattern),
        ilike(contactField('last_name'), pattern),
      );
    }),
  );
}

/**
 * The filters of a documents query, all scoped to `userId`: states and kinds (any of), created between whole
 * UTC days (inclusive), an invoice's currency, invoices whose bill-to contact carries any of the labels, and a
 * search text.
 * Reports have no state, currency or contact, so those filters leave them out.
 */
export function documentConditions(db: Database, userId: string, query: DocumentListQuery): SQL[] {
  const conditions: SQL[] = [eq(documents.userId, userId)];
  if (query.state.length > 0) conditions.push(inArray(documents.state, query.state));
  if (query.kind.length > 0) conditions.push(inArray(documents.kind, query.kind));
  if (query.created_at_after !== undefined) conditions.push(gte(documents.createdAt, dayStart(query.created_at_after)));
  if (query.created_at_before !== undefined) conditions.push(lt(documents.createdAt, nextDayStart(query.created_at_before)));
  if (query.currency !== undefined) conditions.push(eq(invoices.fiatCurrency, query.currency));
  if (query.labels.length > 0) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(contactLabels)
          .where(and(eq(contactLabels.contactId, invoices.contactId), inArray(contactLabels.labelId, query.labels))),
      ),
    );
  }
  const search = documentSearchFilter(query.search);
  if (search !== undefined) conditions.push(search);
  return conditions;
}

const name = sql`lower(${documents.name})`;
/** Reports (no invoice total) sort after every invoice whichever the direction. */
const isReport = sql`(${invoices.totalAmount} is null)`;

function orderOf(ordering: DocumentOrdering): SQL[] {
  switch (ordering) {
    case '-created_at':
      return [desc(documents.createdAt)];
    case 'created_at':
      return [asc(documents.createdAt)];
    case 'total_amount':
      return [asc(isReport), asc(invoices.totalAmount)];
    case '-total_amount':
      return [asc(isReport), desc(invoices.totalAmount)];
    case 'name':
      return [asc(name)];
    case '-name':
      return [desc(name)];
  }
}

/** The ordering, then the additional one, then the id (in the first ordering's direction) so paging is stable. */
export function documentOrderBy(ordering: DocumentOrdering, additional: DocumentOrdering | undefined): SQL[] {
  const tieBreaker = ordering.startsWith('-') ? desc(documents.id) : asc(documents.id);
  return [...orderOf(ordering), ...(additional === undefined ? [] : orderOf(additional)), tieBreaker];
}

export interface DocumentPage {
  rows: DocumentRow[];
  count: number;
}

/** One page of the user's documents matching the query, and how many match in all. */
export async function findDocumentPage(db: Database, userId: string, query: DocumentListQuery): Promise<DocumentPage> {
  const where = and(...documentConditions(db, userId, query));
  const joined = eq(invoices.documentId, documents.id);
  const [rows, total] = await Promise.all([
    db
      .select(getTableColumns(documents))
      .from(documents)
      .leftJoin(invoices, joined)
      .where(where)
      .orderBy(...documentOrderBy(query.ordering, query.aditional_ordering))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(documents).leftJoin(invoices, joined).where(where),
  ]);
  return { rows, count: total[0]?.value ?? 0 };
}
