/**
 * Block times, transaction gas figures and token metadata read over JSON-RPC, each read once per key. The RPC
 * history path (transfer logs and block scans) fills RawEvmTransfer's explorer-style fields from these.
 */
import { erc20Abi, type Address, type Hash, type PublicClient } from 'viem';

export interface TransactionDetails {
  transactionIndex: number;
  from: Address;
  to: Address | null;
  value: bigint;
  /** Gas limit. */
  gas: bigint;
  /** Price actually paid per gas (the effective price for EIP-1559 transactions). */
  gasPrice: bigint;
  gasUsed: bigint;
  isError: boolean;
  contractAddress: Address | null;
  input: `0x${string}`;
}

export interface TokenMetadata {
  name: string | null;
  symbol: string | null;
  decimals: number | null;
}

export interface ChainDetails {
  blockTimestamp(blockNumber: bigint): Promise<Date>;
  transaction(hash: Hash): Promise<TransactionDetails>;
  /** ERC-20 name, symbol and decimals (null where the contract does not answer). */
  token(address: Address): Promise<TokenMetadata>;
  /** ERC-721 name and symbol; decimals are 0 as explorers report them. */
  nft(address: Address): Promise<TokenMetadata>;
}

const nftAbi = [
  { type: 'function', name: 'name', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
  { type: 'function', name: 'symbol', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
] as const;

function memo<K, V>(map: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
  let value = map.get(key);
  if (!value) {
    value = load();
    map.set(key, value);
    // A failed read is not remembered: the next caller tries again.
    value.catch(() => map.delete(key));
  }
  return value;
}

const settled = async <T>(promise: Promise<T>): Promise<T | null> => {
  try {
    return await promise;
  } catch {
    return null;
  }
};

/**
 * Token metadata is kept for the life of the object (it does not change); block times and transactions are
 * kept too, so create one per sync run rather than one per process.
 */
export function createChainDetails(client: PublicClient, tokenCache: Map<string, Promise<TokenMetadata>> = new Map()): ChainDetails {
  const blocks = new Map<bigint, Promise<Date>>();
  const transactions = new Map<string, Promise<TransactionDetails>>();

  return {
    blockTimestamp(blockNumber) {
      return memo(blocks, blockNumber, async () => {
        const block = await client.getBlock({ blockNumber });
        return new Date(Number(block.timestamp) * 1000);
      });
    },

    transaction(hash) {
      return memo(transactions, hash.toLowerCase(), async () => {
        const [tx, receipt] = await Promise.all([client.getTransaction({ hash }), client.getTransactionReceipt({ hash })]);
        return {
          transactionIndex: receipt.transactionIndex,
          from: tx.from,
          to: tx.to ?? null,
          value: tx.value,
          gas: tx.gas,
          gasPrice: receipt.effectiveGasPrice,
          gasUsed: receipt.gasUsed,
          isError: receipt.status === 'reverted',
          contractAddress: receipt.contractAddress ?? null,
          input: tx.input,
        };
      });
    },

    token(address) {
      return memo(tokenCache, `erc20:${address.toLowerCase()}`, async () => {
        const [name, symbol, decimals] = await Promise.all([
          settled(client.readContract({ address, abi: erc20Abi, functionName: 'name' })),
          settled(client.readContract({ address, abi: erc20Abi, functionName: 'symbol' })),
          settled(client.readContract({ address, abi: erc20Abi, functionName: 'decimals' })),
        ]);
        return { name, symbol, decimals };
      });
    },

    nft(address) {
      return memo(tokenCache, `erc721:${address.toLowerCase()}`, async () => {
        const [name, symbol] = await Promise.all([
          settled(client.readContract({ address, abi: nftAbi, functionName: 'name' })),
          settled(client.readContract({ address, abi: nftAbi, functionName: 'symbol' })),
        ]);
        return { name, symbol, decimals: 0 };
      });
    },
  };
}
