import { randomBytes } from 'node:crypto';

/** A stored exchange account row with placeholder sealed keys (no route reads them in these tests). */
export function exchangeRow(userId: string) {
  return { userId, exchange: 'BINANCE' as const, apiKeySealed: 'v1.test', secretKeySealed: 'v1.test' };
}

/** A minimal incoming ETH transfer row for a wallet; each call gets a fresh hash. */
export function transactionRow(userId: string, walletId: string | null, createdAt = new Date('2025-01-01T00:00:00Z')) {
  return {
    userId,
    walletId,
    network: 'ETHEREUM' as const,
    txHash: `0x${randomBytes(32).toString('hex')}`,
    logIndex: -1,
    createdAt,
    direction: 'INCOMING' as const,
    amount: '1000000000000000000',
    tokenId: 'ETHEREUM:native',
    tokenSymbol: 'ETH',
    tokenName: 'Ether',
    tokenDecimals: 18,
  };
}
