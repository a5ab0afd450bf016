/** Holdings (docs/overview.md, docs/data-model.md): the balances and the fungible token summary. */
import * as v from 'valibot';
import { endpoint } from './endpoint';
import { decimal, fiatCurrency, walletTokenOut } from './primitives';

/** A page number or size: a whole number from 1 to `max`; `fallback` when absent. */
const pageNumber = (field: string, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.check((value) => !Array.isArray(value), `Give one ${field}.`),
      v.transform((value) => String(value).trim()),
      v.regex(/^\d{1,6}$/, `${field} must be a whole number.`),
      v.transform(Number),
      v.minValue(1, `Ensure ${field} is at least 1.`),
      v.maxValue(max, `Ensure ${field} is at most ${String(max)}.`),
    ),
    String(fallback),
  );

export const balancesOut = v.object({
  tokens: v.array(walletTokenOut),
  total: v.object({ value_fiat: decimal }),
  fiat_currency: fiatCurrency,
  user_bal_sync: v.boolean(),
});
export type Balances = v.InferOutput<typeof balancesOut>;

export const fungibleTokenSummaryRow = v.object({
  token: v.object({ name: v.string(), symbol: v.string(), image_url: v.nullable(v.string()) }),
  balance: decimal,
  current_price: v.nullable(decimal),
  value: v.nullable(decimal),
  /** From FIFO cost basis; null when a price needed for it is missing. */
  unrealized_gain: v.nullable(decimal),
});
export type FungibleTokenSummaryRow = v.InferOutput<typeof fungibleTokenSummaryRow>;

/** One page of the holdings, values in `fiat_currency`. */
export const fungibleTokensSummaryPage = v.object({
  results: v.array(fungibleTokenSummaryRow),
  count: v.number(),
  next: v.nullable(v.string()),
  fiat_currency: fiatCurrency,
});
export type FungibleTokensSummaryPage = v.InferOutput<typeof fungibleTokensSummaryPage>;

export const holdingsEndpoints = {
  balances: endpoint({ method: 'GET', path: '/api/balances', access: 'user', response: balancesOut }),
  fungibleTokensSummary: endpoint({
    method: 'GET',
    path: '/api/fungible-tokens-summary',
    access: 'user',
    query: v.object({ page: pageNumber('page', 100_000, 1), size: pageNumber('size', 100, 10) }),
    response: fungibleTokensSummaryPage,
  }),
} as const;
