/**
 * Inputs of the dashboard's asset pie (docs/overview.md): one per held token, keyed by the token id. A symbol held
 * on more than one network (USDC on Ethereum and on Polygon) is labelled with its network, 'USDC (Polygon)', and
 * tokens still alike after that (two contracts on one network) also name their contract, shortened.
 */
import type { WalletToken } from '../../../shared/data-types';
import { NETWORK_LABELS, type Network } from '../../../shared/enums';
import { shortAddress } from '../../lib/short-address';
import type { PieInput } from '../charts';

/** Where a holding sits when the symbol alone is ambiguous: its network, or 'Exchange' for exchange balances. */
export function holdingPlace(network: Network | null): string {
  return network === null ? 'Exchange' : NETWORK_LABELS[network];
}

function countBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
}

/** The pie label of each holding, in the given order: the symbol, with the network added where symbols clash. */
export function assetLabels(tokens: readonly WalletToken[]): string[] {
  const symbol = (holding: WalletToken) => holding.token.symbol;
  const withPlace = (holding: WalletToken) => `${symbol(holding)} (${holdingPlace(holding.token.network)})`;
  const symbols = countBy(tokens, symbol);
  const placed = countBy(tokens, withPlace);
  return tokens.map((holding) => {
    if ((symbols.get(symbol(holding)) ?? 0) < 2) return symbol(holding);
    if ((placed.get(withPlace(holding)) ?? 0) < 2 || holding.token.address === null) return withPlace(holding);
    return `${symbol(holding)} (${holdingPlace(holding.token.network)}, ${shortAddress(holding.token.address)})`;
  });
}

/** The pie inputs of the balances: token id as the key, the disambiguated symbol as the label. */
export function assetPieInputs(tokens: readonly WalletToken[]): PieInput[] {
  const labels = assetLabels(tokens);
  return tokens.map((holding, index) => ({
    key: holding.token.id,
    label: labels[index] ?? holding.token.symbol,
    value: holding.value_fiat,
  }));
}
