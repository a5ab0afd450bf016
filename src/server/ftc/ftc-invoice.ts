/**
 * The fiat-to-crypto side of issuing an invoice: the owner's verified bank account is written on it with a
 * payment reference of its own, which the bank transfer must carry (docs/fiat-to-crypto.md).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { FTC_MESSAGES } from '../../shared/schemas/ftc';
import type { Database } from '../db/database';
import { ftcPaymentRefs, type InvoiceFtc } from '../db/schema';
import { loadFtcProfile } from './ftc-profile';

/** Payment references: "LL-" and 10 characters of Crockford's base32 (no I, L, O, U: nothing to misread). */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const REFERENCE_CHARS = 10;
export const PAYMENT_REFERENCE = /LL-?([0-9A-HJKMNP-TV-Z]{10})/;

export function newPaymentReference(): string {
  const bytes = randomBytes(REFERENCE_CHARS);
  let out = 'LL-';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** The reference a transfer's remittance text carries, spaces and case forgiven; null when there is none. */
export function paymentReferenceIn(text: string): string | null {
  const match = PAYMENT_REFERENCE.exec(text.toUpperCase().replace(/[\s.]/g, ''));
  return match === null ? null : `LL-${match[1] ?? ''}`;
}

type Db = Pick<Database, 'select' | 'insert' | 'update'>;

/**
 * The `ftc` details of an invoice being issued by `userId`: their bank account and a new reference; an error
 * text for the is_ftc field when the owner is not verified or has no account yet.
 */
export async function ftcDetailsForIssue(db: Db, userId: string): Promise<InvoiceFtc | string> {
  const profile = await loadFtcProfile(db, userId);
  if (profile?.kyc !== 'FULL_USER' || profile.bankUuid === null || profile.bankIban === null) return FTC_MESSAGES.kycRequired;
  let reference = newPaymentReference();
  // 50 random bits: a clash is all but impossible, and still checked.
  while ((await db.select({ r: ftcPaymentRefs.reference }).from(ftcPaymentRefs).where(eq(ftcPaymentRefs.reference, reference))).length > 0) {
    reference = newPaymentReference();
  }
  return {
    bank_uuid: profile.bankUuid,
    bank_iban: profile.bankIban,
    bank_bic: profile.bankBic ?? '',
    payment_ref: reference,
    kyc: profile.kyc,
    amount_received: '0.00',
  };
}

/** Registers an issued invoice's reference (in the transaction that stores the invoice). */
export async function registerPaymentReference(db: Db, invoiceId: string, userId: string, ftc: InvoiceFtc | null | undefined): Promise<void> {
  if (ftc == null) return;
  await db.insert(ftcPaymentRefs).values({ reference: ftc.payment_ref, invoiceId, userId }).onConflictDoNothing({ target: ftcPaymentRefs.invoiceId });
}
