/**
 * Defaults of the offline-capable mutations of transactions, contacts and labels. Registered on the query
 * client before the persisted cache is restored, so a change paused offline can run after a reload.
 */
import type { QueryClient } from '@tanstack/react-query';
import { CONTACT_LABELS_SCOPE, contactMutationKeys } from '../contacts/contact-keys';
import {
  createContactDefaults,
  deleteContactDefaults,
  setContactLabelsDefaults,
  updateContactDefaults,
} from '../contacts/contact-queries';
import { documentMutationKeys } from '../documents/document-keys';
import { createReportDefaults, deleteDocumentDefaults, updateReportDefaults } from '../documents/documents-queries';
import { labelMutationKeys } from '../labels/label-keys';
import { createLabelDefaults } from '../labels/label-queries';
import { TRANSACTION_LABELS_SCOPE, transactionMutationKeys } from '../transactions/transaction-keys';
import { setTransactionLabelsDefaults } from '../transactions/transaction-queries';
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
