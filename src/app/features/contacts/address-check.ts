/**
 * Live check of one contact address row through POST validate-address (docs/contacts.md): the first server error is shown
 * under the row. Answers are cached per network and address; nothing is asked offline.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FieldErrors } from '../../../shared/api-types';
import { addressEndpoints } from '../../../shared/contract/addresses';
import type { Network } from '../../../shared/enums';
import { ApiError, api } from '../../lib/api-client';
import { useOnline } from '../../lib/online';

/** Typing pauses this long before the address is checked. */
export const ADDRESS_CHECK_DEBOUNCE_MS = 400;

export type AddressCheck =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'offline' }
  | { status: 'valid'; address: string }
  | { status: 'invalid'; message: string };

/** The first message of a validate-address 400: the address's, else the network's, else any. */
export function firstAddressError(errors: FieldErrors | null): string | null {
  if (!errors) return null;
  const ordered = [errors.address, errors.network, errors.non_field_errors, ...Object.values(errors)];
  for (const messages of ordered) {
    const first = messages?.[0];
    if (first) return first;
  }
  return null;
}

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export function useAddressCheck(network: Network | null, address: string): AddressCheck {
  const online = useOnline();
  const text = address.trim();
  const debounced = useDebounced(text, ADDRESS_CHECK_DEBOUNCE_MS);
  const settled = debounced === text;
  const query = useQuery({
    queryKey: ['validate-address', network, debounced] as const,
    queryFn: ({ signal }) =>
      api.call(addressEndpoints.validateAddress, {
        body: { address: debounced, network: network ?? undefined },
        silent: true,
        signal,
      }),
    enabled: online && network !== null && debounced !== '',
    retry: false,
    staleTime: Infinity,
    meta: { persist: false },
  });

  if (text === '' || network === null) return { status: 'idle' };
  if (!online && !query.data) return { status: 'offline' };
  if (!settled || query.isFetching) return { status: 'checking' };
  if (query.data) return { status: 'valid', address: query.data.address };
  if (query.error instanceof ApiError && query.error.status === 400) {
    return { status: 'invalid', message: firstAddressError(query.error.fieldErrors) ?? query.error.message };
  }
  return { status: 'idle' };
}
