/**
 * Metadata of an ERC-20 that no list knows, read from the contract over JSON-RPC: name, symbol and decimals.
 * Old tokens (MKR, SAI) answer name and symbol as bytes32; those are read too.
 */
import { erc20Abi, erc20Abi_bytes32, hexToString, type Address, type PublicClient } from 'viem';

export interface ChainTokenMetadata {
  name: string | null;
  symbol: string | null;
  decimals: number;
}

/** The part of a viem public client this needs (a full client fits). */
export type ContractReader = Pick<PublicClient, 'readContract'>;

const MAX_TEXT = 200;

function cleanText(text: string): string | null {
  // eslint-disable-next-line no-control-regex -- strip NULs and control characters from on-chain strings
  const cleaned = text.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (cleaned.length === 0) return null;
  return cleaned.length > MAX_TEXT ? cleaned.slice(0, MAX_TEXT) : cleaned;
}

async function readText(client: ContractReader, address: Address, functionName: 'name' | 'symbol'): Promise<string | null> {
  try {
    const value = await client.readContract({ address, abi: erc20Abi, functionName });
    return cleanText(value);
  } catch {
    try {
      const raw = await client.readContract({ address, abi: erc20Abi_bytes32, functionName });
      return cleanText(hexToString(raw, { size: 32 }));
    } catch {
      return null;
    }
  }
}

/**
 * Name, symbol and decimals of an ERC-20 at `address`; null when the contract has no readable `decimals`
 * (not an ERC-20, or no contract at all). Name and symbol are null when unreadable.
 */
export async function tokenMetadataFromChain(client: ContractReader, address: Address): Promise<ChainTokenMetadata | null> {
  let decimals: number;
  try {
    const value: unknown = await client.readContract({ address, abi: erc20Abi, functionName: 'decimals' });
    const n = typeof value === 'bigint' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 255) return null;
    decimals = n;
  } catch {
    return null;
  }
  const [name, symbol] = await Promise.all([readText(client, address, 'name'), readText(client, address, 'symbol')]);
  return { name, symbol, decimals };
}
