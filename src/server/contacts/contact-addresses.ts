import { and, eq, inArray, sql } from 'drizzle-orm';
import { normalizeAddress } from '../../shared/address-validation';
import type { ContactAddressInput } from '../../shared/schemas/contact';
import type { Database } from '../db/database';
import { contactAddresses, contacts } from '../db/schema';

const CHUNK = 1000;

/** Validated address rows in canonical form (EIP-55 for EVM networks), each network and address once. */
export function canonicalAddresses(rows: readonly ContactAddressInput[]): ContactAddressInput[] {
  const seen = new Set<string>();
  const result: ContactAddressInput[] = [];
  for (const row of rows) {
    const address = normalizeAddress(row.address, row.network);
    const key = `${row.network}:${address.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ network: row.network, address });
  }
  return result;
}

/** Replaces a contact's addresses (its owner is `userId`). */
export async function replaceContactAddresses(
  db: Database,
  userId: string,
  contactId: string,
  rows: readonly ContactAddressInput[],
): Promise<void> {
  await db.delete(contactAddresses).where(eq(contactAddresses.contactId, contactId));
  const canonical = canonicalAddresses(rows);
  if (canonical.length === 0) return;
  await db
    .insert(contactAddresses)
    .values(canonical.map((row, position) => ({ contactId, userId, network: row.network, address: row.address, position })));
}

export interface ContactRef {
  id: string;
  /** First and last name. */
  name: string;
}

/**
 * The user's contacts owning each of the given addresses, keyed by lower-case address (for a transaction's
 * counterparty name). When several contacts hold one address, the earliest-made one wins.
 */
export async function contactsForAddresses(
  db: Database,
  userId: string,
  addresses: readonly string[],
): Promise<Map<string, ContactRef>> {
  const result = new Map<string, ContactRef>();
  const wanted = [...new Set(addresses.map((address) => address.trim().toLowerCase()).filter((a) => a !== ''))];
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await db
      .select({
        address: sql<string>`lower(${contactAddresses.address})`,
        id: contacts.id,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
      })
      .from(contactAddresses)
      .innerJoin(contacts, eq(contacts.id, contactAddresses.contactId))
      .where(
        and(
          eq(contactAddresses.userId, userId),
          inArray(sql`lower(${contactAddresses.address})`, wanted.slice(i, i + CHUNK)),
        ),
      )
      .orderBy(contacts.createdAt, contacts.id);
    for (const row of rows) {
      if (!result.has(row.address)) {
        result.set(row.address, { id: row.id, name: `${row.firstName} ${row.lastName}`.trim() });
      }
    }
  }
  return result;
}
