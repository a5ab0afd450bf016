import * as v from 'valibot';
import { EXCHANGES } from '../enums';
import { MESSAGES } from '../messages';

export const EXCHANGE_KEY_MAX = 512;

const keyField = v.pipe(
  v.string(MESSAGES.required),
  v.trim(),
  v.nonEmpty(MESSAGES.required),
  v.maxLength(EXCHANGE_KEY_MAX, `Ensure this field has no more than ${String(EXCHANGE_KEY_MAX)} characters.`),
  v.regex(/^\S*$/, 'Keys contain no spaces. Paste the key exactly as the exchange shows it.'),
);

/** POST centralised-exchanges (docs/wallets.md): exchange, api_key and secret_key required; BINANCE only. */
export const createExchangeSchema = v.strictObject({
  exchange: v.picklist(EXCHANGES, `Choose one of: ${EXCHANGES.join(', ')}.`),
  api_key: keyField,
  secret_key: keyField,
});
export type CreateExchangeInput = v.InferOutput<typeof createExchangeSchema>;
