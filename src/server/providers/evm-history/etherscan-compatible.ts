/**
 * The shared core of Etherscan-compatible history APIs (Etherscan V2, Blockscout, Routescan): the
 * `account` lists sorted ascending, paged by `page` inside the result window (page × offset ≤
 * 10,000) and, beyond it, restarted from the last block seen with that block's already delivered
 * transfers dropped, so any number of transfers is read completely.
 *
 * A block's transfers are handed on together: while more pages may follow, the transfers of the last
 * block read so far wait for the next page. An ERC-1155 TransferBatch (one row per token id, all with
 * the batch's log index) or a transaction's internal transfers that an explorer splits across pages
 * therefore reach the sync whole, which numbers the parts of a batch by their place in it.
 */
import * as v from 'valibot';
import type { EvmNetwork } from '../../../shared/enums';
import { NETWORK_LABELS } from '../../../shared/enums';
import { ProviderError, type HttpClient, type HttpLogger, type QueryValue } from '../http/http-client';
import { isSecretName, redactText } from '../http/redact';
import {
  ACTION_FOR_KIND,
  etherscanEnvelopeSchema,
  etherscanRowSchema,
  toRawTransfer,
  transferIdentity,
  type EtherscanEnvelope,
} from './etherscan-rows';
import type { EvmHistoryProvider, EvmTransferPage, ListTransfersParams, RawEvmTransfer } from './types';

export const DEFAULT_PAGE_SIZE = 1000;
export const DEFAULT_RESULT_WINDOW = 10_000;

export interface EtherscanCompatibleConfig {
  name: string;
  displayName: string;
  /** The API endpoint (…/api) serving `network`, or undefined when the provider does not serve it. */
  endpointFor(network: EvmNetwork): string | undefined;
  /** Extra query for every request on `network` (chainid, apikey). */
  queryFor?(network: EvmNetwork): Record<string, QueryValue>;
  /** Bucket key (per host) and pace of requests. */
  rateLimit: { key: string; perSecond: number; burst?: number };
  pageSize?: number;
  resultWindow?: number;
  cacheTtlMs?: number;
  retries?: number;
  timeoutMs?: number;
  logger?: HttpLogger;
}

const RATE_LIMIT_TEXT = /rate limit|max calls per|too many requests/i;
const API_KEY_TEXT = /api ?key/i;
const PLAN_TEXT = /not supported for this chain|upgrade your api plan|api plan/i;
/** Routescan and others answer a chain they do not index with status "0" and "chain not supported". */
const NOT_SERVED_TEXT = /chain (is )?not supported|unsupported chain|network not supported|chain not found/i;
const TIMEOUT_TEXT = /timeout|timed out|try again later/i;
const INVALID_TEXT = /invalid|missing|error!/i;

function replyText(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const { message, result } = body as { message?: unknown; result?: unknown };
  return `${typeof message === 'string' ? message : ''} ${typeof result === 'string' ? result : ''}`;
}

/** Explorers answer a rate limit with HTTP 200 and status "0" ("NOTOK", "Max rate limit reached"). */
export function isEtherscanRateLimited(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const status = (body as { status?: unknown }).status;
  return status !== '1' && RATE_LIMIT_TEXT.test(replyText(body));
}

export function createEtherscanCompatibleProvider(
  config: EtherscanCompatibleConfig,
  http: HttpClient,
): EvmHistoryProvider {
  const pageSize = config.pageSize ?? DEFAULT_PAGE_SIZE;
  const resultWindow = config.resultWindow ?? DEFAULT_RESULT_WINDOW;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > resultWindow) {
    throw new RangeError(`Page size must be a whole number from 1 to ${resultWindow}.`);
  }
  const pagesPerWindow = Math.floor(resultWindow / pageSize);

  function failure(endpoint: string, kind: ProviderError['kind'], detail: string, userMessage?: string, networkNotServed = false): ProviderError {
    return new ProviderError({
      kind,
      host: new URL(endpoint).host,
      provider: config.displayName,
      detail,
      networkNotServed,
      ...(userMessage ? { userMessage } : {}),
    });
  }

  /** Rows of one page; an empty list for "No transactions found"; errors as ProviderError. */
  function rowsOf(endpoint: string, network: EvmNetwork, envelope: EtherscanEnvelope): unknown[] {
    if (Array.isArray(envelope.result)) return envelope.result;
    const secrets = Object.entries(config.queryFor?.(network) ?? {})
      .filter(([name, value]) => isSecretName(name) && value !== undefined)
      .map(([, value]) => String(value));
    const reason = redactText(`${envelope.message}: ${envelope.result ?? ''}`.trim(), secrets);
    if (PLAN_TEXT.test(reason)) {
      throw failure(
        endpoint,
        'client_error',
        reason,
        `${config.displayName} does not serve ${NETWORK_LABELS[network]} with the configured API key.`,
        true,
      );
    }
    if (NOT_SERVED_TEXT.test(reason)) {
      throw failure(endpoint, 'client_error', reason, `${config.displayName} does not serve ${NETWORK_LABELS[network]}.`, true);
    }
    if (API_KEY_TEXT.test(reason)) {
      throw failure(endpoint, 'client_error', reason, `${config.displayName} refused the API key; check the key in the server configuration.`);
    }
    if (RATE_LIMIT_TEXT.test(reason)) throw failure(endpoint, 'rate_limited', reason);
    if (TIMEOUT_TEXT.test(reason)) throw failure(endpoint, 'unavailable', reason);
    if (INVALID_TEXT.test(reason)) throw failure(endpoint, 'client_error', reason);
    throw failure(endpoint, 'bad_response', reason);
  }

  async function fetchPage(
    endpoint: string,
    p: ListTransfersParams,
    startBlock: bigint,
    page: number,
  ): Promise<RawEvmTransfer[]> {
    const envelope = await http.getJson({
      url: endpoint,
      query: {
        ...config.queryFor?.(p.network),
        module: 'account',
        action: ACTION_FOR_KIND[p.kind],
        address: p.address.toLowerCase(),
        startblock: startBlock,
        endblock: p.toBlock,
        page,
        offset: pageSize,
        sort: 'asc',
      },
      schema: etherscanEnvelopeSchema,
      rateLimit: config.rateLimit,
      isRateLimited: isEtherscanRateLimited,
      provider: config.displayName,
      ...(config.cacheTtlMs !== undefined ? { cacheTtlMs: config.cacheTtlMs } : {}),
      ...(config.retries !== undefined ? { retries: config.retries } : {}),
      ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
    });
    return rowsOf(endpoint, p.network, envelope).map((raw, index) => {
      const parsed = v.safeParse(etherscanRowSchema, raw);
      if (!parsed.success) {
        throw failure(endpoint, 'bad_response', `${p.kind} row ${index} of page ${page}: ${v.summarize(parsed.issues)}`);
      }
      try {
        return toRawTransfer(p.kind, parsed.output);
      } catch (error) {
        throw failure(endpoint, 'bad_response', `${p.kind} row ${index} of page ${page}: ${(error as Error).message}`);
      }
    });
  }

  async function* listTransfers(p: ListTransfersParams): AsyncGenerator<EvmTransferPage> {
    const endpoint = config.endpointFor(p.network);
    if (!endpoint) {
      throw new ProviderError({
        kind: 'client_error',
        host: config.name,
        provider: config.displayName,
        detail: `${config.name} is not configured for ${p.network}`,
        userMessage: `${config.displayName} does not serve ${NETWORK_LABELS[p.network]}.`,
        networkNotServed: true,
      });
    }
    if (p.toBlock !== undefined && p.toBlock < p.fromBlock) return;

    let startBlock = p.fromBlock;
    let page = 1;
    // Transfers read in the highest block so far, counted by identity.
    let boundaryBlock = -1n;
    let boundary = new Map<string, number>();
    // After a restart from `startBlock`: the ones of that block to drop as already read.
    let alreadyDelivered = new Map<string, number>();
    // Read but not yet handed on: the transfers of the highest block read so far (it may go on next page).
    let held: RawEvmTransfer[] = [];

    for (;;) {
      const rows = await fetchPage(endpoint, p, startBlock, page);
      for (const transfer of rows) {
        const id = transferIdentity(transfer);
        if (transfer.blockNumber === startBlock) {
          const left = alreadyDelivered.get(id) ?? 0;
          if (left > 0) {
            alreadyDelivered.set(id, left - 1);
            continue;
          }
        }
        held.push(transfer);
        if (transfer.blockNumber > boundaryBlock) {
          boundaryBlock = transfer.blockNumber;
          boundary = new Map();
        }
        if (transfer.blockNumber === boundaryBlock) boundary.set(id, (boundary.get(id) ?? 0) + 1);
      }

      const last = rows.at(-1);
      if (!last || rows.length < pageSize) {
        if (held.length > 0) yield { items: held, lastBlock: boundaryBlock };
        return;
      }
      // More may follow: hand on every block before the highest one read, keep that one back.
      const complete = held.filter((transfer) => transfer.blockNumber < boundaryBlock);
      if (complete.length > 0) {
        held = held.filter((transfer) => transfer.blockNumber === boundaryBlock);
        yield { items: complete, lastBlock: boundaryBlock };
      }
      if (page < pagesPerWindow) {
        page += 1;
        continue;
      }
      // The result window is used up: read on from the last block seen.
      page = 1;
      if (last.blockNumber === startBlock) {
        // A whole window inside one block cannot be paged further by block.
        config.logger?.warn(
          `${config.displayName}: more than ${resultWindow} ${p.kind} transfers in block ${startBlock}; the rest of that block is skipped`,
          { network: p.network, kind: p.kind, block: startBlock.toString() },
        );
        startBlock = last.blockNumber + 1n;
        alreadyDelivered = new Map();
        if (held.length > 0) {
          yield { items: held, lastBlock: boundaryBlock };
          held = [];
        }
      } else {
        startBlock = last.blockNumber;
        alreadyDelivered = new Map(boundary);
      }
      if (p.toBlock !== undefined && startBlock > p.toBlock) {
        if (held.length > 0) yield { items: held, lastBlock: boundaryBlock };
        return;
      }
    }
  }

  return {
    name: config.name,
    displayName: config.displayName,
    supports: (network) => config.endpointFor(network) !== undefined,
    listTransfers,
  };
}
