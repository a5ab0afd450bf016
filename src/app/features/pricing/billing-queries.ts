/** Plans and billing calls (docs/billing.md): the plan list, checkout, the billing portal and plan changes. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { billingEndpoints } from '../../../shared/contract/billing';
import { planEndpoints } from '../../../shared/contract/plans';
import type { CheckoutSessionInput, PaymentInput, PaymentResponse } from '../../../shared/schemas/billing';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { updateStoredUser, getStoredUser } from '../../lib/session';

export const billingKeys = {
  plans: ['subscription-plans'] as const,
};

/** GET subscription-plans: the three plans with their euro prices and Stripe price ids. */
export function subscriptionPlansQuery() {
  return queryOptions({
    queryKey: billingKeys.plans,
    queryFn: ({ signal }) => api.call(planEndpoints.listPlans, { signal }),
    staleTime: 5 * 60 * 1000,
  });
}

/** Errors are shown by the screens themselves (dialog text, the settings panel), not as a toast. */
const quiet = { silent: true } as const;

export const checkoutMutation = {
  mutationFn: (input: CheckoutSessionInput) => api.call(billingEndpoints.createCheckoutSession, { body: input, ...quiet }),
};

export const manageBillingMutation = {
  mutationFn: () => api.call(billingEndpoints.manageBilling, quiet),
};

export const paymentMutation = {
  mutationFn: (input: PaymentInput) => api.call(billingEndpoints.changePlan, { body: input, ...quiet }),
};

/** A new plan changes what every plan-gated screen may show: everything but the public config is fetched again. */
export async function refreshPlanData(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.config[0] });
}

/** Puts the subscription POST payments answered into the stored user at once. */
export function storeSubscription(answer: PaymentResponse): void {
  const user = getStoredUser();
  if (user !== null) updateStoredUser({ ...user, subscription: answer.subscription });
}

/** Where the browser goes for Stripe's pages (checkout, billing portal): the same window. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
