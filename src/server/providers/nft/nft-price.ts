/** NFT price fields from an optional floor-price source. */
import { decimalToString, toDecimal } from '../../../shared/money';
import { isProviderError, type ProviderError } from '../http/http-client';
import type { NftPrice, NftPriceProvider, NftRef } from './types';

const NOT_SYNCED: NftPrice = { price: null, currency: null, is_price_synced: false };

/**
 * The price of an NFT as its collection's floor. Without a source, or while the source cannot be reached,
 * `is_price_synced` is false (the PWA says prices may take a while); `onUnavailable` is told why. A source that
 * answers without a floor gives a synced null price.
 */
export async function nftPrice(
  provider: NftPriceProvider | null,
  ref: Pick<NftRef, 'network' | 'contract'>,
  onUnavailable?: (error: ProviderError) => void,
): Promise<NftPrice> {
  if (!provider) return NOT_SYNCED;
  try {
    const floor = await provider.floorPrice({ network: ref.network, contract: ref.contract });
    if (!floor) return { price: null, currency: null, is_price_synced: true };
    return { price: decimalToString(toDecimal(floor.price)), currency: floor.currency, is_price_synced: true };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    onUnavailable?.(error);
    return NOT_SYNCED;
  }
}
