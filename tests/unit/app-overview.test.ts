import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/shared/api-types';
import { fiatFallbackNotice, formatFiat, formatFiatChange, formatTokenAmount } from '../../src/app/lib/fiat';
import { DATA_POLL_MS, livePollInterval, NFT_POLL_MS } from '../../src/app/lib/live-polling';
import {
  dashboardDocumentsQuery,
  DEFAULT_PORTFOLIO_INTERVAL,
  PORTFOLIO_INTERVALS,
} from '../../src/app/features/overview/overview-queries';
import {
  hasPortfolioHistory,
  invoiceUsageText,
  postponedUntil,
  shouldShowSuggestion,
  shouldShowWelcome,
  suggestionVariant,
} from '../../src/app/features/overview/overview-rules';
import { portfolioPoints } from '../../src/app/features/overview/portfolio-points';

type SuggestionUser = Pick<User, 'full_access' | 'kyc' | 'suggestions'>;
const now = new Date('2025-03-10T12:00:00Z');
const suggestionUser = (patch: Partial<SuggestionUser> = {}): SuggestionUser => ({
  full_access: true,
  kyc: null,
  suggestions: { ftcTimeout: null },
  ...patch,
});

describe('suggestion card rules', () => {
  it('shows to full-access users whose KYC is not FULL_USER', () => {
    expect(shouldShowSuggestion(suggestionUser(), now)).toBe(true);
    expect(shouldShowSuggestion(suggestionUser({ kyc: 'PENDING' }), now)).toBe(true);
    expect(shouldShowSuggestion(suggestionUser({ kyc: 'FULL_USER' }), now)).toBe(false);
    expect(shouldShowSuggestion(suggestionUser({ full_access: false }), now)).toBe(false);
  });

  it('stays hidden until a postponement has passed, which lasts one day', () => {
    const until = postponedUntil(now);
    expect(until).toBe('2025-03-11T12:00:00.000Z');
    expect(shouldShowSuggestion(suggestionUser({ suggestions: { ftcTimeout: until } }), now)).toBe(false);
    const later = new Date('2025-03-11T12:00:01Z');
    expect(shouldShowSuggestion(suggestionUser({ suggestions: { ftcTimeout: until } }), later)).toBe(true);
  });

  it('uses the Soft KYC Fail variant only after a soft KYC failure', () => {
    expect(suggestionVariant({ kyc: 'SOFT_KYC_FAILED' })).toBe('soft-kyc-fail');
    expect(suggestionVariant({ kyc: 'PENDING' })).toBe('setup');
  });
});

describe('welcome dialog and plan rules', () => {
  const base = { is_tutorial_viewed: false, full_access: true, has_wallet: true };
  it('welcomes full-access users with a wallet who have not seen the tutorial', () => {
    expect(shouldShowWelcome(base, false)).toBe(true);
    expect(shouldShowWelcome({ ...base, is_tutorial_viewed: true }, false)).toBe(false);
    expect(shouldShowWelcome({ ...base, full_access: false }, false)).toBe(false);
    expect(shouldShowWelcome({ ...base, has_wallet: false }, false)).toBe(false);
    expect(shouldShowWelcome(base, true)).toBe(false);
  });

  it('offers portfolio history to Plus (and Enterprise) plans only', () => {
    const plan = (code: User['subscription']['plan']) => ({
      subscription: { plan: code, cancelled_at: null, ends_at: null, next_billing_date: null, billing_interval: null, payment_failed: false },
    });
    expect(hasPortfolioHistory(plan('PLUS'))).toBe(true);
    expect(hasPortfolioHistory(plan('ENTERPRISE'))).toBe(true);
    expect(hasPortfolioHistory(plan('STARTER'))).toBe(false);
    expect(PORTFOLIO_INTERVALS).toEqual([7, 30, 60]);
    expect(DEFAULT_PORTFOLIO_INTERVAL).toBe(30);
  });

  it('describes invoice usage', () => {
    expect(invoiceUsageText({ limit: 10, count: 3 })).toBe('3 of 10 invoices used this year');
    expect(invoiceUsageText({ limit: null, count: 4 })).toBe('4 invoices this year · unlimited');
  });
});

describe('fiat display', () => {
  it('shows fiat with the symbol and 2 decimals, crypto bases with up to 6', () => {
    expect(formatFiat('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatFiat('-12', 'EUR')).toBe('-€12.00');
    expect(formatFiat('0.12345678', 'ETH')).toBe('Ξ0.123457');
    expect(formatFiat('5', 'CHF')).toBe('CHF 5.00');
    expect(formatFiat(null, 'USD')).toBe('–');
    expect(formatFiat('1e5', 'USD')).toBe('–');
  });

  it('signs changes and formats token amounts', () => {
    expect(formatFiatChange('3.5', 'USD')).toBe('+$3.50');
    expect(formatFiatChange('-3.5', 'USD')).toBe('-$3.50');
    expect(formatFiatChange('0', 'USD')).toBe('$0.00');
    expect(formatTokenAmount('1250.123456789', 'USDC')).toBe('1,250.123457 USDC');
    expect(formatTokenAmount('2', '')).toBe('2');
  });
});

describe('polling', () => {
  it('polls only while online and visible', () => {
    expect(DATA_POLL_MS).toBe(10_000);
    expect(NFT_POLL_MS).toBe(30_000);
    expect(livePollInterval(DATA_POLL_MS, { online: true, visible: true })).toBe(10_000);
    expect(livePollInterval(DATA_POLL_MS, { online: false, visible: true })).toBe(false);
    expect(livePollInterval(NFT_POLL_MS, { online: true, visible: false })).toBe(false);
  });
});

describe('portfolio points', () => {
  it('turns data points into sorted unix-second points and drops unreadable ones', () => {
    expect(
      portfolioPoints({
        data_points: [
          { measured_on: '2025-01-02', value_fiat: '20.5' },
          { measured_on: '2025-01-01', value_fiat: '10' },
          { measured_on: 'not a date', value_fiat: '1' },
        ],
      }),
    ).toEqual([
      { time: Date.UTC(2025, 0, 1) / 1000, value: 10 },
      { time: Date.UTC(2025, 0, 2) / 1000, value: 20.5 },
    ]);
  });
});

describe('dashboard documents', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const run = (state: 'DUE' | 'PAID') => {
    const options = dashboardDocumentsQuery(state);
    const queryFn = options.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>;
    return queryFn({ signal: new AbortController().signal });
  };

  it('asks for the 2 newest invoices of a state', async () => {
    const fetchMock = vi.fn(async (_input: string, _init: RequestInit) =>
      new Response(
        JSON.stringify({
          results: [1, 2, 3].map((n) => ({ id: String(n), name: `Invoice ${String(n)}`, kind: 'INVOICE', state: 'DUE', created_at: '2025-01-01' })),
          count: 3,
          next: null,
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = (await run('DUE')) as { id: string }[];
    expect(result.map((document) => document.id)).toEqual(['1', '2']);
    const url = new URL(fetchMock.mock.calls[0]?.[0] ?? '', 'http://localhost');
    expect(url.pathname).toBe('/api/documents');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '2',
      offset: '0',
      ordering: '-created_at',
      kind: 'INVOICE',
      state: 'DUE',
    });
  });
});

describe('values in a currency whose prices are not known yet', () => {
  it('says so while the values come in another currency, and nothing once they are in the chosen one', () => {
    expect(fiatFallbackNotice('EUR', 'USD')).toBe('Values in EUR are not available yet: they are shown in USD until they are.');
    expect(fiatFallbackNotice('EUR', 'EUR')).toBeNull();
    expect(fiatFallbackNotice('USD', 'USD')).toBeNull();
  });
});
