/** When the dashboard's suggestion card and welcome dialog appear (docs/overview.md). */
import type { User } from '../../../shared/api-types';

/** Closing the suggestion card postpones it for 1 day (docs/overview.md). */
export const SUGGESTION_POSTPONE_MS = 24 * 60 * 60 * 1000;

type SuggestionUser = Pick<User, 'full_access' | 'kyc' | 'suggestions'>;

/** Shown to full-access users whose KYC is not FULL_USER, unless postponed into the future. */
export function shouldShowSuggestion(user: SuggestionUser, now: Date): boolean {
  if (!user.full_access || user.kyc === 'FULL_USER') return false;
  const timeout = user.suggestions.ftcTimeout;
  if (!timeout) return true;
  const until = Date.parse(timeout);
  return Number.isNaN(until) || until <= now.getTime();
}

/** The ISO time until which a closed suggestion stays hidden. */
export function postponedUntil(now: Date): string {
  return new Date(now.getTime() + SUGGESTION_POSTPONE_MS).toISOString();
}

export type SuggestionVariant = 'soft-kyc-fail' | 'setup';

export function suggestionVariant(user: Pick<User, 'kyc'>): SuggestionVariant {
  return user.kyc === 'SOFT_KYC_FAILED' ? 'soft-kyc-fail' : 'setup';
}

/** The welcome dialog: tutorial not viewed, full access, has a wallet, and no tutorial running already. */
export function shouldShowWelcome(
  user: Pick<User, 'is_tutorial_viewed' | 'full_access' | 'has_wallet'>,
  tutorialRunning: boolean,
): boolean {
  return !user.is_tutorial_viewed && user.full_access && user.has_wallet && !tutorialRunning;
}

/** Plans with portfolio history (docs/overview.md: PLUS; ENTERPRISE includes everything PLUS has). */
export function hasPortfolioHistory(user: Pick<User, 'subscription'>): boolean {
  return user.subscription.plan === 'PLUS' || user.subscription.plan === 'ENTERPRISE';
}

/** Invoices used this year against the plan's allowance, e.g. '3 of 10 invoices used'; unlimited when null. */
export function invoiceUsageText(limit: { limit: number | null; count: number }): string {
  if (limit.limit === null) return `${String(limit.count)} invoices this year · unlimited`;
  return `${String(limit.count)} of ${String(limit.limit)} invoices used this year`;
}
