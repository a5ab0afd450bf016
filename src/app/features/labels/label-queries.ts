/**
 * Labels (spec §3 Label, §7 Data): the list, and creating one. A create made offline is kept with its
 * Idempotency-Key and sent once when the connection returns.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { API } from '../../../shared/api-paths';
import type { LabelOut } from '../../../shared/data-types';
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

export interface CreateLabelVariables {
  name: string;
  color: LabelColor;
  /** Made when the user asks for the label; the server answers a replay with the first result. */
  idempotencyKey: string;
}

/** Adds or replaces a label in a cached list, keeping the name order. */
export function upsertLabel(labels: readonly LabelOut[] | undefined, label: LabelOut): LabelOut[] {
  return sortLabels([...(labels ?? []).filter((item) => item.id !== label.id), label]);
}

/** Defaults of POST /api/labels, registered by key so a create made offline survives a reload. */
export function createLabelDefaults(client: QueryClient) {
  return {
    mutationFn: (variables: CreateLabelVariables) =>
      api.post<LabelOut>(
        API.labels,
        { name: variables.name, color: variables.color },
        { headers: idempotencyHeaders(variables.idempotencyKey) },
      ),
    onSuccess: (label: LabelOut) => {
      client.setQueryData<LabelOut[]>(labelKeys.list, (old) => upsertLabel(old, label));
    },
    onSettled: () => client.invalidateQueries({ queryKey: labelKeys.all }),
  };
}
