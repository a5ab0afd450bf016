import { asc, eq, inArray } from 'drizzle-orm';
import type { ContactOut } from '../../shared/data-types';
import type { ContactDetailsOut } from '../../shared/contract/contact-details';
import type { LabelOut } from '../../shared/contract/primitives';
import type { Database } from '../db/database';
import { contactAddresses, contactLabels, labels, type ContactRow } from '../db/schema';
import { byLabelName, toLabelOut } from '../labels/label-view';

/** The API shape of contact rows, with their addresses (in the user's order) and labels (in name order). */
export async function contactViews(db: Database, rows: readonly ContactRow[]): Promise<ContactOut[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [addressRows, labelRows] = await Promise.all([
    db
      .select({ contactId: contactAddresses.contactId, network: contactAddresses.network, address: contactAddresses.address })
      .from(contactAddresses)
      .where(inArray(contactAddresses.contactId, ids))
      .orderBy(asc(contactAddresses.contactId), asc(contactAddresses.position)),
    db
      .select({ contactId: contactLabels.contactId, id: labels.id, name: labels.name, color: labels.color })
      .from(contactLabels)
      .innerJoin(labels, eq(labels.id, contactLabels.labelId))
      .where(inArray(contactLabels.contactId, ids)),
  ]);
  const addresses = new Map<string, ContactOut['addresses']>();
  for (const row of addressRows) {
    const list = addresses.get(row.contactId) ?? [];
    list.push({ network: row.network, address: row.address });
    addresses.set(row.contactId, list);
  }
  const labelLists = new Map<string, LabelOut[]>();
  for (const row of labelRows) {
    const list = labelLists.get(row.contactId) ?? [];
    list.push(toLabelOut(row));
    labelLists.set(row.contactId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    ...contactDetails(row),
    addresses: addresses.get(row.id) ?? [],
    labels: (labelLists.get(row.id) ?? []).sort(byLabelName),
    created_at: row.createdAt.toISOString(),
  }));
}

/** A contact row's details as the API and an invoice's copy of them name them. */
export function contactDetails(row: ContactRow): ContactDetailsOut {
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    company: row.company,
    email: row.email,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    country: row.country,
    city: row.city,
    postal_code: row.postalCode,
    tax_number: row.taxNumber,
  };
}
