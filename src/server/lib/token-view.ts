import type { TokenRefOut } from '../../shared/contract/primitives';
import type { Network } from '../../shared/enums';
import type { StoredTokenRef } from '../db/schema';
import { shownLogoUrl } from './token-logo-urls';

/** The token columns stored beside transactions and balances. */
export interface TokenColumns {
  tokenId: string;
  tokenAddress: string | null;
  tokenSymbol: string;
  tokenName: string;
  tokenDecimals: number;
  tokenImage: string | null;
  network: Network | null;
}

/** A token as the API shows it. A chain's native coin has no contract address. */
export function toTokenRef(row: TokenColumns): TokenRefOut {
  return {
    id: row.tokenId,
    symbol: row.tokenSymbol,
    name: row.tokenName,
    image_url: shownLogoUrl(row.tokenImage),
    address: row.tokenAddress === 'native' ? null : row.tokenAddress,
    decimals: row.tokenDecimals,
    network: row.network,
  };
}

/** A token as the API shows it, from the one stored beside a transaction or a token list entry. */
export function storedTokenRef(token: StoredTokenRef): TokenRefOut {
  return {
    id: token.id,
    symbol: token.symbol,
    name: token.name,
    image_url: shownLogoUrl(token.image_url),
    address: token.address === 'native' ? null : token.address,
    decimals: token.decimals,
    network: token.network,
  };
}
