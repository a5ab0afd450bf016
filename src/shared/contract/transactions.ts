/** Transactions (docs/transactions.md, docs/data-model.md): the list, label and spam changes, the plan limit. */
import * as v from 'valibot';
import { isCalendarDay } from '../schemas/document';
import { patchTransactionSchema } from '../schemas/transaction';
import { endpoint } from './endpoint';
import {
  decimal,
  exchange,
  fiatCurrency,
  isUuid,
  labelOut,
  list,
  network,
  SEARCH_MAX,
  single,
  timestamp,
  tokenRefOut,
  wholeNumber,
} from './primitives';

import { TRANSACTION_ORDERINGS } from '../transaction-orderings';

export { TRANSACTION_ORDERINGS, type TransactionOrdering } from '../transaction-orderings';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const MAX_OFFSET = 10_000_000;

export const DATE_FORMAT_MESSAGE = 'date should be in yyyy-mm-dd format';
export const DATE_ORDER_MESSAGE = 'This date should be after "From" Date';

const day = v.optional(v.pipe(single('date'), v.check(isCalendarDay, DATE_FORMAT_MESSAGE)));

/** GET transactions: paging, sort and filters, checked with clear field errors. */
export const transactionListQuerySchema = v.pipe(
  v.object({
    limit: wholeNumber('limit', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
    offset: wholeNumber('offset', 0, MAX_OFFSET, 0),
    ordering: v.optional(
      v.pipe(single('ordering'), v.picklist(TRANSACTION_ORDERINGS, `Choose one of: ${TRANSACTION_ORDERINGS.join(', ')}.`)),
      '-created_at',
    ),
    labels: list('labels', v.pipe(v.string(), v.check(isUuid, 'Not a label id.'))),
    search: v.optional(
      v.pipe(single('search text'), v.maxLength(SEARCH_MAX, `Ensure this field has no more than ${String(SEARCH_MAX)} characters.`)),
      '',
    ),
    created_at_after: day,
    created_at_before: day,
    token__in: list('tokens', v.pipe(v.string(), v.maxLength(120, 'Not a token.'))),
    wallet: v.optional(v.pipe(single('wallet'), v.check(isUuid, 'Not a wallet id.'))),
    show_spam: v.optional(
      v.pipe(single('show_spam'), v.toLowerCase(), v.picklist(['true', 'false', '1', '0'], 'Must be true or false.')),
      'false',
    ),
  }),
  v.forward(
    v.partialCheck(
      [['created_at_after'], ['created_at_before']],
      (input) =>
        input.created_at_after === undefined ||
        input.created_at_before === undefined ||
        input.created_at_after <= input.created_at_before,
      DATE_ORDER_MESSAGE,
    ),
    ['created_at_before'],
  ),
  v.transform((input) => ({ ...input, show_spam: input.show_spam === 'true' || input.show_spam === '1' })),
);
export type TransactionListQuery = v.InferOutput<typeof transactionListQuerySchema>;

export const transactionOut = v.object({
  id: v.string(),
  created_at: timestamp,
  amount: decimal,
  value_fiat: v.nullable(decimal),
  fiat_currency: fiatCurrency,
  direction: v.picklist(['INCOMING', 'OUTGOING']),
  from_address: v.string(),
  to_address: v.string(),
  /** The counterparty: a contact's name where the address belongs to one. */
  fromTo: v.object({ label: v.picklist(['From', 'To']), address: v.string(), name: v.nullable(v.string()) }),
  contact: v.nullable(v.object({ id: v.string(), name: v.string() })),
  token: tokenRefOut,
  network: v.nullable(network),
  tx_hash: v.string(),
  kind: v.picklist(['TRANSFER', 'SWAP', 'AXIE_BREED']),
  /** Gas units. */
  gas: v.nullable(decimal),
  /** In gwei on EVM networks. */
  gas_price: v.nullable(decimal),
  /** In the network's native coin (scaled), paid by the wallet. */
  fee: v.nullable(decimal),
  wallet: v.nullable(v.object({ id: v.string(), name: v.string(), address: v.string() })),
  cex: v.nullable(v.object({ id: v.string(), exchange })),
  labels: v.array(labelOut),
  transc_label: v.nullable(v.object({ name: v.string(), invoice: v.nullable(v.string()) })),
  nft_id: v.nullable(v.string()),
  nft_image_url: v.nullable(v.string()),
  nft_url: v.nullable(v.string()),
  swapped_amount: v.nullable(decimal),
  swapped_token: v.nullable(tokenRefOut),
  axie_breed_axs_cost: v.nullable(decimal),
  axie_breed_slp_cost: v.nullable(decimal),
  is_spam: v.boolean(),
});
export type TransactionOut = v.InferOutput<typeof transactionOut>;

/** GET transactions: a page plus the sync flag. */
export const transactionPage = v.object({
  results: v.array(transactionOut),
  /** Matching transactions, counted up to 1,000 (see count_capped). */
  count: v.number(),
  /** True when more transactions match than `count` says: counting stops at 1,000. */
  count_capped: v.boolean(),
  next: v.nullable(v.string()),
  user_tx_sync: v.boolean(),
});
export type TransactionPage = v.InferOutput<typeof transactionPage>;

export const transactionEndpoints = {
  listTransactions: endpoint({
    method: 'GET',
    path: '/api/transactions',
    access: 'user',
    query: transactionListQuerySchema,
    response: transactionPage,
  }),
  /** The plan's per-wallet transaction limit against the fullest wallet or exchange account. */
  updateTransaction: endpoint({
    method: 'PATCH',
    path: '/api/transactions/:id',
    access: 'full',
    body: patchTransactionSchema,
    response: transactionOut,
  }),
} as const;
