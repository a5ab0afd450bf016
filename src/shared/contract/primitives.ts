/** Schemas the route declarations share (docs/README.md, "The API contract"). */
import * as v from 'valibot';
import { EXCHANGES, FIAT_CURRENCIES, LABEL_COLORS, NETWORKS } from '../enums';

/** Longest search text the API accepts. */
export const SEARCH_MAX = 200;

/** The optional `search` query parameter of the list and search routes. */
export const searchParam = v.optional(
  v.pipe(
    v.string('Give one search text.'),
    v.trim(),
    v.maxLength(SEARCH_MAX, `Ensure this field has no more than ${String(SEARCH_MAX)} characters.`),
  ),
);

/** An `ordering` query parameter: one of `orderings`, `fallback` when absent. */
export const orderingParam = <const T extends readonly [string, ...string[]]>(orderings: T, fallback: T[number]) =>
  v.optional(v.picklist(orderings, `Choose one of: ${orderings.join(', ')}.`), fallback);

/** An ISO 8601 timestamp as the API writes it. */
export const timestamp = v.string();
/** A decimal number written as a string (amounts, prices, fiat values): exact, never a binary float. */
export const decimal = v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/, 'Expected a decimal string.'));
export const network = v.picklist(NETWORKS);
export const fiatCurrency = v.picklist(FIAT_CURRENCIES);
export const exchange = v.picklist(EXCHANGES);
export const labelColor = v.picklist(LABEL_COLORS);

/** A label as every answer that carries labels writes it. */
export const labelOut = v.object({ id: v.string(), name: v.string(), color: labelColor });

/** How many values one list query parameter may carry. */
export const MAX_LIST_ITEMS = 50;

/** One value of a query parameter (a repeated one is refused), trimmed. */
export const single = (field: string) =>
  v.pipe(
    v.unknown(),
    v.check((value) => !Array.isArray(value), `Give one ${field}.`),
    v.transform((value) => String(value).trim()),
  );

/** A whole-number query parameter between `min` and `max`; `fallback` when absent. */
export const wholeNumber = (field: string, min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      single(field),
      v.regex(/^\d{1,9}$/, `${field} must be a whole number.`),
      v.transform(Number),
      v.minValue(min, `Ensure ${field} is at least ${String(min)}.`),
      v.maxValue(max, `Ensure ${field} is at most ${String(max)}.`),
    ),
    String(fallback),
  );

/** A list query parameter given as repeated keys (`state=DUE&state=PAID`), comma-separated, or both; blanks dropped. */
export const list = <T extends string>(field: string, item: v.GenericSchema<string, T>) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) =>
        (Array.isArray(value) ? value : [value])
          .flatMap((entry) => String(entry).split(','))
          .map((entry) => entry.trim())
          .filter((entry) => entry !== ''),
      ),
      v.maxLength(MAX_LIST_ITEMS, `Give at most ${String(MAX_LIST_ITEMS)} ${field}.`),
      v.array(item),
    ),
    [],
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a text can be a row id (a UUID). */
export const isUuid = (id: string): boolean => UUID.test(id);

/** A plan limit (GET wallets/limit, invoices/limit, transactions/limit): a null limit means unlimited. */
export const planLimitOut = v.object({ limit: v.nullable(v.number()), count: v.number(), can_create: v.boolean() });
export type PlanLimitOut = v.InferOutput<typeof planLimitOut>;

/** A token as the data answers refer to it; `address` is null for a chain's native coin. */
export const tokenRefOut = v.object({
  id: v.string(),
  symbol: v.string(),
  name: v.string(),
  image_url: v.nullable(v.string()),
  address: v.nullable(v.string()),
  decimals: v.number(),
  network: v.nullable(network),
});
export type TokenRefOut = v.InferOutput<typeof tokenRefOut>;
export type LabelOut = v.InferOutput<typeof labelOut>;

/** A token held, with its amount (scaled) and value in the user's fiat currency. */
export const walletTokenOut = v.object({ token: tokenRefOut, amount: decimal, value_fiat: v.nullable(decimal) });
export type WalletTokenOut = v.InferOutput<typeof walletTokenOut>;

/** `download=true` answers a file as an attachment, `false` (the default) shows it inline. */
export const downloadQuery = v.object({
  download: v.optional(
    v.pipe(single('download'), v.toLowerCase(), v.picklist(['true', 'false'], 'download must be true or false.')),
    'false',
  ),
});
