import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentRequestUri, PaymentRequestError } from '../../src/shared/eip681';

const USDC = '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('paymentRequestUri', () => {
  it('writes a token transfer as a call of transfer(address, uint256) on the token contract', () => {
    expect(paymentRequestUri({ kind: 'token', chainId: 137, token: USDC, recipient: RECIPIENT, amount: 12_345_700n })).toBe(
      `ethereum:${USDC}@137/transfer?address=${RECIPIENT}&uint256=12345700`,
    );
  });

  it('writes a native transfer as a value in wei sent to the recipient', () => {
    expect(paymentRequestUri({ kind: 'native', chainId: 1, recipient: RECIPIENT, amount: 10n ** 18n })).toBe(
      `ethereum:${RECIPIENT}@1?value=1000000000000000000`,
    );
  });

  it('never writes an exponent, however large the amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 256n - 1n }), fc.constantFrom(1, 137), (amount, chainId) => {
        const uri = paymentRequestUri({ kind: 'token', chainId, token: USDC, recipient: RECIPIENT, amount });
        const match = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)\/transfer\?address=(0x[0-9a-fA-F]{40})&uint256=(\d+)$/.exec(uri);
        expect(match?.slice(1)).toEqual([USDC, String(chainId), RECIPIENT, amount.toString()]);
      }),
    );
  });

  it('refuses what a wallet could not read', () => {
    const base = { kind: 'token', chainId: 137, token: USDC, recipient: RECIPIENT, amount: 1n } as const;
    expect(() => paymentRequestUri({ ...base, amount: 0n })).toThrow(PaymentRequestError);
    expect(() => paymentRequestUri({ ...base, amount: -5n })).toThrow(PaymentRequestError);
    expect(() => paymentRequestUri({ ...base, chainId: 0 })).toThrow(/chain id/);
    expect(() => paymentRequestUri({ ...base, chainId: 1.5 })).toThrow(/chain id/);
    expect(() => paymentRequestUri({ ...base, recipient: '0x1234' })).toThrow(/recipient/);
    expect(() => paymentRequestUri({ ...base, token: 'USDC' })).toThrow(/token contract/);
    expect(() => paymentRequestUri({ kind: 'native', chainId: 1, recipient: `${RECIPIENT}?value=1`, amount: 1n })).toThrow(
      PaymentRequestError,
    );
  });
});
