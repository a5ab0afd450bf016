/** The token filter's choices: tokens held now, tokens seen in the loaded rows, and the chosen ones. */
import { queryOptions } from '@tanstack/react-query';
import { holdingsEndpoints } from '../../../shared/contract/holdings';
import type { TransactionOut } from '../../../shared/contract/transactions';
import { api } from '../../lib/api-client';

/** Symbols held now (GET balances). */
export function heldSymbolsQuery(enabled = true) {
  return queryOptions({
    queryKey: ['balances', 'symbols'] as const,
    queryFn: async ({ signal }) => {
      const balances = await api.call(holdingsEndpoints.balances, { signal });
      return balances.tokens.map((item) => item.token.symbol);
    },
    enabled,
    staleTime: 5 * 60 * 1000,
  });
}

/** Each symbol once, sorted case-insensitively. */
export function tokenChoices(held: readonly string[], rows: readonly TransactionOut[], selected: readonly string[]): string[] {
  const symbols = new Set<string>([...held, ...rows.map((row) => row.token.symbol), ...selected]);
  return [...symbols]
    .filter((symbol) => symbol !== '')
    .sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}
