/**
 * A Bitcoin wallet's history through Esplora, which serves it newest first. Each confirmed transaction becomes
 * one row (net effect on the address: INCOMING with what arrived, or OUTGOING with what left less the fee, and
 * the fee). The cursor is the newest txid of the last complete pass: the next pass walks down to it. A pass
 * that is interrupted stores no cursor, so the next one walks the same way again (rows already stored are
 * skipped) and reaches the older transactions it missed.
 */
import type { EsploraClient, EsploraTx } from '../../providers/bitcoin/esplora';
import { commitPage, consume, type RunContext } from '../run-context';
import { readCursor, writeCursor } from '../sync-cursors';
import { storeWalletDrafts } from '../transaction-store';
import type { TransactionDraft } from '../transaction-draft';
import { NATIVE_LOG_INDEX } from '../evm/event-index';

export const ESPLORA_CURSOR = 'esplora';

export interface BitcoinWalletTarget {
  walletId: string;
  address: string;
}

const normal = (address: string) => (/^bc1/i.test(address) ? address.toLowerCase() : address);

export function bitcoinDraft(ctx: RunContext, target: BitcoinWalletTarget, tx: EsploraTx): TransactionDraft | null {
  if (!tx.confirmed || tx.blockTime === null) return null;
  if (tx.net === 0n && tx.sent === 0n) return null;
  const own = normal(target.address);
  const isOwn = (address: string | null) => address !== null && normal(address) === own;
  const outgoing = tx.net < 0n || (tx.net === 0n && tx.sent > 0n);
  const counterparty = outgoing
    ? (tx.outputs.find((output) => !isOwn(output.address) && output.address !== null)?.address ?? '')
    : (tx.inputs.find((input) => !isOwn(input.address) && input.address !== null)?.address ?? '');
  const fee = outgoing && tx.sent > 0n ? tx.fee : null;
  return {
    txHash: tx.txid,
    logIndex: NATIVE_LOG_INDEX,
    blockNumber: tx.blockHeight === null ? null : BigInt(tx.blockHeight),
    externalId: null,
    createdAt: tx.blockTime,
    direction: outgoing ? 'OUTGOING' : 'INCOMING',
    fromAddress: outgoing ? target.address : counterparty,
    toAddress: outgoing ? counterparty : target.address,
    amount: outgoing ? -tx.net - (fee ?? 0n) : tx.net,
    token: ctx.deps.catalog.native('BITCOIN'),
    gas: null,
    gasPrice: null,
    fee,
    feeTokenId: null,
    nftId: null,
    nftImageUrl: null,
    nftUrl: null,
    isSpam: false,
    isError: false,
    method: null,
  };
}

/** Syncs the wallet's Bitcoin history; false when the plan's limit stopped it. */
export async function syncBitcoinHistory(ctx: RunContext, esplora: EsploraClient, target: BitcoinWalletTarget): Promise<boolean> {
  const cursor = await readCursor(ctx.deps.db, ctx.subject, ESPLORA_CURSOR);
  const known = cursor?.lastTxid ?? null;
  const owner = { ...ctx.owner, walletId: target.walletId, network: 'BITCOIN' as const };
  let newest: string | null = null;
  for await (const page of esplora.listTransactions(target.address)) {
    const confirmed = page.filter((tx) => tx.confirmed);
    newest ??= confirmed[0]?.txid ?? null;
    const stop = known === null ? -1 : confirmed.findIndex((tx) => tx.txid === known);
    const fresh = stop >= 0 ? confirmed.slice(0, stop) : confirmed;
    const drafts = fresh.flatMap((tx) => bitcoinDraft(ctx, target, tx) ?? []);
    let truncated = false;
    await commitPage(ctx, async (db) => {
      const result = await storeWalletDrafts(db, owner, drafts, ctx.remaining);
      consume(ctx, result.counted, result.truncated);
      truncated = result.truncated;
    });
    if (truncated) return false;
    if (stop >= 0) break;
  }
  if (newest !== null && newest !== known) {
    const top = newest;
    await commitPage(ctx, (db) => writeCursor(db, ctx.subject, ESPLORA_CURSOR, { lastTxid: top }, ctx.deps.now()));
  }
  return true;
}
