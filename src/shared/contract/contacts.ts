/**
 * Contacts (docs/contacts.md): the list and delete. Creating and editing are declared in contact-changes.ts, apart,
 * because their bodies check addresses and those checks are needed only there.
 */
import * as v from 'valibot';
import { contactDetailsOut } from './contact-details';
import { endpoint } from './endpoint';
import { labelOut, network, orderingParam, searchParam, timestamp } from './primitives';

export const CONTACT_ORDERINGS = [
  'first_name',
  '-first_name',
  'last_name',
  '-last_name',
  'company',
  '-company',
  'created_at',
  '-created_at',
] as const;
export type ContactOrdering = (typeof CONTACT_ORDERINGS)[number];

export const contactOut = v.object({
  id: v.string(),
  ...contactDetailsOut.entries,
  addresses: v.array(v.object({ network, address: v.string() })),
  labels: v.array(labelOut),
  created_at: timestamp,
});
export type ContactOut = v.InferOutput<typeof contactOut>;

export const contactEndpoints = {
  listContacts: endpoint({
    method: 'GET',
    path: '/api/contacts',
    access: 'user',
    query: v.object({ ordering: orderingParam(CONTACT_ORDERINGS, 'first_name'), search: searchParam }),
    response: v.array(contactOut),
  }),
  deleteContact: endpoint({ method: 'DELETE', path: '/api/contacts/:id', access: 'full' }),
} as const;
