import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { LabelOut } from '../../shared/contract/primitives';
import type { LabelInput, PatchLabelInput } from '../../shared/schemas/label';
import type { Database } from '../db/database';
import { labels } from '../db/schema';
import { fieldError, notFound, type ApiError } from '../http/api-error';
import { containsPattern } from '../search/search-text';
import { toLabelOut } from './label-view';
import { isUniqueViolation } from './unique-violation';

const NAME_TAKEN = 'A label with this name already exists.';
const nameTaken = (): ApiError => fieldError('name', NAME_TAKEN);

export const labelNameOrder = (): SQL[] => [asc(sql`lower(${labels.name})`), asc(labels.id)];

/** The user's labels in name order; with `search`, those whose name contains it. */
export async function listLabels(db: Database, userId: string, search?: string): Promise<LabelOut[]> {
  const filters: SQL[] = [eq(labels.userId, userId)];
  if (search !== undefined && search !== '') filters.push(ilike(labels.name, containsPattern(search)));
  const rows = await db
    .select({ id: labels.id, name: labels.name, color: labels.color })
    .from(labels)
    .where(and(...filters))
    .orderBy(...labelNameOrder());
  return rows.map(toLabelOut);
}

async function labelByKey(db: Database, userId: string, key: string): Promise<LabelOut | undefined> {
  const [row] = await db
    .select({ id: labels.id, name: labels.name, color: labels.color })
    .from(labels)
    .where(and(eq(labels.userId, userId), eq(labels.idempotencyKey, key)));
  return row === undefined ? undefined : toLabelOut(row);
}

export interface Created<T> {
  value: T;
  /** True when an earlier request with the same Idempotency-Key made it. */
  replayed: boolean;
}

/**
 * Creates a label. Names are unique per user ignoring case (400 on `name` otherwise). With an idempotency
 * key, a request repeating an earlier key answers with the label that request made.
 */
export async function createLabel(
  db: Database,
  userId: string,
  input: LabelInput,
  idempotencyKey?: string,
): Promise<Created<LabelOut>> {
  if (idempotencyKey !== undefined) {
    const earlier = await labelByKey(db, userId, idempotencyKey);
    if (earlier !== undefined) return { value: earlier, replayed: true };
  }
  let inserted;
  try {
    [inserted] = await db
      .insert(labels)
      .values({ userId, name: input.name, color: input.color, idempotencyKey: idempotencyKey ?? null })
      .onConflictDoNothing({ target: [labels.userId, labels.idempotencyKey] })
      .returning({ id: labels.id, name: labels.name, color: labels.color });
  } catch (error) {
    if (!isUniqueViolation(error, 'labels_user_name_key')) throw error;
    // A concurrent request with the same key may have made this very label (the name index can report the
    // clash before the key's index does).
    const earlier = idempotencyKey === undefined ? undefined : await labelByKey(db, userId, idempotencyKey);
    if (earlier !== undefined) return { value: earlier, replayed: true };
    throw nameTaken();
  }
  if (inserted !== undefined) return { value: toLabelOut(inserted), replayed: false };
  // A concurrent request with the same key made it first.
  const earlier = idempotencyKey === undefined ? undefined : await labelByKey(db, userId, idempotencyKey);
  if (earlier === undefined) throw new Error('A label insert conflicted without an idempotency key.');
  return { value: earlier, replayed: true };
}

/** Renames or recolours one of the user's labels (404 for anyone else's). */
export async function updateLabel(
  db: Database,
  userId: string,
  labelId: string,
  patch: PatchLabelInput,
): Promise<LabelOut> {
  const own = and(eq(labels.id, labelId), eq(labels.userId, userId));
  const changes: Partial<Pick<typeof labels.$inferInsert, 'name' | 'color'>> = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.color !== undefined) changes.color = patch.color;
  let row;
  try {
    [row] =
      Object.keys(changes).length === 0
        ? await db.select({ id: labels.id, name: labels.name, color: labels.color }).from(labels).where(own)
        : await db
            .update(labels)
            .set(changes)
            .where(own)
            .returning({ id: labels.id, name: labels.name, color: labels.color });
  } catch (error) {
    if (isUniqueViolation(error, 'labels_user_name_key')) throw nameTaken();
    throw error;
  }
  if (row === undefined) throw notFound();
  return toLabelOut(row);
}

/** Deletes one of the user's labels; contacts and transactions lose it too. */
export async function deleteLabel(db: Database, userId: string, labelId: string): Promise<void> {
  const deleted = await db
    .delete(labels)
    .where(and(eq(labels.id, labelId), eq(labels.userId, userId)))
    .returning({ id: labels.id });
  if (deleted.length === 0) throw notFound();
}

/**
 * The given label ids, without repeats, after checking every one is the user's (400 on `labels` naming the
 * first unknown id). The rows stay share-locked until the surrounding transaction ends, so none can be deleted
 * before they are linked.
 */
export async function ownLabelIds(db: Database, userId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.userId, userId), inArray(labels.id, unique)))
    .for('share');
  const found = new Set(rows.map((row) => row.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw fieldError('labels', `Label "${missing}" does not exist.`);
  return unique;
}
