/**
 * Wallets (docs/wallets.md): the list with holdings, rename or switch off, delete, and the plan's limit. Adding a
 * wallet is declared in wallet-create.ts, apart, because its address checks are needed only there.
 */
import * as v from 'valibot';
import { patchWalletSchema } from '../schemas/wallet';
import { endpoint } from './endpoint';
import { planLimitOut } from './plans';
import { decimal, fiatCurrency, network, orderingParam, searchParam, timestamp, walletTokenOut } from './primitives';

export const WALLET_ORDERINGS = ['name', '-name', 'created_at', '-created_at'] as const;
export type WalletOrdering = (typeof WALLET_ORDERINGS)[number];

/** A wallet with its holdings in the user's fiat currency. */
export const walletOut = v.object({
  id: v.string(),
  name: v.string(),
  address: v.string(),
  network,
  is_active: v.boolean(),
  is_synchronized: v.boolean(),
  /** The sync's last failure in words, null when the last sync went well. */
  sync_error: v.nullable(v.string()),
  total_balance: decimal,
  fiat_currency: fiatCurrency,
  tokens: v.array(walletTokenOut),
  last_activity: v.nullable(timestamp),
  /** Date of the wallet's first transaction (report minimum date). */
  first_transaction_at: v.nullable(timestamp),
  wallet_documents: v.array(v.object({ id: v.string(), name: v.string() })),
  created_at: timestamp,
});
export type WalletOut = v.InferOutput<typeof walletOut>;

export const walletEndpoints = {
  listWallets: endpoint({
    method: 'GET',
    path: '/api/wallets',
    access: 'user',
    query: v.object({ ordering: orderingParam(WALLET_ORDERINGS, 'name'), search: searchParam }),
    response: v.array(walletOut),
  }),
  updateWallet: endpoint({
    method: 'PATCH',
    path: '/api/wallets/:id',
    access: 'full',
    body: patchWalletSchema,
    response: walletOut,
  }),
  /** Deletes the wallet with the documents made from it (204). */
  deleteWallet: endpoint({ method: 'DELETE', path: '/api/wallets/:id', access: 'full' }),
  /** Whether the plan allows another wallet or exchange account. */
  walletsLimit: endpoint({ method: 'GET', path: '/api/wallets/limit', access: 'user', response: planLimitOut }),
} as const;
