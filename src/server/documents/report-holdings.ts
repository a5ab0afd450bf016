/**
 * Holdings report data (docs/documents.md: token, itin_number, holdings_at_start, inflow, outflow,
 * holdings_at_end, change, wallet), computed exactly from the stored transactions of the report's accounts.
 *
 * Movements follow the balance rules of the transactions table: a row moves `amount` in its direction unless it
 * failed (is_error) or went from an address to itself; a fee is paid on top, in `fee_token_id` or the network's
 * native coin. Spam rows and NFT rows are left out (NFT rows' fees still count).
 *
 * Limitation: the start balance is what the stored transactions add up to before the first day. Holdings that
 * arrived before the oldest transaction the sync stored (history beyond what the provider returns or the plan's
 * transaction limit lets it load) are not known, so a start — and then an end — can be lower than what the
 * account really held, even negative.
 */
import { and, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { NETWORKS } from '../../shared/enums';
import type { HoldingsReportRow } from '../../shared/contract/reports';
import type { Database } from '../db/database';
import { transactions } from '../db/schema';
import { exchangeDecimals } from '../providers/exchanges';
import type { TokenRegistry } from '../providers/tokens/token-registry';
import { holdingsRows, type HoldingsFlow, type ReportToken } from './holdings-math';
import { scopeConditions, type ReportScope } from './report-scope';

const units = (text: string | null): bigint => BigInt(text ?? '0');

/** A timestamp parameter both drivers accept. */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** What the fee token of a fee is, when no movement of the account names it. */
function feeToken(tokenId: string, tokens: TokenRegistry): ReportToken {
  const at = tokenId.indexOf(':');
  const prefix = tokenId.slice(0, at);
  const rest = tokenId.slice(at + 1);
  const network = NETWORKS.find((candidate) => candidate === prefix);
  if (network === undefined) {
    // An exchange asset ("BINANCE:BNB"): named by its symbol, with the decimals the exchange sync stores it in.
    return { id: tokenId, symbol: rest, name: rest, decimals: exchangeDecimals(rest), address: null };
  }
  const info = rest === 'native' ? tokens.native(network) : (tokens.get(network, rest) ?? tokens.native(network));
  return { id: tokenId, symbol: info.symbol, name: info.name, decimals: info.decimals, address: info.address };
}

/** The base-unit flows of the report's accounts, per account and token (movements and fees apart). */
export async function holdingsFlows(db: Database, scope: ReportScope, tokens: TokenRegistry): Promise<HoldingsFlow[]> {
  const base = scopeConditions(scope);
  if (base === null || scope.from === null || scope.until === null) return [];
  const from = instant(scope.from);
  const before = sql`${transactions.createdAt} < ${from}`;
  const moves = sql`(not ${transactions.isError} and ${transactions.fromAddress} <> ${transactions.toAddress})`;
  const signed = sql`case when ${transactions.direction} = 'INCOMING' then ${transactions.amount} else -${transactions.amount} end`;
  const account = sql<string>`coalesce(${transactions.walletId}, ${transactions.cexId})::text`;
  const movements = await db
    .select({
      accountId: account,
      tokenId: transactions.tokenId,
      symbol: sql<string>`min(${transactions.tokenSymbol})`,
      name: sql<string>`min(${transactions.tokenName})`,
      decimals: sql<number>`min(${transactions.tokenDecimals})::int`,
      address: sql<string | null>`min(${transactions.tokenAddress})`,
      before: sql<string>`coalesce(sum(case when ${before} and ${moves} then ${signed} end), 0)::text`,
      inflow: sql<string>`coalesce(sum(case when not (${before}) and ${moves} and ${transactions.direction} = 'INCOMING' then ${transactions.amount} end), 0)::text`,
      outflow: sql<string>`coalesce(sum(case when not (${before}) and ${moves} and ${transactions.direction} = 'OUTGOING' then ${transactions.amount} end), 0)::text`,
    })
    .from(transactions)
    .where(and(...base, isNull(transactions.nftId), lt(transactions.createdAt, scope.until)))
    .groupBy(account, transactions.tokenId);
  const feeTokenId = sql<string | null>`coalesce(${transactions.feeTokenId}, ${transactions.network} || ':native')`;
  const fees = await db
    .select({
      accountId: account,
      tokenId: feeTokenId,
      before: sql<string>`coalesce(sum(case when ${before} then ${transactions.fee} end), 0)::text`,
      within: sql<string>`coalesce(sum(case when not (${before}) then ${transactions.fee} end), 0)::text`,
    })
    .from(transactions)
    .where(and(...base, isNotNull(transactions.fee), lt(transactions.createdAt, scope.until)))
    .groupBy(account, feeTokenId);

  const known = new Map<string, ReportToken>();
  const flows: HoldingsFlow[] = movements.map((row) => {
    const token: ReportToken = { id: row.tokenId, symbol: row.symbol, name: row.name, decimals: Number(row.decimals), address: row.address };
    known.set(token.id, token);
    return { accountId: row.accountId, token, before: units(row.before), inflow: units(row.inflow), outflow: units(row.outflow) };
  });
  for (const fee of fees) {
    // An exchange row's fee without a named asset cannot be placed (as in the balance sync).
    if (fee.tokenId === null) continue;
    const token = known.get(fee.tokenId) ?? feeToken(fee.tokenId, tokens);
    flows.push({ accountId: fee.accountId, token, before: -units(fee.before), inflow: 0n, outflow: units(fee.within) });
  }
  return flows;
}

/** Every row of the report, in order. */
export async function reportHoldings(db: Database, scope: ReportScope, tokens: TokenRegistry): Promise<HoldingsReportRow[]> {
  const flows = await holdingsFlows(db, scope, tokens);
  return holdingsRows(flows, (id) => scope.accounts.get(id)?.name ?? '');
}
