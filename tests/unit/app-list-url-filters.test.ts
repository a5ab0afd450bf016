import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultDocumentFilters, REPORT_KINDS, type DocumentFilters } from '../../src/app/features/documents/document-filters';
import { documentFiltersFromSearch, documentFiltersToSearch, parseDocumentSearch } from '../../src/app/features/documents/document-search';
import { shownDocumentFilters } from '../../src/app/features/documents/document-shown-filters';
import { DEFAULT_TRANSACTION_FILTERS, type TransactionFilters } from '../../src/app/features/transactions/transaction-filters';
import { filtersFromSearch, filtersToSearch, parseTransactionSearch } from '../../src/app/features/transactions/transaction-search';
import { shownTransactionFilters } from '../../src/app/features/transactions/transaction-shown-filters';
import { choicesParam, dayRangeParams, listParam, MAX_PARAM_LENGTH, textParam } from '../../src/app/lib/search-params';

/** What the router makes of a query string: parsed, then validated by the route. */
function fromUrl<S>(query: string, validate: (raw: Record<string, unknown>) => S): S {
  return validate(defaultParseSearch(query));
}

/** A localStorage stand-in for the node test environment. */
function memoryStorage(initial: Record<string, string> = {}): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  };
}

describe('URL parameter readers', () => {
  it('keep texts, lists, known choices and valid ranges, and drop the rest', () => {
    expect(textParam('  x ')).toBe('  x ');
    expect(textParam(12)).toBe('12');
    expect(textParam(' ')).toBeUndefined();
    expect(textParam({})).toBeUndefined();
    expect(textParam('y'.repeat(500))).toHaveLength(MAX_PARAM_LENGTH);
    expect(listParam('ETH, USDC,,ETH')).toEqual(['ETH', 'USDC']);
    expect(listParam(['a', 3, null, ''])).toEqual(['a', '3']);
    expect(listParam(undefined)).toEqual([]);
    expect(choicesParam('PAID,NOPE,DUE', ['DUE', 'DRAFT', 'PAID'] as const)).toEqual(['DUE', 'PAID']);
    expect(dayRangeParams('2025-01-01', '2025-02-01')).toEqual({ start_date: '2025-01-01', end_date: '2025-02-01' });
    expect(dayRangeParams('2025-02-01', '2025-01-01')).toBeUndefined();
    expect(dayRangeParams('2025-02-30', '2025-03-01')).toBeUndefined();
    expect(dayRangeParams('2025-01-01', undefined)).toBeUndefined();
  });
});

describe('transaction filters in the URL', () => {
  const chosen: TransactionFilters = {
    start_date: '2025-01-01',
    end_date: '2025-03-31',
    tokens: ['USDC', 'ETH'],
    labels: ['label-1'],
    ordering: '-amount',
  };

  it('are written without their defaults and read back the same', () => {
    const search = filtersToSearch(chosen, 'rent');
    const url = defaultStringifySearch(search);
    expect(url).toBe('?search=rent&start_date=2025-01-01&end_date=2025-03-31&tokens=USDC%2CETH&labels=label-1&ordering=-amount');
    const read = fromUrl(url, parseTransactionSearch);
    expect(read).toEqual(search);
    expect(filtersFromSearch(read)).toEqual(chosen);
    expect(filtersToSearch(DEFAULT_TRANSACTION_FILTERS, undefined)).toEqual({});
  });

  it('drop invalid values and keep the valid ones', () => {
    const read = fromUrl('?ordering=sideways&start_date=2025-05-01&end_date=2025-04-01&tokens=USDC&extra=1', parseTransactionSearch);
    expect(read).toEqual({ tokens: 'USDC' });
    expect(filtersFromSearch(read)).toEqual({ ...DEFAULT_TRANSACTION_FILTERS, tokens: ['USDC'] });
    expect(parseTransactionSearch({ ordering: 'amount', start_date: '2025-01-01' })).toEqual({ ordering: 'amount' });
    expect(parseTransactionSearch({ search: 42 })).toEqual({ search: '42' });
  });

  describe('without any in the URL', () => {
    beforeEach(() => {
      vi.stubGlobal('localStorage', memoryStorage({ transactions_filters: JSON.stringify(chosen) }));
    });
    afterEach(() => vi.unstubAllGlobals());

    it('the remembered choice is shown; a URL naming filters wins', () => {
      expect(filtersFromSearch({ search: 'rent' })).toBeNull();
      expect(shownTransactionFilters({ search: 'rent' })).toEqual(chosen);
      expect(shownTransactionFilters({ ordering: 'created_at' })).toEqual({ ...DEFAULT_TRANSACTION_FILTERS, ordering: 'created_at' });
    });
  });
});

describe('document filters in the URL', () => {
  const chosen: DocumentFilters = {
    start_date: '2025-01-01',
    end_date: '2025-01-31',
    invoice: { states: ['DRAFT', 'PAID'], currency: 'EUR', labels: ['vip'], ordering: '-total_amount' },
    report: { kinds: [REPORT_KINDS[0] ?? 'HOLDINGS_REPORT'] },
  };

  it('are written without their defaults and read back the same', () => {
    const search = documentFiltersToSearch(chosen);
    expect(search).toMatchObject({ states: 'DRAFT,PAID', currency: 'EUR', labels: 'vip', ordering: '-total_amount' });
    const read = fromUrl(defaultStringifySearch(search), parseDocumentSearch);
    expect(read).toEqual(search);
    expect(documentFiltersFromSearch(read)).toEqual(chosen);
    expect(documentFiltersToSearch(defaultDocumentFilters(), '')).toEqual({});
  });

  it('drop invalid values; all or none of the states or kinds means no filter', () => {
    expect(parseDocumentSearch({ states: 'PAID,BOGUS', currency: 'XYZ', ordering: 'amount', kinds: 'NOPE' })).toEqual({
      states: 'PAID',
    });
    expect(parseDocumentSearch({ states: 'DUE,DRAFT,EXPIRED,PAID,PROCESSING' })).toEqual({});
    // The list shown: the report list by name, the invoice list (the default) by leaving it out.
    expect(parseDocumentSearch({ tab: 'report', kinds: 'NOPE' })).toEqual({ tab: 'report' });
    expect(parseDocumentSearch({ tab: 'invoice' })).toEqual({});
    expect(parseDocumentSearch({ tab: 'contacts' })).toEqual({});
    expect(documentFiltersFromSearch({ currency: 'USD' })).toEqual({
      ...defaultDocumentFilters(),
      invoice: { ...defaultDocumentFilters().invoice, currency: 'USD' },
    });
  });

  describe('without any in the URL', () => {
    beforeEach(() => {
      vi.stubGlobal('localStorage', memoryStorage({ documents_filters: JSON.stringify(chosen) }));
    });
    afterEach(() => vi.unstubAllGlobals());

    it('the remembered choice is shown', () => {
      expect(documentFiltersFromSearch({ search: 'beta' })).toBeNull();
      expect(shownDocumentFilters({ search: 'beta' })).toEqual(chosen);
      // The list shown is not a filter.
      expect(documentFiltersFromSearch({ tab: 'report' })).toBeNull();
      expect(shownDocumentFilters({ tab: 'report' })).toEqual(chosen);
    });
  });
});
