/**
 * Exchange records as transaction rows of the exchange account: deposits (INCOMING), withdrawals (OUTGOING,
 * with their fee) and trades (two rows of kind SWAP, the base and the quote side, each naming the other as the
 * swapped amount and token; the trading fee sits on the side that left the account). Only completed transfers
 * are stored; unique per account and external id.
 */
import type { Exchange } from '../../../shared/enums';
import type { NewTransactionRow } from '../../db/schema';
import type { ExchangeTrade, ExchangeTransfer } from '../../providers/exchanges';
import type { LegKind } from '../classify';
import type { TokenCatalog } from '../token-catalog';
import { draftRow, type RowOwner, type TransactionDraft } from '../transaction-draft';

const TRANSFER_KIND: LegKind = { kind: 'TRANSFER', swappedAmount: null, swappedToken: null, axieBreedAxsCost: null, axieBreedSlpCost: null };

function baseDraft(overrides: Pick<TransactionDraft, 'txHash' | 'externalId' | 'createdAt' | 'direction' | 'amount' | 'token'> & Partial<TransactionDraft>): TransactionDraft {
  return {
    logIndex: 0,
    blockNumber: null,
    fromAddress: '',
    toAddress: '',
    gas: null,
    gasPrice: null,
    fee: null,
    feeTokenId: null,
    nftId: null,
    nftImageUrl: null,
    nftUrl: null,
    isSpam: false,
    isError: false,
    method: null,
    ...overrides,
  };
}

export function transferRow(owner: RowOwner, exchange: Exchange, catalog: TokenCatalog, record: ExchangeTransfer): NewTransactionRow | null {
  if (record.status !== 'ok') return null;
  const deposit = record.kind === 'deposit';
  const draft = baseDraft({
    txHash: record.txid ?? record.id,
    externalId: `${record.kind}:${record.id}`,
    createdAt: record.timestamp,
    direction: deposit ? 'INCOMING' : 'OUTGOING',
    amount: record.amount,
    token: catalog.exchangeToken(exchange, record.asset, record.decimals),
    fromAddress: deposit ? '' : exchange,
    toAddress: deposit ? exchange : (record.address ?? ''),
    fee: !deposit && record.fee !== null ? record.fee : null,
    feeTokenId: !deposit && record.fee !== null && record.feeAsset ? `${exchange}:${record.feeAsset.toUpperCase()}` : null,
  });
  return draftRow(owner, draft, TRANSFER_KIND);
}

export function tradeRows(owner: RowOwner, exchange: Exchange, catalog: TokenCatalog, trade: ExchangeTrade): NewTransactionRow[] {
  const base = catalog.exchangeToken(exchange, trade.base, trade.baseDecimals);
  const quote = catalog.exchangeToken(exchange, trade.quote, trade.quoteDecimals);
  const buy = trade.side === 'buy';
  const common = { txHash: `trade:${trade.symbol}:${trade.id}`, createdAt: trade.timestamp, method: trade.symbol };
  const fee = trade.fee ? { fee: trade.fee.amount, feeTokenId: `${exchange}:${trade.fee.asset.toUpperCase()}` } : {};
  const baseLeg = baseDraft({
    ...common,
    externalId: `trade:${trade.symbol}:${trade.id}:base`,
    direction: buy ? 'INCOMING' : 'OUTGOING',
    amount: trade.amount,
    token: base,
    ...(buy ? {} : fee),
  });
  const quoteLeg = baseDraft({
    ...common,
    externalId: `trade:${trade.symbol}:${trade.id}:quote`,
    logIndex: 1,
    direction: buy ? 'OUTGOING' : 'INCOMING',
    amount: trade.cost,
    token: quote,
    ...(buy ? fee : {}),
  });
  const swap = (other: TransactionDraft): LegKind => ({ ...TRANSFER_KIND, kind: 'SWAP', swappedAmount: other.amount, swappedToken: other.token });
  return [draftRow(owner, baseLeg, swap(quoteLeg)), draftRow(owner, quoteLeg, swap(baseLeg))];
}
