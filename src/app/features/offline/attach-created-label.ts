/**
 * A label created from a contact's or transaction's picker joins that subject's labels once the server has made
 * it, even when it was created offline and the picker was closed (or the page reloaded) before the connection
 * returned. The subject's set is the newest unanswered change's set, else the one in the cached lists; the label
 * is added to it as one more label change, queued behind the others of its kind.
 */
import { onlineManager, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ContactOut, LabelOut } from '../../../shared/data-types';
import type { TransactionPage } from '../../../shared/contract/transactions';
import { contactKeys, contactMutationKeys } from '../contacts';
import { latestLabelSets, type LabelChange, type LabelTarget } from '../labels';
import { transactionKeys, transactionMutationKeys } from '../transactions';
import { newIdempotencyKey } from '../../lib/idempotency-key';

const mutationKeyOf = (target: LabelTarget) =>
  target.kind === 'contact' ? contactMutationKeys.setLabels : transactionMutationKeys.setLabels;

function cachedLabels(client: QueryClient, target: LabelTarget): LabelOut[] | undefined {
  if (target.kind === 'contact') {
    for (const [, list] of client.getQueriesData<ContactOut[]>({ queryKey: contactKeys.lists })) {
      const contact = list?.find((item) => item.id === target.id);
      if (contact) return contact.labels;
    }
    return undefined;
  }
  for (const [, data] of client.getQueriesData<InfiniteData<TransactionPage>>({ queryKey: transactionKeys.lists })) {
    for (const page of data?.pages ?? []) {
      const row = page.results.find((item) => item.id === target.id);
      if (row) return row.labels;
    }
  }
  return undefined;
}

/** The subject's labels as the screens show them: its newest unanswered change, else the cached lists. */
export function currentLabels(client: QueryClient, target: LabelTarget): LabelOut[] | undefined {
  const pending = client
    .getMutationCache()
    .findAll({ mutationKey: mutationKeyOf(target), status: 'pending' })
    .map((mutation) => mutation.state.variables as LabelChange | undefined);
  return latestLabelSets(pending).get(target.id) ?? cachedLabels(client, target);
}

/** Adds `label` to the subject's labels with one more label change (nothing when it has it already). */
export function attachCreatedLabel(client: QueryClient, label: LabelOut, target: LabelTarget): void {
  const labels = currentLabels(client, target);
  if (labels === undefined || labels.some((item) => item.id === label.id)) return;
  const variables = {
    id: target.id,
    labels: [...labels, label],
    changeId: newIdempotencyKey(),
    ...(target.kind === 'contact' ? { queuedOffline: !onlineManager.isOnline() } : {}),
  };
  // Built from the key's registered defaults (mutation-defaults.ts), as a picker's own change is.
  client
    .getMutationCache()
    .build(client, { mutationKey: mutationKeyOf(target) })
    .execute(variables)
    .catch(() => undefined);
}
