/**
 * The rows of Etherscan-compatible `account` lists (txlist, txlistinternal, tokentx, tokennfttx,
 * token1155tx) and their mapping to RawEvmTransfer. All numbers arrive as decimal strings.
 */
import * as v from 'valibot';
import type { EvmTransferKind, HexAddress, HexHash, RawEvmTransfer } from './types';

export const ACTION_FOR_KIND: Record<EvmTransferKind, string> = {
  normal: 'txlist',
  internal: 'txlistinternal',
  erc20: 'tokentx',
  erc721: 'tokennfttx',
  erc1155: 'token1155tx',
};

const DIGITS = /^\d+$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

const digits = v.pipe(v.string(), v.regex(DIGITS, 'Expected a decimal number'));
/** Present, empty or absent; explorers leave some fields as "" when they do not apply. */
const maybeDigits = v.optional(v.nullable(v.union([digits, v.literal('')])));
const maybeText = v.optional(v.nullable(v.string()));
const maybeAddress = v.optional(
  v.nullable(v.union([v.pipe(v.string(), v.regex(ADDRESS, 'Expected an address')), v.literal('')])),
);

export const etherscanRowSchema = v.looseObject({
  blockNumber: digits,
  timeStamp: digits,
  hash: v.pipe(v.string(), v.regex(HASH, 'Expected a transaction hash')),
  transactionIndex: maybeDigits,
  logIndex: maybeDigits,
  traceId: maybeText,
  index: maybeDigits,
  from: v.pipe(v.string(), v.regex(ADDRESS, 'Expected an address')),
  to: maybeAddress,
  value: maybeDigits,
  contractAddress: maybeAddress,
  tokenName: maybeText,
  tokenSymbol: maybeText,
  tokenDecimal: maybeDigits,
  tokenID: maybeDigits,
  tokenValue: maybeDigits,
  gas: maybeDigits,
  gasPrice: maybeDigits,
  gasUsed: maybeDigits,
  isError: maybeText,
  txreceipt_status: maybeText,
  functionName: maybeText,
  methodId: maybeText,
  input: maybeText,
});
export type EtherscanRow = v.InferOutput<typeof etherscanRowSchema>;

export const etherscanEnvelopeSchema = v.looseObject({
  status: v.optional(v.string(), ''),
  message: v.optional(v.string(), ''),
  result: v.union([v.array(v.unknown()), v.string(), v.null()]),
});
export type EtherscanEnvelope = v.InferOutput<typeof etherscanEnvelopeSchema>;

function big(value: string | null | undefined): bigint | null {
  return value === undefined || value === null || value === '' ? null : BigInt(value);
}

function int(value: string | null | undefined): number | null {
  return value === undefined || value === null || value === '' ? null : Number(value);
}

function address(value: string | null | undefined): HexAddress | null {
  return value ? (value.toLowerCase() as HexAddress) : null;
}

function text(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}

/** The 4-byte selector at the start of call data ('0x' + 8 hex digits); null for plain transfers. */
function selectorOf(input: string | null | undefined): string | null {
  return typeof input === 'string' && /^0x[0-9a-fA-F]{8}/.test(input) ? input.slice(0, 10).toLowerCase() : null;
}

/** Maps one validated row; throws a RangeError naming the field when a required one is missing. */
export function toRawTransfer(kind: EvmTransferKind, row: EtherscanRow): RawEvmTransfer {
  const isToken = kind === 'erc20' || kind === 'erc721' || kind === 'erc1155';
  const tokenAddress = isToken ? address(row.contractAddress) : null;
  if (isToken && !tokenAddress) throw new RangeError('token transfer without contractAddress');

  let value: bigint | null;
  let tokenId: bigint | null = null;
  if (kind === 'erc721') {
    tokenId = big(row.tokenID);
    value = 1n;
  } else if (kind === 'erc1155') {
    tokenId = big(row.tokenID);
    value = big(row.tokenValue) ?? big(row.value);
  } else {
    value = big(row.value);
  }
  if (value === null) throw new RangeError(`${kind} transfer without value`);
  if ((kind === 'erc721' || kind === 'erc1155') && tokenId === null) {
    throw new RangeError(`${kind} transfer without tokenID`);
  }

  // txreceipt_status "0" marks a failed transaction; "" predates receipts' status field.
  const isError = row.isError === '1' || row.txreceipt_status === '0';
  const decimals = int(row.tokenDecimal);

  return {
    kind,
    hash: row.hash.toLowerCase() as HexHash,
    blockNumber: BigInt(row.blockNumber),
    timestamp: new Date(Number(row.timeStamp) * 1000),
    transactionIndex: int(row.transactionIndex),
    logIndex: isToken ? int(row.logIndex) : null,
    traceId: kind === 'internal' ? (text(row.traceId) ?? text(row.index)) : null,
    from: row.from.toLowerCase() as HexAddress,
    to: address(row.to),
    value,
    tokenAddress,
    tokenSymbol: isToken ? text(row.tokenSymbol) : null,
    tokenName: isToken ? text(row.tokenName) : null,
    tokenDecimals: isToken ? (kind === 'erc20' ? decimals : (decimals ?? 0)) : null,
    tokenId,
    gas: big(row.gas),
    gasPrice: big(row.gasPrice),
    gasUsed: big(row.gasUsed),
    isError,
    functionName: kind === 'normal' ? text(row.functionName) : null,
    methodId: kind === 'normal' ? (text(row.methodId) ?? selectorOf(row.input)) : null,
    contractAddress: isToken ? null : address(row.contractAddress),
  };
}

/** Identity of a transfer for dropping the ones re-read when paging restarts inside a block. */
export function transferIdentity(t: RawEvmTransfer): string {
  return [
    t.hash,
    t.logIndex ?? '',
    t.traceId ?? '',
    t.from,
    t.to ?? '',
    t.value.toString(),
    t.tokenAddress ?? '',
    t.tokenId?.toString() ?? '',
  ].join('|');
}
