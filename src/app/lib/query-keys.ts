/** Query and mutation keys shared across features, so invalidation reaches every list that shows the data. */
export const queryKeys = {
  config: ['config'] as const,
  user: ['user'] as const,
  wallets: ['wallets'] as const,
  walletsList: (params: { ordering?: string; search?: string }) => ['wallets', 'list', params] as const,
  walletsLimit: ['wallets', 'limit'] as const,
  invoicesLimit: ['invoices', 'limit'] as const,
  transactionsLimit: ['transactions', 'limit'] as const,
};

/**
 * Keys of mutations that may run offline. Each has defaults registered in query-client.ts, so a mutation paused
 * offline survives a reload (persisted with the cache) and resumes on reconnect.
 */
export const mutationKeys = {
  setWalletActive: ['wallets', 'set-active'] as const,
  updateUser: ['user', 'update'] as const,
};
