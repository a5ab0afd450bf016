/**
 * Label changes of contacts and transactions (docs/labels.md "Label picker", issue 4 "Offline"). Each change sends the
 * full new set of a subject's labels, so:
 * - changes of one kind run one after another (a mutation scope): the server receives them in the order they were
 *   made, and the last one wins there as it does on screen;
 * - while a change is unanswered (in flight, waiting for its turn, or kept offline across a reload) its set is what
 *   the screen shows, whatever a refetch meanwhile wrote into the cached lists;
 * - the answer of a change that a newer one of the same subject follows is not written over the newer set, and the
 *   lists are fetched again only once the last change has settled.
 */
import { useMutationState, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LabelOut } from '../../../shared/contract/primitives';

export interface LabelChange {
  /** The contact or transaction. */
  id: string;
  /** Its complete new set of labels. */
  labels: LabelOut[];
}

interface Labelled {
  id: string;
  labels: LabelOut[];
}

/** The newest set per subject, from changes listed oldest first. */
export function latestLabelSets(changes: readonly (LabelChange | undefined)[]): Map<string, LabelOut[]> {
  const sets = new Map<string, LabelOut[]>();
  for (const change of changes) if (change) sets.set(change.id, change.labels);
  return sets;
}

/** The items with the sets of their unanswered changes; items without one are returned as they are. */
export function withLabelSets<T extends Labelled>(items: readonly T[], sets: ReadonlyMap<string, LabelOut[]>): T[] {
  if (sets.size === 0) return [...items];
  return items.map((item) => {
    const labels = sets.get(item.id);
    return labels === undefined || labels === item.labels ? item : { ...item, labels };
  });
}

function isLabelChange(value: unknown): value is LabelChange {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'string' && Array.isArray(record.labels);
}

function pendingChanges(client: QueryClient, mutationKey: readonly unknown[], id: string) {
  return client.getMutationCache().findAll({
    mutationKey,
    status: 'pending',
    predicate: (mutation) => isLabelChange(mutation.state.variables) && mutation.state.variables.id === id,
  });
}

/** Whether a change of `id` made after the one now answered is still waiting (it holds the newer set). */
export function newerLabelChangePending(client: QueryClient, mutationKey: readonly unknown[], id: string): boolean {
  // The answered change still counts as pending until its callbacks have run.
  return pendingChanges(client, mutationKey, id).length > 1;
}

/** Whether the change now settling is the last unanswered one of its kind. */
export function isLastLabelChange(client: QueryClient, mutationKey: readonly unknown[]): boolean {
  return client.isMutating({ mutationKey }) <= 1;
}

/** The set of every subject with an unanswered change of this kind (newest change wins). */
export function usePendingLabelSets(mutationKey: readonly unknown[]): ReadonlyMap<string, LabelOut[]> {
  const changes = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => (isLabelChange(mutation.state.variables) ? mutation.state.variables : undefined),
  });
  return useMemo(() => latestLabelSets(changes), [changes]);
}
