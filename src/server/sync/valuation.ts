import { Big, decimalToString, fromBaseUnits, roundHalfUp } from '../../shared/money';

/** Decimals kept in stored USD values. */
export const USD_VALUE_DECIMALS = 10;

/** USD value of `amount` base units of a token with `decimals`, at `priceUsd` per whole token. */
export function usdValue(amount: bigint, decimals: number, priceUsd: Big): string {
  return decimalToString(roundHalfUp(new Big(fromBaseUnits(amount, decimals)).times(priceUsd), USD_VALUE_DECIMALS));
}
