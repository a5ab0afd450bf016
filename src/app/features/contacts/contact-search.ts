/** Searching contacts on the device (offline, or while the server's answer is on its way). */
import type { ContactOut } from '../../../shared/data-types';

/** Whether a contact matches every word of `text` in its names, company, e-mail, addresses or labels. */
export function matchesContact(contact: ContactOut, text: string): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    contact.first_name,
    contact.last_name,
    contact.company,
    contact.email,
    ...contact.addresses.map((item) => item.address),
    ...contact.labels.map((label) => label.name),
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function filterContacts(contacts: readonly ContactOut[], text: string | undefined): ContactOut[] {
  const query = text?.trim() ?? '';
  return query === '' ? [...contacts] : contacts.filter((contact) => matchesContact(contact, query));
}

export function contactName(contact: Pick<ContactOut, 'first_name' | 'last_name'>): string {
  return `${contact.first_name} ${contact.last_name}`.trim();
}
