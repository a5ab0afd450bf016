import { and, eq } from 'drizzle-orm';
import type { ContactOut } from '../../shared/data-types';
import type { ContactCreateInput, ContactPatchInput } from '../../shared/schemas/contact';
import type { Database } from '../db/database';
import { contactLabels, contacts, type ContactRow, type NewContactRow } from '../db/schema';
import { notFound } from '../http/api-error';
import type { Created } from '../labels/label-store';
import { ownLabelIds } from '../labels/label-store';
import { replaceContactAddresses } from './contact-addresses';
import { contactViews } from './contact-view';

type ContactFields = Omit<NewContactRow, 'id' | 'userId' | 'idempotencyKey' | 'createdAt' | 'updatedAt'>;

/** The stored columns a create or patch sets (undefined fields are left alone). */
function contactFields(input: ContactPatchInput): Partial<ContactFields> {
  const fields: Partial<ContactFields> = {
    firstName: input.first_name,
    lastName: input.last_name,
    company: input.company,
    email: input.email,
    addressLine1: input.address_line1,
    addressLine2: input.address_line2,
    country: input.country,
    city: input.city,
    postalCode: input.postal_code,
    taxNumber: input.tax_number,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

async function replaceContactLabels(
  db: Database,
  userId: string,
  contactId: string,
  labelIds: readonly string[],
): Promise<void> {
  const ids = await ownLabelIds(db, userId, labelIds);
  await db.delete(contactLabels).where(eq(contactLabels.contactId, contactId));
  if (ids.length > 0) await db.insert(contactLabels).values(ids.map((labelId) => ({ contactId, labelId })));
}

async function viewOf(db: Database, row: ContactRow): Promise<ContactOut> {
  const [view] = await contactViews(db, [row]);
  if (view === undefined) throw new Error('A contact view went missing.');
  return view;
}

async function contactByKey(db: Database, userId: string, key: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.idempotencyKey, key)));
  return row;
}

/**
 * Creates a contact with its addresses and labels in one database transaction. With an idempotency key, a
 * request repeating an earlier key answers with the contact that request made (as it is now).
 */
export async function createContact(
  db: Database,
  userId: string,
  input: ContactCreateInput,
  now: Date,
  idempotencyKey?: string,
): Promise<Created<ContactOut>> {
  return db.transaction(async (tx) => {
    if (idempotencyKey !== undefined) {
      const earlier = await contactByKey(tx, userId, idempotencyKey);
      if (earlier !== undefined) return { value: await viewOf(tx, earlier), replayed: true };
    }
    const labelIds = input.labels === undefined ? [] : await ownLabelIds(tx, userId, input.labels);
    const [row] = await tx
      .insert(contacts)
      .values({
        ...(contactFields(input) as ContactFields),
        userId,
        idempotencyKey: idempotencyKey ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [contacts.userId, contacts.idempotencyKey] })
      .returning();
    if (row === undefined) {
      // A concurrent request with the same key made it first (and has committed).
      const earlier = idempotencyKey === undefined ? undefined : await contactByKey(tx, userId, idempotencyKey);
      if (earlier === undefined) throw new Error('A contact insert conflicted without an idempotency key.');
      return { value: await viewOf(tx, earlier), replayed: true };
    }
    await replaceContactAddresses(tx, userId, row.id, input.addresses);
    if (labelIds.length > 0) {
      await tx.insert(contactLabels).values(labelIds.map((labelId) => ({ contactId: row.id, labelId })));
    }
    return { value: await viewOf(tx, row), replayed: false };
  });
}

/**
 * Changes one of the user's contacts (404 for anyone else's): the given fields; `addresses` and `labels`
 * replace the whole list when present.
 */
export async function updateContact(
  db: Database,
  userId: string,
  contactId: string,
  patch: ContactPatchInput,
  now: Date,
): Promise<ContactOut> {
  return db.transaction(async (tx) => {
    const own = and(eq(contacts.id, contactId), eq(contacts.userId, userId));
    const fields = contactFields(patch);
    const changesRow = Object.keys(fields).length > 0 || patch.addresses !== undefined || patch.labels !== undefined;
    const [row] = changesRow
      ? await tx.update(contacts).set({ ...fields, updatedAt: now }).where(own).returning()
      : await tx.select().from(contacts).where(own);
    if (row === undefined) throw notFound();
    if (patch.addresses !== undefined) await replaceContactAddresses(tx, userId, row.id, patch.addresses);
    if (patch.labels !== undefined) await replaceContactLabels(tx, userId, row.id, patch.labels);
    return viewOf(tx, row);
  });
}

/** Deletes one of the user's contacts with its addresses and label links (404 for anyone else's). */
export async function deleteContact(db: Database, userId: string, contactId: string): Promise<void> {
  const deleted = await db
    .delete(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
    .returning({ id: contacts.id });
  if (deleted.length === 0) throw notFound();
}
