/** Query and mutation keys of the transaction list (no runtime imports: the query client registers defaults by them). */
import type { TransactionListParams } from './transaction-filters';

export const transactionKeys = {
  all: ['transactions'] as const,
  lists: ['transactions', 'list'] as const,
  list: (params: TransactionListParams) => ['transactions', 'list', params] as const,
  first: ['transactions', 'first'] as const,
};

export const transactionMutationKeys = {
  setLabels: ['transactions', 'set-labels'] as const,
};

/** Label changes of transactions are sent one after another, in the order they were made. */
export const TRANSACTION_LABELS_SCOPE = 'transaction-labels';
