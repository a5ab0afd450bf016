/**
 * Verifying a hash a payer reported for an invoice (wallet payment, pasted hash, email-payment, payment label):
 * looked up on the invoice's chain, never taken on the payer's word (docs/payments.md).
 */
import { NETWORK_LABELS, type Network } from '../../shared/enums';
import type { PaymentSource } from '../../shared/contract/payments';
import type { PaymentDeps } from './payment-deps';
import { paymentOf, confirmationsOf } from './payment-rules';
import { confirmationsFor, recomputeInvoice, recordTransfer, valueInInvoiceCurrency } from './payment-store';
import type { InvoiceTarget } from './payment-targets';

/** How far a block's clock may run behind the server's when a transfer is compared with the invoice's issue time. */
export const CLOCK_SLACK_MS = 5 * 60_000;

export const VERIFY_MESSAGES = {
  failed: 'This transaction failed on the chain and pays nothing.',
  paysNothing: (symbol: string, network: string) => `This transaction pays no ${symbol} to this invoice's address on ${network}.`,
  beforeIssue: 'This transaction was made before the invoice was issued.',
  taken: 'This transaction is already counted for another invoice.',
  unsupported: 'Payments on this network cannot be verified.',
  notOpen: 'This invoice is not awaiting payment.',
} as const;

export type VerifyOutcome = { kind: 'COUNTED' } | { kind: 'PENDING' } | { kind: 'REFUSED'; message: string };

/** Looks `txHash` up on the invoice's chain and, when it pays the invoice, counts it (once, for this invoice). */
export async function verifyReportedHash(deps: PaymentDeps, target: InvoiceTarget, txHash: string, source: PaymentSource = 'REPORTED'): Promise<VerifyOutcome> {
  if (!deps.chain.supports(target.network)) return { kind: 'REFUSED', message: VERIFY_MESSAGES.unsupported };
  const hash = txHash.toLowerCase();
  const found = await deps.chain.lookup(target.network, hash);
  if (!found.found) return { kind: 'PENDING' };
  if (!found.succeeded) return { kind: 'REFUSED', message: VERIFY_MESSAGES.failed };
  const transfer = paymentOf(target, found.transfers);
  if (transfer === null) return { kind: 'REFUSED', message: VERIFY_MESSAGES.paysNothing(target.tokenSymbol, NETWORK_LABELS[target.network as Network]) };
  if (target.sentAt !== null && transfer.blockTime.getTime() < target.sentAt.getTime() - CLOCK_SLACK_MS) {
    return { kind: 'REFUSED', message: VERIFY_MESSAGES.beforeIssue };
  }
  const head = await deps.chain.head(target.network);
  const outcome = await recordTransfer(deps, {
    transfer,
    target,
    userId: target.userId,
    source,
    tokenSymbol: target.tokenSymbol,
    decimals: target.decimals,
    value: await valueInInvoiceCurrency(deps, target, transfer),
    confirmed: confirmationsOf(transfer.blockNumber, head) >= confirmationsFor(deps, target.network),
  });
  if (outcome.kind === 'TAKEN') return { kind: 'REFUSED', message: VERIFY_MESSAGES.taken };
  await recomputeInvoice(deps, target.invoiceId);
  return { kind: 'COUNTED' };
}
