/** Query and mutation keys of contacts (no imports: the query client registers defaults by them). */

export const contactKeys = {
  all: ['contacts'] as const,
  lists: ['contacts', 'list'] as const,
  list: (params: ContactListParams) => ['contacts', 'list', params] as const,
};

export const contactMutationKeys = {
  create: ['contacts', 'create'] as const,
  update: ['contacts', 'update'] as const,
  remove: ['contacts', 'delete'] as const,
  setLabels: ['contacts', 'set-labels'] as const,
};

/** Label changes of contacts are sent one after another, in the order they were made. */
export const CONTACT_LABELS_SCOPE = 'contact-labels';

/** Contacts are listed by name (docs/contacts.md). */
export interface ContactListParams {
  ordering: 'first_name';
  search?: string;
}
