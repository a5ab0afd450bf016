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

/** A token as holdings and transactions name it. */
export const tokenRefOut = v.object({
  id: v.string(),
  symbol: v.string(),
  name: v.string(),
  image_url: v.nullable(v.string()),
  /** Contract address; null for a chain's native coin. */
  address: v.nullable(v.string()),
  decimals: v.number(),
  network: v.nullable(network),
});
/** One holding of a wallet, an exchange account or the portfolio: the amount and its value in the user's fiat. */
export const walletTokenOut = v.object({ token: tokenRefOut, amount: decimal, value_fiat: v.nullable(decimal) });
