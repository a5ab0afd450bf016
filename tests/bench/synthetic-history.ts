/**
 * A wallet's synthetic explorer history for the ingestion bench, as Etherscan API V2 rows (every field a string,
 * in the documented shapes of `txlist` and `tokentx`): native transfers (three in five incoming) and ERC-20
 * transfers of listed tokens where every tenth transaction is a swap (a second leg in the same transaction, the
 * other token coming back), in ascending blocks. Values are pseudo-random but fixed, so two runs read the same
 * history.
 */
export type ExplorerRow = Record<string, string>;

export interface SyntheticHistory {
  /** Rows of `txlist`. */
  txlist: ExplorerRow[];
  /** Rows of `tokentx`. */
  tokentx: ExplorerRow[];
}

const TOKENS: readonly { address: string; symbol: string; name: string; decimals: number }[] = [
  { address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', symbol: 'USDC', name: 'USDCoin', decimals: 6 },
  { address: '0xdac17f958d2ee523a2206206994597c13d831ec7', symbol: 'USDT', name: 'Tether USD', decimals: 6 },
  { address: '0x514910771af9ca656af840dff83e8264ecf986ca', symbol: 'LINK', name: 'ChainLink Token', decimals: 18 },
  { address: '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984', symbol: 'UNI', name: 'Uniswap', decimals: 18 },
];

const FIRST_BLOCK = 18_000_000n;
/** The fields a swap's second leg shares with its first: the same transaction. */
const SAME_TRANSACTION = ['blockNumber', 'blockHash', 'timeStamp', 'hash', 'nonce', 'transactionIndex'] as const;
const hex = (value: bigint, digits: number) => value.toString(16).padStart(digits, '0');
const counterparty = (n: number): string => `0x${hex(BigInt(n % 5000) * 7919n + 1n, 40)}`;
const txHash = (n: number, kind: 'normal' | 'erc20') => `0x${hex(BigInt(n) * 2654435761n + (kind === 'normal' ? 1n : 2n), 64)}`;
const amount = (n: number, decimals: number) => (BigInt(1 + ((n * 104729) % 1_000_000)) * 10n ** BigInt(decimals - 3)).toString();

/** The fields every row of both lists shares. */
function common(n: number, kind: 'normal' | 'erc20', start: number): ExplorerRow {
  const block = FIRST_BLOCK + BigInt(n);
  return {
    blockNumber: block.toString(),
    timeStamp: String(start + n * 60),
    hash: txHash(n, kind),
    nonce: String(n),
    blockHash: `0x${hex(block * 48271n, 64)}`,
    transactionIndex: String(n % 150),
    gas: '65000',
    gasPrice: '20000000000',
    gasUsed: '51000',
    cumulativeGasUsed: String(1_000_000 + (n % 150) * 51_000),
    confirmations: String(2_000_000 - n),
  };
}

function nativeRow(wallet: string, n: number, start: number): ExplorerRow {
  const incoming = n % 5 < 3;
  return {
    ...common(n, 'normal', start),
    from: incoming ? counterparty(n) : wallet,
    to: incoming ? wallet : counterparty(n),
    value: amount(n, 15),
    isError: '0',
    txreceipt_status: '1',
    input: '0x',
    contractAddress: '',
    methodId: '0x',
    functionName: '',
  };
}

function tokenRow(wallet: string, n: number, start: number, token: (typeof TOKENS)[number], incoming: boolean): ExplorerRow {
  return {
    ...common(n, 'erc20', start),
    from: incoming ? counterparty(n) : wallet,
    contractAddress: token.address,
    to: incoming ? wallet : counterparty(n),
    value: amount(n, token.decimals),
    tokenName: token.name,
    tokenSymbol: token.symbol,
    tokenDecimal: String(token.decimals),
    input: 'deprecated',
  };
}

/**
 * `transfers` rows for `wallet` (lower case): 40 % native, the rest ERC-20, one block per transaction (a swap's two
 * legs share theirs), starting 400 days before `end`.
 */
export function syntheticHistory(wallet: string, transfers: number, end: Date): SyntheticHistory {
  const start = Math.floor(end.getTime() / 1000) - 400 * 86_400;
  const natives = Math.floor(transfers * 0.4);
  const txlist: ExplorerRow[] = [];
  for (let n = 0; n < natives; n += 1) txlist.push(nativeRow(wallet, n, start));

  const tokentx: ExplorerRow[] = [];
  const tokens = transfers - natives;
  for (let n = 0; n < tokens; n += 1) {
    const token = TOKENS[n % TOKENS.length] ?? TOKENS[0];
    const previous = tokentx[tokentx.length - 1];
    if (n % 10 === 1 && previous !== undefined && token !== undefined) {
      // The second leg of the swap the previous transfer began: the same transaction, another token coming back.
      const back = TOKENS[(n + 1) % TOKENS.length] ?? token;
      const leg = tokenRow(wallet, n, start, back, false);
      for (const key of SAME_TRANSACTION) leg[key] = previous[key] ?? '';
      // The opposite direction to the first leg.
      leg.from = previous.to ?? '';
      leg.to = previous.from ?? '';
      tokentx.push(leg);
      continue;
    }
    if (token !== undefined) tokentx.push(tokenRow(wallet, n, start, token, n % 5 < 3));
  }
  return { txlist, tokentx };
}
