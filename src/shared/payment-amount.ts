/**
 * What a payer sends for an invoice (docs/pay-invoice.md, "The amount"): the invoice total divided by the quote
 * rate (invoice currency per token), rounded half-up to 4 decimals, and that same amount in the token's base
 * units for the transfer itself. Exact decimals throughout (big.js and bigint), never a binary float.
 */
import { cryptoAmountFromQuote, toBaseUnits } from './money';

export interface TokenAmount {
  /** The amount shown to the payer, 4 decimals ("12.3457"). */
  amount: string;
  /** The same amount in the token's base units, as transferred. */
  baseUnits: bigint;
}

/** The token amount of an invoice total at a quote; throws MoneyError on a quote of zero or below. */
export function invoiceTokenAmount(totalFiat: string, quoteRate: string, decimals: number): TokenAmount {
  const amount = cryptoAmountFromQuote(totalFiat, quoteRate);
  return { amount, baseUnits: toBaseUnits(amount, decimals) };
}
