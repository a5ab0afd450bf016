/**
 * EIP-681 payment requests: the `ethereum:` URIs that phone wallets read from a QR code and turn into a ready
 * transaction (docs/pay-invoice.md, "Manual transfer").
 *
 * - a token (ERC-20) transfer names the token contract and calls its `transfer` function:
 *   `ethereum:<token>@<chainId>/transfer?address=<recipient>&uint256=<base units>`
 * - a native transfer names the recipient and the value in wei: `ethereum:<recipient>@<chainId>?value=<wei>`
 *
 * Amounts are integers in the token's base units, written in plain decimal digits (no exponent, so every wallet
 * reads them the same way).
 */

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export type PaymentRequest =
  | { kind: 'token'; chainId: number; token: string; recipient: string; amount: bigint }
  | { kind: 'native'; chainId: number; recipient: string; amount: bigint };

export class PaymentRequestError extends Error {
  override readonly name = 'PaymentRequestError';
}

function checkAddress(value: string, what: string): string {
  if (!ADDRESS.test(value)) throw new PaymentRequestError(`The ${what} is not an EVM address: "${value}".`);
  return value;
}

/** The EIP-681 URI of a payment; throws PaymentRequestError on an address, chain id or amount it cannot encode. */
export function paymentRequestUri(request: PaymentRequest): string {
  if (!Number.isSafeInteger(request.chainId) || request.chainId <= 0) {
    throw new PaymentRequestError(`The chain id must be a positive integer, got ${String(request.chainId)}.`);
  }
  if (request.amount <= 0n) throw new PaymentRequestError('The amount must be greater than zero.');
  const recipient = checkAddress(request.recipient, 'recipient');
  const amount = request.amount.toString();
  if (request.kind === 'native') return `ethereum:${recipient}@${String(request.chainId)}?value=${amount}`;
  const token = checkAddress(request.token, 'token contract');
  return `ethereum:${token}@${String(request.chainId)}/transfer?address=${recipient}&uint256=${amount}`;
}
