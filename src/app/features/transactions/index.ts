/** What other features use of the transactions feature. */
export { EXPLORER_NAMES, explorerTxUrl } from './explorer-links';
export { TRANSACTION_LABELS_SCOPE, transactionKeys, transactionMutationKeys } from './transaction-keys';
export { firstTransactionQuery, setTransactionLabelsDefaults } from './transaction-queries';
