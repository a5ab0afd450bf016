/**
 * Transactions as the API shows them (docs/transactions.md): amounts scaled by their token's decimals, the fee
 * in the native coin, the gas price in gwei on EVM chains, value_fiat at the transaction's day in the user's
 * fiat (none for a past day whose FX rate is not stored yet), the counterparty with its contact's name, labels
 * and the payment label.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { TransactionOut } from '../../shared/contract/transactions';
import { EVM_NETWORKS, type Exchange, type Network } from '../../shared/enums';
import { fromBaseUnits, type Big } from '../../shared/money';
import { contactsForAddresses } from '../contacts/contact-addresses';
import type { Database } from '../db/database';
import { centralisedExchanges, transactions, wallets, type TransactionRow } from '../db/schema';
import { paymentLabelsForHashes } from '../labels/payment-labels';
import { labelsForTransactions } from '../labels/transaction-labels';
import { exchangeDecimals } from '../providers/exchanges';
import type { TokenRegistry } from '../providers/tokens/token-registry';
import { fiatContext, utcDay, type FiatContext, type FiatRates } from '../lib/fiat-rates';
import { storedTokenRef, toTokenRef } from '../lib/token-view';

const EVM: ReadonlySet<Network> = new Set(EVM_NETWORKS);
const GWEI_DECIMALS = 9;

export interface ViewDeps {
  db: Database;
  now: () => Date;
  fiatRates: FiatRates;
  tokens: TokenRegistry;
}

/** Decimals of the coin a fee is paid in: the network's native coin unless the row names another. */
function feeDecimals(row: TransactionRow, tokens: TokenRegistry): number {
  const feeToken = row.feeTokenId;
  if (feeToken !== null) {
    const at = feeToken.indexOf(':');
    const prefix = feeToken.slice(0, at);
    const rest = feeToken.slice(at + 1);
    if (row.network === null) return exchangeDecimals(rest);
    if (rest === 'native' || prefix !== row.network) return tokens.native(row.network).decimals;
    return tokens.get(row.network, rest)?.decimals ?? tokens.native(row.network).decimals;
  }
  if (row.network === null) return exchangeDecimals(row.tokenSymbol);
  return tokens.native(row.network).decimals;
}

const roninDecimals = (tokens: TokenRegistry, symbol: string, fallback: number): number =>
  tokens.list('RONIN').find((token) => token.symbol === symbol)?.decimals ?? fallback;

const scaled = (units: string | null, decimals: number): string | null =>
  units === null ? null : fromBaseUnits(BigInt(units), decimals);

/** A transaction row with the names of its wallet or exchange account, read in the same query. */
export interface ListedTransaction {
  row: TransactionRow;
  wallet: TransactionOut['wallet'];
  cex: TransactionOut['cex'];
}

/** Columns of a ListedTransaction query: the row, and its owner from `ownerJoins` (null when not the user's). */
export const listedColumns = {
  row: transactions,
  walletName: wallets.name,
  walletAddress: wallets.address,
  exchange: centralisedExchanges.exchange,
};

/** Join conditions of `listedColumns`' owner tables: the user's own wallet or exchange account only. */
export const ownerJoins = (userId: string): { wallet: SQL | undefined; cex: SQL | undefined } => ({
  wallet: and(eq(wallets.id, transactions.walletId), eq(wallets.userId, userId)),
  cex: and(eq(centralisedExchanges.id, transactions.cexId), eq(centralisedExchanges.userId, userId)),
});

interface ListedColumnsRow {
  row: TransactionRow;
  walletName: string | null;
  walletAddress: string | null;
  exchange: Exchange | null;
}

export function toListedTransaction({ row, walletName, walletAddress, exchange }: ListedColumnsRow): ListedTransaction {
  return {
    row,
    wallet: row.walletId === null || walletName === null || walletAddress === null ? null : { id: row.walletId, name: walletName, address: walletAddress },
    cex: row.cexId === null || exchange === null ? null : { id: row.cexId, exchange },
  };
}

/** The given ids' rows (the user's only) with their owners, in the given order. */
export async function loadTransactionRows(db: Database, userId: string, ids: readonly string[]): Promise<ListedTransaction[]> {
  if (ids.length === 0) return [];
  const joins = ownerJoins(userId);
  const rows = await db
    .select(listedColumns)
    .from(transactions)
    .leftJoin(wallets, joins.wallet)
    .leftJoin(centralisedExchanges, joins.cex)
    .where(and(eq(transactions.userId, userId), inArray(transactions.id, [...ids])));
  const byId = new Map(rows.map((row) => [row.row.id, toListedTransaction(row)]));
  return ids.map((id) => byId.get(id)).filter((row): row is ListedTransaction => row !== undefined);
}

export async function toTransactionViews(
  deps: ViewDeps,
  userId: string,
  listed: readonly ListedTransaction[],
  fiat: FiatContext,
): Promise<TransactionOut[]> {
  if (listed.length === 0) return [];
  const { db, tokens } = deps;
  const rows = listed.map((entry) => entry.row);
  const counterparts = rows.map((row) => (row.direction === 'INCOMING' ? row.fromAddress : row.toAddress));
  const [contactsByAddress, labelsById, paymentLabels, dayRates] = await Promise.all([
    contactsForAddresses(db, userId, counterparts),
    labelsForTransactions(db, rows.map((row) => row.id)),
    paymentLabelsForHashes(db, userId, rows.map((row) => row.txHash)),
    deps.fiatRates.onDays(fiat.fiat, rows.map((row) => utcDay(row.createdAt))),
  ]);
  const today = utcDay(deps.now());
  const contextOfDay = new Map<string, FiatContext>();
  /** The conversion of a day: its stored rate; today's current rate; none for a past day not yet filled. */
  const contextFor = (day: string): FiatContext | null => {
    const rate: Big | undefined = dayRates.get(day);
    if (rate === undefined) return day === today ? fiat : null;
    let context = contextOfDay.get(day);
    if (context === undefined) {
      context = fiatContext(fiat.fiat, rate);
      contextOfDay.set(day, context);
    }
    return context;
  };

  return listed.map(({ row, wallet, cex }): TransactionOut => {
    const incoming = row.direction === 'INCOMING';
    const counterpart = incoming ? row.fromAddress : row.toAddress;
    const contact = contactsByAddress.get(counterpart.trim().toLowerCase()) ?? null;
    const evm = row.network !== null && EVM.has(row.network);
    return {
      id: row.id,
      created_at: row.createdAt.toISOString(),
      amount: fromBaseUnits(BigInt(row.amount), row.tokenDecimals),
      value_fiat: row.valueUsd === null ? null : (contextFor(utcDay(row.createdAt))?.value(row.valueUsd) ?? null),
      fiat_currency: fiat.fiat,
      direction: row.direction,
      from_address: row.fromAddress,
      to_address: row.toAddress,
      fromTo: { label: incoming ? 'From' : 'To', address: counterpart, name: contact?.name ?? null },
      contact,
      token: toTokenRef(row),
      network: row.network,
      tx_hash: row.txHash,
      kind: row.kind,
      gas: row.gas,
      gas_price: row.gasPrice === null ? null : evm ? scaled(row.gasPrice, GWEI_DECIMALS) : row.gasPrice,
      fee: scaled(row.fee, feeDecimals(row, tokens)),
      wallet,
      cex,
      labels: labelsById.get(row.id) ?? [],
      transc_label: paymentLabels.get(row.txHash.trim().toLowerCase()) ?? null,
      nft_id: row.nftId,
      nft_image_url: row.nftImageUrl,
      nft_url: row.nftUrl,
      swapped_amount:
        row.swappedAmount === null || row.swappedToken === null
          ? null
          : scaled(row.swappedAmount, row.swappedToken.decimals),
      swapped_token: row.swappedToken === null ? null : storedTokenRef(row.swappedToken),
      axie_breed_axs_cost: scaled(row.axieBreedAxsCost, roninDecimals(tokens, 'AXS', 18)),
      axie_breed_slp_cost: scaled(row.axieBreedSlpCost, roninDecimals(tokens, 'SLP', 0)),
      is_spam: row.isSpam,
    };
  });
}
