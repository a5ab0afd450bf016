/** Exchange accounts (docs/wallets.md): the list with holdings, connect with read-only keys, delete. */
import * as v from 'valibot';
import { createExchangeSchema } from '../schemas/exchange';
import { endpoint } from './endpoint';
import { decimal, exchange, fiatCurrency, timestamp, walletTokenOut } from './primitives';

export const exchangeAccountOut = v.object({
  id: v.string(),
  exchange,
  /** The key's first and last 4 characters only; secrets are never returned. */
  api_key_hint: v.string(),
  is_synchronized: v.boolean(),
  sync_error: v.nullable(v.string()),
  total_balance: decimal,
  fiat_currency: fiatCurrency,
  tokens: v.array(walletTokenOut),
  last_activity: v.nullable(timestamp),
  created_at: timestamp,
});
export type ExchangeAccount = v.InferOutput<typeof exchangeAccountOut>;

export const exchangeEndpoints = {
  listExchanges: endpoint({
    method: 'GET',
    path: '/api/centralised-exchanges',
    access: 'user',
    response: v.array(exchangeAccountOut),
  }),
  createExchange: endpoint({
    method: 'POST',
    path: '/api/centralised-exchanges',
    access: 'full',
    body: createExchangeSchema,
    response: exchangeAccountOut,
  }),
  deleteExchange: endpoint({ method: 'DELETE', path: '/api/centralised-exchanges/:id', access: 'full' }),
} as const;
