/**
 * Public-address validation for every supported network (docs/wallets.md, validate-address).
 * Pure: runs on the server and in the PWA bundle.
 *
 * - EVM networks: `0x` + 40 hex digits; a mixed-case address must carry a valid EIP-55 checksum
 *   (all-lowercase and all-uppercase have none and are accepted). RONIN also accepts its
 *   `ronin:` form, which stands for `0x`.
 * - BITCOIN (mainnet only): base58check P2PKH (`1…`) and P2SH (`3…`); bech32 segwit v0 (`bc1q…`);
 *   bech32m segwit v1+ (`bc1p…`, BIP-350). A checksum of the wrong bech32 variant is invalid.
 */
import { getAddress, isAddress } from 'viem';
import { getAddressInfo, Network as BitcoinNetwork } from 'bitcoin-address-validation';
import { EVM_NETWORKS, NETWORKS, type AddressNetwork, type EvmNetwork, type Network } from './enums';

const RONIN_PREFIX = 'ronin:';
const HEX_BODY = /^[0-9a-fA-F]{40}$/;

function isEvmNetwork(network: Network): network is EvmNetwork {
  return (EVM_NETWORKS as readonly Network[]).includes(network);
}

function hasRoninPrefix(address: string): boolean {
  return address.slice(0, RONIN_PREFIX.length).toLowerCase() === RONIN_PREFIX;
}

/** `ronin:abcd…` becomes `0xabcd…`; anything else is returned unchanged. */
function stripRoninPrefix(address: string): string {
  return hasRoninPrefix(address) ? `0x${address.slice(RONIN_PREFIX.length)}` : address;
}

/** True for `0x` + 40 hex digits whose letters are one case, or which match their EIP-55 checksum. */
export function isEvmAddress(address: string): boolean {
  const value = address.trim();
  if (!value.startsWith('0x')) return false;
  const body = value.slice(2);
  if (!HEX_BODY.test(body)) return false;
  if (body === body.toUpperCase()) return true;
  return isAddress(value, { strict: true });
}

/** True for a Bitcoin mainnet address: P2PKH, P2SH, segwit v0 (bech32) or v1+ (bech32m). */
export function isBitcoinAddress(address: string): boolean {
  const value = address.trim();
  if (value === '') return false;
  try {
    return getAddressInfo(value).network === BitcoinNetwork.mainnet;
  } catch {
    return false;
  }
}

/**
 * Whether `address` is valid on `network`. `ALL` (used for addresses typed into the URL) means
 * valid on at least one network.
 */
export function isValidAddress(address: string, network: AddressNetwork): boolean {
  const value = address.trim();
  if (network === 'ALL') return NETWORKS.some((n) => isValidAddress(value, n));
  if (network === 'BITCOIN') return isBitcoinAddress(value);
  if (network === 'RONIN' && hasRoninPrefix(value)) return isEvmAddress(stripRoninPrefix(value));
  return isEvmAddress(value);
}

/** Every network `address` is valid on, in NETWORKS order. */
export function networksForAddress(address: string): Network[] {
  return NETWORKS.filter((network) => isValidAddress(address, network));
}

/**
 * The canonical form of an address valid on `network`: EIP-55 checksum for EVM networks (a Ronin
 * `ronin:` address becomes `0x…`), lowercase for bech32 Bitcoin addresses, base58 as given.
 * Throws when the address is not valid on `network`.
 */
export function normalizeAddress(address: string, network: Network): string {
  const value = address.trim();
  if (!isValidAddress(value, network)) {
    throw new Error(`Address is not valid on ${network}.`);
  }
  if (isEvmNetwork(network)) {
    return getAddress(network === 'RONIN' ? stripRoninPrefix(value) : value);
  }
  return getAddressInfo(value).bech32 ? value.toLowerCase() : value;
}
