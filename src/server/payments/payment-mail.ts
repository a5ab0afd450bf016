/** The e-mails payments cause (texts in docs/e-mail.md), queued in the outbox once per event. */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { InvoiceState, Network } from '../../shared/enums';
import { NETWORK_LABELS } from '../../shared/enums';
import { paymentClaims } from '../db/schema';
import { queueMail } from '../mail/mail-outbox';
import type { PaymentDeps } from './payment-deps';
import type { StateResult } from './payment-rules';
import type { InvoiceTarget } from './payment-targets';

const invoiceLabel = (t: InvoiceTarget): string => (t.number ? `${t.name} (${t.number})` : t.name);
const ownerLink = (deps: PaymentDeps, t: InvoiceTarget): string => `${deps.config.publicUrl}/invoices/${t.invoiceId}`;
export const payLink = (deps: Pick<PaymentDeps, 'config'>, invoiceId: string): string => `${deps.config.publicUrl}/pay-invoice/${invoiceId}`;
const SIGNATURE = '\n\n— Ledgerloop';

async function toOwner(deps: PaymentDeps, t: InvoiceTarget, key: string, subject: string, text: string): Promise<void> {
  if (!t.ownerEmail) return;
  await queueMail(deps, { to: t.ownerEmail, subject, text: `${text}\n\nOpen the invoice: ${ownerLink(deps, t)}${SIGNATURE}`, dedupeKey: key }, deps.now());
}

/** The invoice's state changed through a payment, a reorganisation or a claim. */
export async function notifyStateChange(deps: PaymentDeps, t: InvoiceTarget, before: InvoiceState, after: StateResult): Promise<void> {
  const at = deps.now().getTime();
  const label = invoiceLabel(t);
  if (after.state === 'PROCESSING' && after.summary === 'CONFIRMING') {
    await toOwner(
      deps,
      t,
      `seen:${t.invoiceId}:${String(at)}`,
      `Payment seen for invoice ${label}`,
      `A payment of ${after.amountPaid} ${t.fiat} for invoice ${label} was seen on ${NETWORK_LABELS[t.network as Network]}. ` +
        `It is being confirmed; the invoice becomes PAID once the payment has ${String(deps.config.payments.confirmations[t.network as keyof typeof deps.config.payments.confirmations] ?? 12)} confirmations.`,
    );
  } else if (after.state === 'PAID' && after.summary === 'PAID') {
    await toOwner(
      deps,
      t,
      `paid:${t.invoiceId}`,
      `Invoice ${label} is paid`,
      `Invoice ${label} is paid: ${after.amountPaid} ${t.fiat} confirmed on ${NETWORK_LABELS[t.network as Network]}.` +
        (after.overpaid ? ' The payments exceed the invoice total (overpaid).' : '') +
        (after.paidLate ? ' It was paid after its due date (paid late).' : ''),
    );
    const payers = await deps.db
      .selectDistinct({ email: paymentClaims.email })
      .from(paymentClaims)
      .where(and(eq(paymentClaims.invoiceId, t.invoiceId), isNotNull(paymentClaims.email)));
    for (const payer of payers) {
      if (payer.email !== null) await notifyPayerConfirmed(deps, t, payer.email);
    }
  } else if ((before === 'PROCESSING' || before === 'PAID') && (after.state === 'DUE' || after.state === 'EXPIRED')) {
    await toOwner(
      deps,
      t,
      `reverted:${t.invoiceId}:${String(at)}`,
      `Invoice ${label} is awaiting payment again`,
      `A payment counted for invoice ${label} is no longer on the chain (a reorganisation removed it), so the invoice is ${after.state === 'DUE' ? 'awaiting payment' : 'expired'} again. ` +
        `Paid so far: ${after.amountPaid} ${t.fiat}.`,
    );
  }
}

/** A payer said they paid ('I Paid the Invoice'). */
/** Tells a payer who left an e-mail that the invoice they paid is confirmed (once per invoice and address). */
export async function notifyPayerConfirmed(deps: PaymentDeps, t: InvoiceTarget, email: string): Promise<void> {
  const label = invoiceLabel(t);
  await queueMail(
    deps,
    {
      to: email,
      subject: `Your payment of invoice ${label} is confirmed`,
      text: `Your payment of invoice ${label} is confirmed on ${NETWORK_LABELS[t.network as Network]}. Thank you.\n\nThe invoice: ${payLink(deps, t.invoiceId)}${SIGNATURE}`,
      dedupeKey: `payer-paid:${t.invoiceId}:${email}`,
    },
    deps.now(),
  );
}

export async function notifyClaim(deps: PaymentDeps, t: InvoiceTarget, claim: { id: string; method: string; txHash: string | null; email: string | null }): Promise<void> {
  const label = invoiceLabel(t);
  await toOwner(
    deps,
    t,
    `claim:${claim.id}`,
    `Payment reported for invoice ${label}`,
    `The payer of invoice ${label} reports having paid it (${claim.method === 'BANK' ? 'by bank transfer' : 'in crypto'}` +
      `${claim.txHash ? `, transaction ${claim.txHash}` : ''}${claim.email ? `, e-mail ${claim.email}` : ''}). ` +
      'Nothing is marked paid until the payment is verified; a bank transfer you receive can be marked paid on the invoice page.',
  );
  if (claim.email !== null) {
    await queueMail(
      deps,
      {
        to: claim.email,
        subject: `We told the sender of invoice ${label} you paid`,
        text: `Thank you. The sender of invoice ${label} has been told you paid it. You will get another e-mail once the payment is confirmed.\n\nThe invoice: ${payLink(deps, t.invoiceId)}${SIGNATURE}`,
        dedupeKey: `payer-claim:${claim.id}`,
      },
      deps.now(),
    );
  }
}

/** A transfer to one of the owner's receiving addresses needs their review. */
export async function notifyReview(deps: PaymentDeps, ownerEmail: string, p: { id: string; userId: string; txHash: string; amount: string; symbol: string; network: string }): Promise<void> {
  if (!ownerEmail) return;
  await queueMail(
    deps,
    {
      to: ownerEmail,
      subject: 'A payment needs your review',
      text:
        `${p.amount} ${p.symbol} arrived on ${NETWORK_LABELS[p.network as Network]} (transaction ${p.txHash}) at an address that several open invoices, or none that match its amount, are paid to. ` +
        `Assign it to the invoice it pays, or dismiss it: ${deps.config.publicUrl}/documents${SIGNATURE}`,
      dedupeKey: `review:${p.id}:${p.userId}`,
    },
    deps.now(),
  );
}
