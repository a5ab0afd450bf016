/**
 * The arithmetic of a holdings report (docs/documents.md: holdings_at_start, inflow, outflow, holdings_at_end,
 * change), exact in base units and shown in whole tokens. Pure: the sums come from report-holdings.ts.
 *
 * Per account and token: start = what arrived less what left before the first day; inflow and outflow = what
 * arrived and what left within the days, fees paid counting as outflow of the coin they were paid in;
 * end = start + inflow − outflow; change = end − start.
 */
import type { HoldingsReportRow } from '../../shared/contract/reports';
import { fromBaseUnits } from '../../shared/money';

export interface ReportToken {
  id: string;
  symbol: string;
  name: string;
  decimals: number;
  /** Contract address, 'native', or null (exchange assets). */
  address: string | null;
}

/** Base-unit sums of one token in one account. `before` is signed (what arrived less what left). */
export interface HoldingsFlow {
  accountId: string;
  token: ReportToken;
  before: bigint;
  inflow: bigint;
  outflow: bigint;
}

/**
 * The token identification number a holdings report shows (itin_number). There is no registry of such numbers
 * for crypto assets, so a token is identified by what identifies it on its chain: its contract address. A
 * native coin (ETH, BTC, …) and an exchange asset have no contract, hence no number (null).
 */
export function itinOf(address: string | null): string | null {
  if (address === null || address === '' || address === 'native') return null;
  return address;
}

/** Flows of the same account and token added together (token movements and the fees paid in that token). */
export function mergeFlows(flows: readonly HoldingsFlow[]): HoldingsFlow[] {
  const merged = new Map<string, HoldingsFlow>();
  for (const flow of flows) {
    const key = `${flow.accountId}\u0000${flow.token.id}`;
    const seen = merged.get(key);
    if (seen === undefined) merged.set(key, { ...flow });
    else merged.set(key, { ...seen, before: seen.before + flow.before, inflow: seen.inflow + flow.inflow, outflow: seen.outflow + flow.outflow });
  }
  return [...merged.values()];
}

/** One report row of a flow; `wallet` is the account's name. */
export function holdingsRow(flow: HoldingsFlow, wallet: string): HoldingsReportRow {
  const { token } = flow;
  const end = flow.before + flow.inflow - flow.outflow;
  const show = (units: bigint): string => fromBaseUnits(units, token.decimals);
  return {
    token: { id: token.id, symbol: token.symbol, name: token.name },
    itin_number: itinOf(token.address),
    holdings_at_start: show(flow.before),
    inflow: show(flow.inflow),
    outflow: show(flow.outflow),
    holdings_at_end: show(end),
    change: show(end - flow.before),
    wallet,
  };
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The report's rows: flows merged, those that neither held nor moved anything left out, ordered by account
 * name, then token symbol (case-insensitively), then token id.
 */
export function holdingsRows(flows: readonly HoldingsFlow[], accountName: (accountId: string) => string): HoldingsReportRow[] {
  return mergeFlows(flows)
    .filter((flow) => flow.before !== 0n || flow.inflow !== 0n || flow.outflow !== 0n)
    .map((flow) => ({ flow, wallet: accountName(flow.accountId) }))
    .sort(
      (a, b) =>
        compareText(a.wallet.toLowerCase(), b.wallet.toLowerCase()) ||
        compareText(a.flow.accountId, b.flow.accountId) ||
        compareText(a.flow.token.symbol.toLowerCase(), b.flow.token.symbol.toLowerCase()) ||
        compareText(a.flow.token.id, b.flow.token.id),
    )
    .map(({ flow, wallet }) => holdingsRow(flow, wallet));
}
