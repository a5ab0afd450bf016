import { date, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const PRICE_RESOLUTIONS = ['day', 'hour'] as const;
export type PriceResolution = (typeof PRICE_RESOLUTIONS)[number];

/**
 * Historical USD prices by token and time bucket (start of the UTC day or hour). A NULL price records that no
 * provider knew one at `fetched_at`, so the lookup is retried later instead of on every request.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    /** Token id as in transactions.token_id, or a provider key such as `coingecko:bitcoin`. */
    tokenKey: text('token_key').notNull(),
    resolution: text('resolution').$type<PriceResolution>().notNull(),
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    priceUsd: numeric('price_usd'),
    source: text('source').notNull().default(''),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenKey, t.resolution, t.bucketStart] })],
);

/** FX rates per day: units of `currency` for one US dollar. */
export const fxRates = pgTable(
  'fx_rates',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    perUsd: numeric('per_usd').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency] })],
);

export type PriceHistoryRow = typeof priceHistory.$inferSelect;
export type FxRateRow = typeof fxRates.$inferSelect;
