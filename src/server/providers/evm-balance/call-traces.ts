/**
 * Native value moved by contract calls (internal transfers), read from a node's call traces in either shape:
 * Parity/OpenEthereum-style flat traces (`trace_filter`, `trace_block`, `trace_transaction`: Erigon, Nethermind,
 * reth, anvil) or geth's nested `callTracer` frames (`debug_traceBlockByNumber`: geth and its forks). The
 * transaction's own top-level call is left out (that is the normal transaction); so are delegate and static
 * calls, which move no value. A transfer inside a reverted call, or under one, is marked failed, as explorers do.
 */
import type { HexAddress, HexHash } from '../evm-history/types';

/** One internal value transfer, before block times and the RawEvmTransfer shape are added. */
export interface InternalMove {
  hash: HexHash;
  blockNumber: bigint;
  transactionIndex: number | null;
  /** Position in the call tree: the indexes of the calls leading to it, joined by `_` (e.g. `0_1`). */
  traceId: string;
  from: HexAddress;
  /** Null for a contract creation. */
  to: HexAddress | null;
  value: bigint;
  /** The contract a creation made. */
  contractAddress: HexAddress | null;
  gas: bigint | null;
  gasUsed: bigint | null;
  isError: boolean;
}

/** A Parity-style trace as `trace_block`, `trace_filter` and `trace_transaction` give it. */
export interface FlatTrace {
  type: string;
  action: Record<string, unknown>;
  result?: Record<string, unknown> | null;
  error?: string;
  traceAddress: number[];
  transactionHash?: string | null;
  transactionPosition?: number | null;
  blockNumber: number | string;
}

/** A geth `callTracer` frame. */
export interface CallFrame {
  type: string;
  from: string;
  to?: string;
  value?: string;
  gas?: string;
  gasUsed?: string;
  error?: string;
  calls?: CallFrame[];
}

const lower = (value: string): HexAddress => value.toLowerCase() as HexAddress;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const quantity = (value: unknown): bigint | null => {
  if (typeof value === 'number') return BigInt(value);
  const t = text(value);
  return t === null ? null : BigInt(t);
};

function concerns(move: InternalMove, who: string | undefined): boolean {
  return who === undefined || move.from === who || move.to === who || move.contractAddress === who;
}

/**
 * The value transfers among one transaction's complete flat traces (all of them, so that a revert higher up
 * the call tree is seen), concerning `who` (every one when absent).
 */
export function movesFromFlatTraces(traces: readonly FlatTrace[], who?: string): InternalMove[] {
  const failed = new Set(traces.filter((t) => t.error !== undefined && t.error !== null).map((t) => t.traceAddress.join('_')));
  const underFailure = (address: readonly number[]): boolean => {
    for (let depth = 0; depth <= address.length; depth += 1) if (failed.has(address.slice(0, depth).join('_'))) return true;
    return false;
  };
  const moves: InternalMove[] = [];
  for (const trace of traces) {
    if (trace.traceAddress.length === 0 || !trace.transactionHash) continue;
    const action = trace.action;
    let from: string | null = null;
    let to: string | null = null;
    let contractAddress: string | null = null;
    let value: bigint | null = null;
    if (trace.type === 'call' && (text(action.callType) ?? 'call') === 'call') {
      from = text(action.from);
      to = text(action.to);
      value = quantity(action.value);
    } else if (trace.type === 'create' || trace.type === 'create2') {
      from = text(action.from);
      contractAddress = text(trace.result?.address);
      value = quantity(action.value);
    } else if (trace.type === 'suicide' || trace.type === 'selfdestruct') {
      from = text(action.address);
      to = text(action.refundAddress);
      value = quantity(action.balance);
    }
    if (from === null || value === null || value === 0n) continue;
    const move: InternalMove = {
      hash: lower(trace.transactionHash) as HexHash,
      blockNumber: BigInt(trace.blockNumber),
      transactionIndex: trace.transactionPosition ?? null,
      traceId: trace.traceAddress.join('_'),
      from: lower(from),
      to: to === null ? null : lower(to),
      value,
      contractAddress: contractAddress === null ? null : lower(contractAddress),
      gas: quantity(action.gas),
      gasUsed: quantity(trace.result?.gasUsed),
      isError: underFailure(trace.traceAddress),
    };
    if (concerns(move, who)) moves.push(move);
  }
  return moves;
}

/** The value transfers inside one transaction's `callTracer` result, concerning `who` (every one when absent). */
export function movesFromCallFrame(
  root: CallFrame,
  tx: { hash: string; blockNumber: bigint; transactionIndex: number | null },
  who?: string,
): InternalMove[] {
  const moves: InternalMove[] = [];
  const walk = (frame: CallFrame, path: number[], failedAbove: boolean): void => {
    const failed = failedAbove || (frame.error !== undefined && frame.error !== '');
    if (path.length > 0) {
      const type = frame.type.toUpperCase();
      const value = quantity(frame.value) ?? 0n;
      const creates = type === 'CREATE' || type === 'CREATE2';
      if (value > 0n && (type === 'CALL' || creates || type === 'SELFDESTRUCT')) {
        const move: InternalMove = {
          hash: lower(tx.hash) as HexHash,
          blockNumber: tx.blockNumber,
          transactionIndex: tx.transactionIndex,
          traceId: path.join('_'),
          from: lower(frame.from),
          to: creates || frame.to === undefined ? null : lower(frame.to),
          value,
          contractAddress: creates && frame.to !== undefined ? lower(frame.to) : null,
          gas: quantity(frame.gas),
          gasUsed: quantity(frame.gasUsed),
          isError: failed,
        };
        if (concerns(move, who)) moves.push(move);
      }
    }
    (frame.calls ?? []).forEach((child, index) => walk(child, [...path, index], failed));
  };
  walk(root, [], false);
  return moves;
}
