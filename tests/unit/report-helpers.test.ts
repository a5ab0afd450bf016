import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, num } from '../../src/server/documents/csv';
import { contentDisposition, exportFileName } from '../../src/server/http/file-download';
import { holdingsRow, holdingsRows, itinOf, mergeFlows, type HoldingsFlow, type ReportToken } from '../../src/server/documents/holdings-math';
import { pdfSafe } from '../../src/server/documents/report-pdf';
import { itinGroups, reportDateTime, reportDay } from '../../src/shared/report-format';

describe('CSV cells', () => {
  it('leaves plain text alone and quotes commas, quotes, CR and LF', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('prefixes text that a spreadsheet would run as a formula with a single quote', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+44 123')).toBe("'+44 123");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=cmd')).toBe("'\t=cmd");
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('keeps numbers the server computed, negative ones too', () => {
    expect(csvCell(num('-0.503'))).toBe('-0.503');
    expect(csvCell(num(null))).toBe('');
    expect(csvLine(['a', num('-1'), null, '-x'])).toBe("a,-1,,'-x\r\n");
  });

  it('names downloads after the document, safely', () => {
    expect(exportFileName('Q1 report', 'csv')).toBe('Q1 report.csv');
    expect(exportFileName('a/b\\c:d*e?"f"<g>|h', 'pdf')).toBe('a b c d e f g h.pdf');
    expect(exportFileName('..hidden', 'csv')).toBe('hidden.csv');
    expect(exportFileName('../../etc/passwd', 'pdf')).not.toMatch(/[\\/]/);
    expect(exportFileName('  \n ', 'csv')).toBe('document.csv');
    expect(exportFileName('x'.repeat(300), 'csv')).toBe(`${'x'.repeat(100)}.csv`);
    expect(contentDisposition('attachment', 'Bericht März.csv')).toBe(
      `attachment; filename="Bericht M_rz.csv"; filename*=UTF-8''Bericht%20M%C3%A4rz.csv`,
    );
  });
});

describe('ITIN and dates', () => {
  it('groups an ITIN 4-4-rest', () => {
    expect(itinGroups('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBe('0xa0 b869 91c6218b36c1d19d4a2e9eb0ce3606eb48');
    expect(itinGroups('123456')).toBe('1234 56');
    expect(itinGroups('1234')).toBe('1234');
    expect(itinGroups('12345678')).toBe('1234 5678');
    expect(itinGroups(null)).toBe('');
  });

  it('identifies tokens by contract address, native coins and exchange assets by nothing', () => {
    expect(itinOf('0xabc')).toBe('0xabc');
    expect(itinOf('native')).toBeNull();
    expect(itinOf(null)).toBeNull();
    expect(itinOf('')).toBeNull();
  });

  it('writes dd.MM.yyyy HH:mm in the given zone', () => {
    expect(reportDateTime('2025-02-03T04:05:06Z', 'UTC')).toBe('03.02.2025 04:05');
    expect(reportDateTime('2025-01-31T23:30:00Z', 'Europe/Berlin')).toBe('01.02.2025 00:30');
    expect(reportDateTime('2025-07-01T00:00:00Z', 'America/New_York')).toBe('30.06.2025 20:00');
    expect(reportDateTime('2025-02-03T04:05:06Z', 'Not/AZone')).toBe('03.02.2025 04:05');
    expect(reportDay('2025-02-28')).toBe('28.02.2025');
  });

  it('keeps PDF text to what the standard fonts draw', () => {
    expect(pdfSafe('Café\tbar 中')).toBe('Café bar ?');
  });
});

describe('holdings arithmetic', () => {
  const eth: ReportToken = { id: 'ETHEREUM:native', symbol: 'ETH', name: 'Ether', decimals: 18, address: 'native' };
  const usdc: ReportToken = { id: 'ETHEREUM:0xa0b8', symbol: 'USDC', name: 'USD Coin', decimals: 6, address: '0xa0b8' };
  const flow = (accountId: string, token: ReportToken, before: bigint, inflow: bigint, outflow: bigint): HoldingsFlow => ({
    accountId,
    token,
    before,
    inflow,
    outflow,
  });

  it('computes end and change exactly in base units', () => {
    const row = holdingsRow(flow('w', eth, 3_990_000_000_000_000_000n, 3n * 10n ** 18n, 503_000_000_000_000_000n), 'Alpha');
    expect(row).toEqual({
      token: { id: eth.id, symbol: 'ETH', name: 'Ether' },
      itin_number: null,
      holdings_at_start: '3.99',
      inflow: '3',
      outflow: '0.503',
      holdings_at_end: '6.487',
      change: '2.497',
      wallet: 'Alpha',
    });
    const tiny = holdingsRow(flow('w', eth, 1n, 0n, 2n), 'A');
    expect([tiny.holdings_at_end, tiny.change]).toEqual(['-0.000000000000000001', '-0.000000000000000002']);
  });

  it('adds fees to the same account and token, and keeps accounts apart', () => {
    const merged = mergeFlows([flow('a', eth, 10n, 5n, 1n), flow('a', eth, -2n, 0n, 3n), flow('b', eth, 1n, 0n, 0n)]);
    expect(merged).toEqual([flow('a', eth, 8n, 5n, 4n), flow('b', eth, 1n, 0n, 0n)]);
  });

  it('drops rows that neither held nor moved anything and orders by account name, then symbol', () => {
    const names: Record<string, string> = { a: 'beta', b: 'Alpha' };
    const rows = holdingsRows(
      [flow('a', usdc, 0n, 1_500_000n, 0n), flow('a', eth, 0n, 0n, 0n), flow('b', usdc, 1n, 0n, 0n), flow('b', eth, 0n, 1n, 1n)],
      (id) => names[id] ?? '',
    );
    expect(rows.map((row) => [row.wallet, row.token.symbol, row.holdings_at_end, row.itin_number])).toEqual([
      ['Alpha', 'ETH', '0', null],
      ['Alpha', 'USDC', '0.000001', '0xa0b8'],
      ['beta', 'USDC', '1.5', '0xa0b8'],
    ]);
  });
});
