/**
 * Defaults of the offline-capable mutations of transactions, contacts and labels. Registered on the query
 * client before the persisted cache is restored, so a change paused offline can run after a reload.
 */
import type { QueryClient } from '@tanstack/react-query';
import { CONTACT_LABELS_SCOPE, contactMutationKeys, createContactDefaults, deleteContactDefaults, setContactLabelsDefaults, updateContactDefaults } from '../contacts';
import { documentMutationKeys, createReportDefaults, deleteDocumentDefaults, updateReportDefaults } from '../documents';
import { labelMutationKeys, createLabelDefaults } from '../labels';
import { TRANSACTION_LABELS_SCOPE, transactionMutationKeys, setTransactionLabelsDefaults } from '../transactions';
import { attachCreatedLabel } from './attach-created-label';

export function registerDataMutationDefaults(client: QueryClient): void {
  // Label changes of one kind are sent one after another, in the order they were made (label-changes.ts).
  client.setMutationDefaults(transactionMutationKeys.setLabels, {
    ...setTransactionLabelsDefaults(client),
    scope: { id: TRANSACTION_LABELS_SCOPE },
  });
  client.setMutationDefaults(contactMutationKeys.create, createContactDefaults(client));
  client.setMutationDefaults(contactMutationKeys.update, updateContactDefaults(client));
  client.setMutationDefaults(contactMutationKeys.remove, deleteContactDefaults(client));
  client.setMutationDefaults(contactMutationKeys.setLabels, {
    ...setContactLabelsDefaults(client),
    scope: { id: CONTACT_LABELS_SCOPE },
  });
  client.setMutationDefaults(documentMutationKeys.createReport, createReportDefaults(client));
  client.setMutationDefaults(documentMutationKeys.updateReport, updateReportDefaults(client));
  client.setMutationDefaults(documentMutationKeys.remove, deleteDocumentDefaults(client));
  client.setMutationDefaults(
    labelMutationKeys.create,
    createLabelDefaults(client, (label, target) => attachCreatedLabel(client, label, target)),
  );
}
