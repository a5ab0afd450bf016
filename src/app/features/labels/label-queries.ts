/**
 * Labels (docs/labels.md, docs/data-model.md): the list, and creating one. A create made offline is kept with its
 * Idempotency-Key and sent once when the connection returns.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { API } from '../../../shared/api-paths';
import type { LabelOut } from '../../../shared/contract/primitives';
import type { LabelColor } from '../../../shared/enums';
import { api } from '../../lib/api-client';
import { idempotencyHeaders } from '../offline/idempotency-key';
import { labelKeys } from './label-keys';

export { labelKeys, labelMutationKeys } from './label-keys';

/** Labels sorted by name, case-insensitively (the order of every picker and filter). */
export function sortLabels(labels: readonly LabelOut[]): LabelOut[] {
  return [...labels].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/** GET /api/labels. */
export function labelsQuery(enabled = true) {
  return queryOptions({
    queryKey: labelKeys.list,
    queryFn: async ({ signal }) => sortLabels(await api.get<LabelOut[]>(API.labels, undefined, { signal })),
    enabled,
  });
}

/** The contact or transaction whose picker a label was created in: the new label joins its labels. */
export interface LabelTarget {
  kind: 'contact' | 'transaction';
  id: string;
}

export interface CreateLabelVariables {
  name: string;
  color: LabelColor;
  /** Set when created from a picker. */
  attachTo?: LabelTarget;
  /** Made when the user asks for the label; the server answers a replay with the first result. */
  idempotencyKey: string;
}

/** Adds or replaces a label in a cached list, keeping the name order. */
export function upsertLabel(labels: readonly LabelOut[] | undefined, label: LabelOut): LabelOut[] {
  return sortLabels([...(labels ?? []).filter((item) => item.id !== label.id), label]);
}

/**
 * Defaults of POST /api/labels, registered by key so a create made offline survives a reload. `attach` adds a
 * label created from a picker to the picker's subject (offline/attach-created-label.ts).
 */
export function createLabelDefaults(client: QueryClient, attach?: (label: LabelOut, target: LabelTarget) => void) {
  return {
    mutationFn: (variables: CreateLabelVariables) =>
      api.post<LabelOut>(
        API.labels,
        { name: variables.name, color: variables.color },
        { headers: idempotencyHeaders(variables.idempotencyKey) },
      ),
    onSuccess: (label: LabelOut, variables: CreateLabelVariables) => {
      client.setQueryData<LabelOut[]>(labelKeys.list, (old) => upsertLabel(old, label));
      if (variables.attachTo !== undefined) attach?.(label, variables.attachTo);
    },
    onSettled: () => client.invalidateQueries({ queryKey: labelKeys.all }),
  };
}
