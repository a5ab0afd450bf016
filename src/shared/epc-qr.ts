/**
 * The EPC QR code of a SEPA credit transfer (European Payments Council, EPC069-12, "BCD" format, version 002,
 * UTF-8): the text banking apps scan to fill in a transfer (docs/pay-invoice.md, "Bank Account").
 *
 * Lines, separated by a line feed: BCD, 002, 1 (UTF-8), SCT, the BIC (optional in version 002), the beneficiary's
 * name (at most 70 characters), the IBAN, the amount as `EUR<amount>` (0.01 to 999999999.99, at most 2 decimals),
 * the purpose code (empty), the structured creditor reference (an ISO 11649 `RF` reference) or, on the next line,
 * the unstructured remittance text (at most 140 characters; one of the two, never both), and the note to the payer
 * (empty). Empty trailing lines are left out; the whole payload stays within 331 bytes.
 */
import { Big, EURO_DECIMALS, MoneyError, toDecimal } from './money';

export const EPC_MAX_BYTES = 331;
const NAME_MAX = 70;
const STRUCTURED_MAX = 35;
const UNSTRUCTURED_MAX = 140;
const MIN_AMOUNT = new Big('0.01');
const MAX_AMOUNT = new Big('999999999.99');

export interface SepaTransfer {
  /** The beneficiary's BIC; '' when unknown (version 002 allows it within the EEA). */
  bic: string;
  /** Who receives the money. */
  name: string;
  iban: string;
  /** A decimal string in euro, at most 2 decimals. */
  amountEur: string;
  /** What the payer must quote so the payment is matched: an RF creditor reference or a free text. */
  reference: string;
}

export class EpcQrError extends Error {
  override readonly name = 'EpcQrError';
}

const compact = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/** ISO 7064 mod 97-10 over an alphanumeric text whose check digits were moved to its end (IBAN, RF). */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** An IBAN (ISO 13616) without spaces, upper case, with a valid check; null otherwise. */
export function normalizeIban(value: string): string | null {
  const iban = compact(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return null;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1 ? iban : null;
}

/** A BIC (ISO 9362), 8 or 11 characters, upper case; null otherwise. */
export function normalizeBic(value: string): string | null {
  const bic = compact(value);
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(bic) ? bic : null;
}

/** Whether a reference is an ISO 11649 creditor reference ('RF' + 2 check digits + up to 21 characters). */
export function isCreditorReference(value: string): boolean {
  const reference = compact(value);
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(reference)) return false;
  return mod97(reference.slice(4) + reference.slice(0, 4)) === 1;
}

function amountText(value: string): string {
  let amount: Big;
  try {
    amount = toDecimal(value.trim());
  } catch (error) {
    if (error instanceof MoneyError) throw new EpcQrError(`The amount "${value}" is not a decimal.`);
    throw error;
  }
  if (!amount.round(EURO_DECIMALS).eq(amount)) throw new EpcQrError('A euro amount has at most 2 decimals.');
  if (amount.lt(MIN_AMOUNT) || amount.gt(MAX_AMOUNT)) {
    throw new EpcQrError('The amount must be between EUR 0.01 and EUR 999999999.99.');
  }
  return `EUR${amount.toFixed(EURO_DECIMALS)}`;
}

/** The EPC QR payload of a transfer; throws EpcQrError on anything a banking app would refuse. */
export function epcQrPayload(transfer: SepaTransfer): string {
  const bic = transfer.bic.trim() === '' ? '' : normalizeBic(transfer.bic);
  if (bic === null) throw new EpcQrError(`"${transfer.bic}" is not a BIC.`);
  const name = transfer.name.trim().replace(/\s+/g, ' ');
  if (name === '' || name.length > NAME_MAX) throw new EpcQrError(`The beneficiary's name must have 1 to ${String(NAME_MAX)} characters.`);
  const iban = normalizeIban(transfer.iban);
  if (iban === null) throw new EpcQrError(`"${transfer.iban}" is not a valid IBAN.`);
  const reference = transfer.reference.trim().replace(/\s+/g, ' ');
  const structured = isCreditorReference(reference) ? compact(reference) : '';
  const unstructured = structured === '' ? reference : '';
  if (structured.length > STRUCTURED_MAX || unstructured.length > UNSTRUCTURED_MAX) {
    throw new EpcQrError(`The payment reference has more than ${String(UNSTRUCTURED_MAX)} characters.`);
  }
  const lines = ['BCD', '002', '1', 'SCT', bic, name, iban, amountText(transfer.amountEur), '', structured, unstructured];
  while (lines.at(-1) === '') lines.pop();
  const payload = lines.join('\n');
  if (new TextEncoder().encode(payload).length > EPC_MAX_BYTES) {
    throw new EpcQrError(`The payment data exceeds the ${String(EPC_MAX_BYTES)} bytes a bank QR code may hold.`);
  }
  return payload;
}
