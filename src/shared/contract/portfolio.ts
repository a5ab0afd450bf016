/** The portfolio value history (docs/overview.md, docs/chain-data.md): daily values, for premium plans. */
import * as v from 'valibot';
import { endpoint } from './endpoint';
import { decimal, fiatCurrency } from './primitives';

export const MAX_HISTORY_DAYS = 730;

export const portfolioHistoryOut = v.object({
  data_points: v.array(v.object({ measured_on: v.string(), value_fiat: decimal })),
  change_fiat: decimal,
  fiat_currency: fiatCurrency,
  premium_user: v.boolean(),
  user_bal_sync: v.boolean(),
});
export type PortfolioHistory = v.InferOutput<typeof portfolioHistoryOut>;

export const portfolioEndpoints = {
  portfolioValueHistory: endpoint({
    method: 'GET',
    path: '/api/portfolio-value-history',
    access: 'user',
    query: v.object({
      num_days: v.optional(
        v.pipe(
          v.unknown(),
          v.check((value) => !Array.isArray(value), 'Give one num_days.'),
          v.transform((value) => String(value).trim()),
          v.regex(/^\d{1,4}$/, 'num_days must be a whole number.'),
          v.transform(Number),
          v.minValue(1, 'Ensure num_days is at least 1.'),
          v.maxValue(MAX_HISTORY_DAYS, `Ensure num_days is at most ${String(MAX_HISTORY_DAYS)}.`),
        ),
        '30',
      ),
    }),
    response: portfolioHistoryOut,
  }),
} as const;
