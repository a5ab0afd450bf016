/**
 * Bitcoin through an Esplora REST API (mempool.space, Blockstream, or a self-hosted electrs):
 * balances from an address's chain and mempool stats, and its transaction history newest first,
 * 25 confirmed transactions per page, each with its net effect on the address. Amounts in sats.
 * https://github.com/Blockstream/esplora/blob/master/API.md
 */
import * as v from 'valibot';
import { ProviderError, type HttpClient } from '../http/http-client';

export const MEMPOOL_SPACE_URL = 'https://mempool.space/api';
/** Confirmed transactions per page of `/address/:a/txs` and `/txs/chain/:last_seen`. */
export const ESPLORA_PAGE_SIZE = 25;

const sats = v.pipe(v.number(), v.integer(), v.minValue(0));
const txid = v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{64}$/, 'Expected a txid'));

const statsSchema = v.looseObject({
  funded_txo_sum: sats,
  spent_txo_sum: sats,
  tx_count: v.optional(sats),
});

const addressSchema = v.looseObject({
  chain_stats: statsSchema,
  mempool_stats: statsSchema,
});

const outputSchema = v.looseObject({
  scriptpubkey_address: v.optional(v.nullable(v.string())),
  scriptpubkey_type: v.optional(v.string()),
  value: sats,
});

const txSchema = v.looseObject({
  txid,
  fee: v.optional(sats, 0),
  vin: v.array(
    v.looseObject({
      txid: v.optional(v.string()),
      vout: v.optional(v.number()),
      is_coinbase: v.optional(v.boolean(), false),
      prevout: v.optional(v.nullable(outputSchema)),
    }),
  ),
  vout: v.array(outputSchema),
  status: v.looseObject({
    confirmed: v.boolean(),
    block_height: v.optional(v.nullable(v.number())),
    block_hash: v.optional(v.nullable(v.string())),
    block_time: v.optional(v.nullable(v.number())),
  }),
});
type EsploraRawTx = v.InferOutput<typeof txSchema>;

export interface EsploraBalance {
  /** Confirmed balance in sats. */
  confirmed: bigint;
  /** Change pending in the mempool, in sats (negative while a spend is unconfirmed). */
  unconfirmed: bigint;
}

export interface EsploraTxPart {
  /** Null for coinbase inputs and outputs without an address (e.g. OP_RETURN). */
  address: string | null;
  value: bigint;
}

export interface EsploraTx {
  txid: string;
  confirmed: boolean;
  blockHeight: number | null;
  blockHash: string | null;
  blockTime: Date | null;
  /** Fee paid by the transaction, in sats. */
  fee: bigint;
  isCoinbase: boolean;
  /** Sats paid to the address by the outputs. */
  received: bigint;
  /** Sats spent from the address by the inputs. */
  sent: bigint;
  /** received − sent: the net effect on the address (a spend includes the fee it paid). */
  net: bigint;
  inputs: EsploraTxPart[];
  outputs: EsploraTxPart[];
}

export interface EsploraClient {
  getBalance(address: string): Promise<EsploraBalance>;
  /**
   * History newest first, one array per page: mempool transactions and the first confirmed page,
   * then confirmed pages older than the last txid seen. With `afterTxid`, continues with the
   * confirmed transactions older than it (resuming an interrupted walk).
   */
  listTransactions(address: string, afterTxid?: string): AsyncIterable<EsploraTx[]>;
}

export interface EsploraOptions {
  baseUrl: string;
  /** Requests per second to this Esplora (default 4). */
  perSecond?: number;
  /** Display name in user-facing errors. */
  provider?: string;
  timeoutMs?: number;
  retries?: number;
}

/** bech32 addresses are case-insensitive; base58 ones are not. */
function normalizeAddress(address: string): string {
  return /^bc1/i.test(address) ? address.toLowerCase() : address;
}

export function toEsploraTx(raw: EsploraRawTx, address: string): EsploraTx {
  const own = normalizeAddress(address);
  const isOwn = (candidate: string | null | undefined) => !!candidate && normalizeAddress(candidate) === own;
  const inputs: EsploraTxPart[] = raw.vin.map((input) => ({
    address: input.prevout?.scriptpubkey_address ?? null,
    value: BigInt(input.prevout?.value ?? 0),
  }));
  const outputs: EsploraTxPart[] = raw.vout.map((output) => ({
    address: output.scriptpubkey_address ?? null,
    value: BigInt(output.value),
  }));
  const sent = inputs.reduce((sum, input) => (isOwn(input.address) ? sum + input.value : sum), 0n);
  const received = outputs.reduce((sum, output) => (isOwn(output.address) ? sum + output.value : sum), 0n);
  const confirmed = raw.status.confirmed;
  return {
    txid: raw.txid.toLowerCase(),
    confirmed,
    blockHeight: confirmed ? (raw.status.block_height ?? null) : null,
    blockHash: confirmed ? (raw.status.block_hash ?? null) : null,
    blockTime: confirmed && typeof raw.status.block_time === 'number' ? new Date(raw.status.block_time * 1000) : null,
    fee: BigInt(raw.fee),
    isCoinbase: raw.vin.some((input) => input.is_coinbase),
    received,
    sent,
    net: received - sent,
    inputs,
    outputs,
  };
}

export function createEsploraClient(options: EsploraOptions, http: HttpClient): EsploraClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const host = new URL(base).host;
  const common = {
    rateLimit: { key: 'esplora', perSecond: options.perSecond ?? 4 },
    ...(options.provider ? { provider: options.provider } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.retries !== undefined ? { retries: options.retries } : {}),
  };

  function addressPath(address: string): string {
    if (!/^[A-Za-z0-9]{14,90}$/.test(address)) {
      throw new ProviderError({
        kind: 'client_error',
        host,
        ...(options.provider ? { provider: options.provider } : {}),
        detail: 'Not a Bitcoin address',
        userMessage: 'That is not a Bitcoin address.',
      });
    }
    return `${base}/address/${encodeURIComponent(address)}`;
  }

  async function page(url: string, address: string): Promise<{ txs: EsploraTx[]; confirmedCount: number }> {
    const raw = await http.getJson({ url, schema: v.array(txSchema), ...common });
    const txs = raw.map((tx) => toEsploraTx(tx, address));
    return { txs, confirmedCount: txs.filter((tx) => tx.confirmed).length };
  }

  return {
    async getBalance(address) {
      const stats = await http.getJson({ url: addressPath(address), schema: addressSchema, ...common });
      return {
        confirmed: BigInt(stats.chain_stats.funded_txo_sum) - BigInt(stats.chain_stats.spent_txo_sum),
        unconfirmed: BigInt(stats.mempool_stats.funded_txo_sum) - BigInt(stats.mempool_stats.spent_txo_sum),
      };
    },

    async *listTransactions(address, afterTxid) {
      const path = addressPath(address);
      if (afterTxid !== undefined && !v.is(txid, afterTxid)) {
        throw new ProviderError({ kind: 'client_error', host, detail: `Not a txid: ${afterTxid}` });
      }
      let url = afterTxid ? `${path}/txs/chain/${afterTxid.toLowerCase()}` : `${path}/txs`;
      for (;;) {
        const { txs, confirmedCount } = await page(url, address);
        if (txs.length > 0) yield txs;
        const lastConfirmed = txs.findLast((tx) => tx.confirmed);
        if (confirmedCount < ESPLORA_PAGE_SIZE || !lastConfirmed) return;
        url = `${path}/txs/chain/${lastConfirmed.txid}`;
      }
    },
  };
}
