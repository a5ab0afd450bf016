/** Sort choices of the transaction list (docs/transactions.md), kept apart from the contract so the URL reader stays light. */
export const TRANSACTION_ORDERINGS = ['-created_at', 'created_at', '-amount', 'amount'] as const;
export type TransactionOrdering = (typeof TRANSACTION_ORDERINGS)[number];
