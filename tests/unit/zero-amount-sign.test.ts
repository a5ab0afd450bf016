import { describe, expect, it } from 'vitest';
import { activityAmountText } from '../../src/app/lib/fiat';
import { signedAmount } from '../../src/app/features/transactions/transaction-format';
import { itemOf } from '../../src/server/search/search-transactions';
import { directionSign } from '../../src/shared/money';

const HASH = `0x${'ab'.repeat(32)}`;

describe('the sign of a transaction amount', () => {
  it('is none for a zero amount, whatever the direction', () => {
    for (const amount of ['0', '0.0', '-0', '0.000']) {
      expect(directionSign(amount, false), amount).toBe('');
      expect(directionSign(amount, true), amount).toBe('');
    }
    expect(directionSign('1.5', false)).toBe('-');
    expect(directionSign('1.5', true)).toBe('+');
    expect(directionSign('<0.000001', false)).toBe('-');
  });

  it('Last Activity shows a zero-value send as "0 ETH", dust and sends with their sign', () => {
    expect(activityAmountText('0', 'ETH', false)).toBe('0 ETH');
    expect(activityAmountText('-0', 'ETH', false)).toBe('0 ETH');
    expect(activityAmountText('-1.5', 'ETH', false)).toBe('-1.5 ETH');
    expect(activityAmountText('2', 'USDC', true)).toBe('+2 USDC');
    expect(activityAmountText('-0.0000000001', 'ETH', false)).toBe('-<0.000001 ETH');
  });

  it('search shows a zero-value send without a sign', () => {
    const row = { id: 'x', txHash: HASH, direction: 'OUTGOING' as const, amount: '0', tokenSymbol: 'ETH', tokenDecimals: 18 };
    expect(itemOf(row).text).toBe('0 ETH · 0xab...bababab');
    expect(itemOf({ ...row, amount: '-1500000000000000000' }).text).toBe('-1.5 ETH · 0xab...bababab');
    expect(itemOf({ ...row, direction: 'INCOMING', amount: '1000000', tokenDecimals: 6 }).text).toBe('+1 ETH · 0xab...bababab');
  });

  it('the transactions list shows it without a sign too', () => {
    expect(signedAmount({ amount: '0', direction: 'OUTGOING' })).toBe('0');
    expect(signedAmount({ amount: '-2', direction: 'OUTGOING' })).toBe('−2');
  });
});
