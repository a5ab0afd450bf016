/**
 * Transactions as the API shows them (docs/transactions.md): amounts scaled by their token's decimals, the fee
 * in the native coin, the gas price in gwei on EVM chains, value_fiat at the transaction's day in the user's
 * fiat (none for a past day whose FX rate is not stored yet), the counterparty with its contact's name, labels
 * and the payment label.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TransactionOut } from '../../shared/contract/transactions';
import { EVM_NETWORKS, type Exchange, type Network } from '../../shared/enums';
import { fromBaseUnits, type Big } from '../../shared/money';
import { contactsForAddresses, type ContactRef } from '../contacts/contact-addresses';
import { byLabelName } from '../labels/label-view';
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

/** What a row shows besides its own columns: its labels, its payment's label and its counterparty's contact. */
export interface RowExtras {
  labels: TransactionOut['labels'];
  paymentLabel: { name: string; invoice: string | null } | null;
  contact: ContactRef | null;
}

/** A transaction row with the names of its wallet or exchange account, read in the same query. */
export interface ListedTransaction {
  row: TransactionRow;
  wallet: TransactionOut['wallet'];
  cex: TransactionOut['cex'];
  /** Read in the same query too (`extraColumns`); otherwise looked up for the page when it is shown. */
  extras?: RowExtras;
}

interface ExtrasJson {
  labels: { id: string; name: string; color: TransactionOut['labels'][number]['color'] }[];
  paymentLabel: { name: string; invoice: string | null } | null;
  contact: { id: string; first_name: string; last_name: string } | null;
}

/**
 * Columns reading a row's extras in the row's own query (one JSON value per row, from the same indexes the
 * separate lookups use): the labels, the user's payment label of its hash (lower case, trimmed) and the
 * earliest-made contact of the user holding its counterparty's address (lower case, trimmed).
 */
export const extraColumns = (userId: string) => ({
  extras: sql<ExtrasJson>`json_build_object(
    'labels', (select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color)), '[]'::json)
               from transaction_labels tl join labels l on l.id = tl.label_id where tl.transaction_id = ${transactions.id}),
    'paymentLabel', (select json_build_object('name', p.name, 'invoice', p.invoice_id) from payment_labels p
               where p.user_id = ${userId} and p.tx_hash = lower(btrim(${transactions.txHash})) limit 1),
    'contact', (select json_build_object('id', c.id, 'first_name', c.first_name, 'last_name', c.last_name)
               from contact_addresses ca join contacts c on c.id = ca.contact_id
               where ca.user_id = ${userId}
                 and lower(ca.address) = lower(btrim(case when ${transactions.direction} = 'INCOMING' then ${transactions.fromAddress} else ${transactions.toAddress} end))
               order by c.created_at, c.id limit 1))`,
});

export function toRowExtras(json: ExtrasJson): RowExtras {
  return {
    labels: json.labels.map((label) => ({ id: label.id, name: label.name, color: label.color })).sort(byLabelName),
    paymentLabel: json.paymentLabel,
    contact: json.contact === null ? null : { id: json.contact.id, name: `${json.contact.first_name} ${json.contact.last_name}`.trim() },
  };
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
  // Rows read with their extras need no lookups: one statement gave the page and all it shows.
  const looked = listed.every((entry) => entry.extras !== undefined);
  const [contactsByAddress, labelsById, paymentLabels, dayRates] = await Promise.all([
    looked ? new Map<string, ContactRef>() : contactsForAddresses(db, userId, counterparts),
    looked ? new Map<string, TransactionOut['labels']>() : labelsForTransactions(db, rows.map((row) => row.id)),
    looked ? new Map<string, RowExtras['paymentLabel']>() : paymentLabelsForHashes(db, userId, rows.map((row) => row.txHash)),
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

  return listed.map(({ row, wallet, cex, extras }): TransactionOut => {
    const incoming = row.direction === 'INCOMING';
    const counterpart = incoming ? row.fromAddress : row.toAddress;
    const contact = extras !== undefined ? extras.contact : (contactsByAddress.get(counterpart.trim().toLowerCase()) ?? null);
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
      labels: extras !== undefined ? extras.labels : (labelsById.get(row.id) ?? []),
      transc_label: extras !== undefined ? extras.paymentLabel : (paymentLabels.get(row.txHash.trim().toLowerCase()) ?? null),
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
