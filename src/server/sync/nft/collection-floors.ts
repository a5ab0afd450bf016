/**
 * The collection floors of one sync run: each contract looked up once, however many of its items the wallet
 * holds. The first lookup the source cannot answer (an outage, a rate limit, a refused key) ends the lookups of
 * the run: the collections after it count as unavailable too, so an outage costs one lookup's retries rather
 * than every collection's, and the next run asks again.
 */
import { isAddress } from 'viem';
import type { EvmNetwork } from '../../../shared/enums';
import type { Logger } from '../../logging/logger';
import { nftPrice } from '../../providers/nft/nft-price';
import type { NftPriceProvider } from '../../providers/nft/types';

export type CollectionFloor =
  /** The source's floor: a decimal string in `currency`. */
  | { kind: 'floor'; price: string; currency: string }
  /** Looked up without a floor (or there is no source, or it does not serve the network). */
  | { kind: 'none' }
  /** Not looked up this run: the source could not be reached. */
  | { kind: 'unavailable' };

const NONE: CollectionFloor = { kind: 'none' };
const UNAVAILABLE: CollectionFloor = { kind: 'unavailable' };

/** Floors keyed by the contract address as given. */
export async function collectionFloors(
  provider: NftPriceProvider | null,
  network: EvmNetwork,
  contracts: Iterable<string>,
  logger: Logger,
): Promise<Map<string, CollectionFloor>> {
  const floors = new Map<string, CollectionFloor>();
  let reachable = true;
  for (const contract of contracts) {
    if (floors.has(contract)) continue;
    if (provider === null || !isAddress(contract, { strict: false })) {
      floors.set(contract, NONE);
      continue;
    }
    if (!reachable) {
      floors.set(contract, UNAVAILABLE);
      continue;
    }
    const found = await nftPrice(provider, { network, contract }, (error) => {
      logger.warn('NFT floor prices unavailable; keeping the last prices until the next run', {
        provider: provider.name,
        network,
        contract,
        reason: error.detail || error.message,
      });
    });
    if (!found.is_price_synced) {
      reachable = false;
      floors.set(contract, UNAVAILABLE);
    } else if (found.price !== null && found.currency !== null) {
      floors.set(contract, { kind: 'floor', price: found.price, currency: found.currency });
    } else {
      floors.set(contract, NONE);
    }
  }
  return floors;
}
