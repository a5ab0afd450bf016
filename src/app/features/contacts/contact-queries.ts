/**
 * Contacts (docs/contacts.md, docs/data-model.md): the list, and create, edit, delete and label changes registered by key,
 * so a change made offline is kept across a reload and sent once on reconnect (creates carry an Idempotency-Key).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { contactEndpoints } from '../../../shared/contract/contacts';
import type { ContactOut } from '../../../shared/data-types';
import type { LabelOut } from '../../../shared/contract/primitives';
import { ApiError, alreadyAnnounced, api, nonFieldErrorText } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { isLastLabelChange, newerLabelChangePending } from '../labels';
import { idempotencyHeaders } from '../../lib/idempotency-key';
import { noteSettledChange, type TrackedChange } from '../../lib/settled-changes';
import { contactKeys, contactMutationKeys, type ContactListParams } from './contact-keys';

export { contactKeys, contactMutationKeys, type ContactListParams } from './contact-keys';



/** The create and edit routes, loaded on a change's first run: their address checks stay out of the first download. */
const changeEndpoints = () =>
  import('../../../shared/contract/contact-changes').then((module) => module.contactChangeEndpoints);

export const CONTACT_DELETED = 'Contact Deleted Successfully!';
export const CONTACT_SAVED = 'Contact saved';


/** GET /api/contacts. */
export function contactsQuery(search?: string, enabled = true) {
  const text = search?.trim();
  const params: ContactListParams = text ? { ordering: 'first_name', search: text } : { ordering: 'first_name' };
  return queryOptions({
    queryKey: contactKeys.list(params),
    queryFn: ({ signal }) => api.call(contactEndpoints.listContacts, { query: params, signal }),
    enabled,
  });
}

/** What POST and PATCH contacts send (labels are changed through the label picker): the contact's own fields. */
export type ContactInput = Omit<ContactOut, 'id' | 'labels' | 'created_at'>;

interface QueuedFlag {
  /** Made while offline: nobody is watching the form when it is sent, so failures are told in a toast. */
  queuedOffline?: boolean;
}

export interface CreateContactVariables extends QueuedFlag {
  contact: ContactInput;
  idempotencyKey: string;
}

export interface UpdateContactVariables extends QueuedFlag {
  id: string;
  contact: ContactInput;
}

export interface DeleteContactVariables extends QueuedFlag {
  id: string;
}

export interface SetContactLabelsVariables extends QueuedFlag, TrackedChange {
  id: string;
  labels: LabelOut[];
}

/** Id of a contact created offline and not yet answered by the server. */
export const pendingContactId = (idempotencyKey: string) => `pending:${idempotencyKey}`;
export const isPendingContact = (contact: Pick<ContactOut, 'id'>) => contact.id.startsWith('pending:');


/** Every message of a failed contact change, for a toast. */
export function contactErrorText(error: unknown): string {
  if (error instanceof ApiError && error.fieldErrors) {
    const { non_field_errors: nonField = [], ...fields } = error.fieldErrors;
    return [...nonField, ...Object.values(fields).flat()].join(', ');
  }
  return nonFieldErrorText(error, ', ');
}

type ListSnapshot = [readonly unknown[], ContactOut[] | undefined][];

async function snapshotLists(client: QueryClient): Promise<ListSnapshot> {
  await client.cancelQueries({ queryKey: contactKeys.lists });
  return client.getQueriesData<ContactOut[]>({ queryKey: contactKeys.lists });
}

function restore(client: QueryClient, context: { previous: ListSnapshot } | undefined): void {
  for (const [key, data] of context?.previous ?? []) client.setQueryData(key, data);
}

function updateLists(client: QueryClient, change: (list: ContactOut[]) => ContactOut[]): void {
  client.setQueriesData<ContactOut[]>({ queryKey: contactKeys.lists }, (old) => (old ? change(old) : old));
}

/** A contact list in name order (first name, then last name), case-insensitively. */
export function sortContacts(contacts: readonly ContactOut[]): ContactOut[] {
  const name = (c: ContactOut) => `${c.first_name} ${c.last_name}`;
  return [...contacts].sort((a, b) => name(a).localeCompare(name(b), undefined, { sensitivity: 'base' }));
}

/** How a contact looks in the lists before the server has answered its creation. */
export function optimisticContact(variables: CreateContactVariables, now: string): ContactOut {
  return { ...variables.contact, id: pendingContactId(variables.idempotencyKey), labels: [], created_at: now };
}

function settle(client: QueryClient) {
  return client.invalidateQueries({ queryKey: contactKeys.all });
}

function announceQueuedFailure(error: unknown, variables: QueuedFlag): void {
  if (variables.queuedOffline && !alreadyAnnounced(error)) toast(contactErrorText(error), 'error');
}

export function createContactDefaults(client: QueryClient) {
  return {
    mutationFn: async (variables: CreateContactVariables) =>
      api.call((await changeEndpoints()).createContact, {
        body: variables.contact,
        headers: idempotencyHeaders(variables.idempotencyKey),
      }),
    onMutate: async (variables: CreateContactVariables) => {
      const previous = await snapshotLists(client);
      const pending = optimisticContact(variables, new Date().toISOString());
      updateLists(client, (list) => sortContacts([...list, pending]));
      return { previous };
    },
    onSuccess: (contact: ContactOut, variables: CreateContactVariables) => {
      const pendingId = pendingContactId(variables.idempotencyKey);
      updateLists(client, (list) => sortContacts([...list.filter((item) => item.id !== pendingId && item.id !== contact.id), contact]));
    },
    onError: (error: unknown, variables: CreateContactVariables, context: { previous: ListSnapshot } | undefined) => {
      restore(client, context);
      announceQueuedFailure(error, variables);
    },
    onSettled: () => settle(client),
  };
}

export function updateContactDefaults(client: QueryClient) {
  return {
    mutationFn: async (variables: UpdateContactVariables) =>
      api.call((await changeEndpoints()).updateContact, { params: { id: variables.id }, body: variables.contact }),
    onMutate: async (variables: UpdateContactVariables) => {
      const previous = await snapshotLists(client);
      updateLists(client, (list) =>
        sortContacts(list.map((item) => (item.id === variables.id ? { ...item, ...variables.contact } : item))),
      );
      return { previous };
    },
    onSuccess: (contact: ContactOut) => {
      updateLists(client, (list) => list.map((item) => (item.id === contact.id ? contact : item)));
    },
    onError: (error: unknown, variables: UpdateContactVariables, context: { previous: ListSnapshot } | undefined) => {
      restore(client, context);
      announceQueuedFailure(error, variables);
    },
    onSettled: () => settle(client),
  };
}

export function deleteContactDefaults(client: QueryClient) {
  return {
    mutationFn: (variables: DeleteContactVariables) =>
      api.call(contactEndpoints.deleteContact, { params: { id: variables.id } }),
    onMutate: async (variables: DeleteContactVariables) => {
      const previous = await snapshotLists(client);
      updateLists(client, (list) => list.filter((item) => item.id !== variables.id));
      return { previous };
    },
    onSuccess: () => toast(CONTACT_DELETED, 'success'),
    onError: (error: unknown, _variables: DeleteContactVariables, context: { previous: ListSnapshot } | undefined) => {
      restore(client, context);
      // docs/contacts.md: a failed delete shows the non_field_errors joined by a comma.
      if (!alreadyAnnounced(error)) toast(nonFieldErrorText(error, ', '), 'error');
    },
    onSettled: () => settle(client),
  };
}

/**
 * Defaults of a contact's label change (see label-changes.ts): shown at once, and the lists fetched again once the
 * last one has settled. Registered with the contact-labels scope (mutation-defaults.ts): sent one after another.
 */
export function setContactLabelsDefaults(client: QueryClient) {
  // Read when a change runs: this module may still be loading when the defaults are registered.
  const mutationKey = () => contactMutationKeys.setLabels;
  return {
    mutationFn: async (variables: SetContactLabelsVariables) =>
      api.call((await changeEndpoints()).updateContact, {
        params: { id: variables.id },
        body: { labels: variables.labels.map((label) => label.id) },
      }),
    onMutate: async (variables: SetContactLabelsVariables) => {
      const previous = await snapshotLists(client);
      updateLists(client, (list) => list.map((item) => (item.id === variables.id ? { ...item, labels: variables.labels } : item)));
      return { previous };
    },
    onSuccess: (contact: ContactOut) => {
      if (newerLabelChangePending(client, mutationKey(), contact.id)) return;
      updateLists(client, (list) => list.map((item) => (item.id === contact.id ? contact : item)));
    },
    onError: (error: unknown, variables: SetContactLabelsVariables, context: { previous: ListSnapshot } | undefined) => {
      if (!newerLabelChangePending(client, mutationKey(), variables.id)) restore(client, context);
      if (!alreadyAnnounced(error)) toast(contactErrorText(error), 'error');
    },
    onSettled: (_data: unknown, _error: unknown, variables: SetContactLabelsVariables) => {
      if (typeof variables.changeId === 'string') noteSettledChange(variables.changeId);
      return isLastLabelChange(client, mutationKey()) ? settle(client) : undefined;
    },
  };
}
