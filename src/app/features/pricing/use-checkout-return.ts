import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { User } from '../../../shared/api-types';
import { currentUserQuery } from '../../lib/user-queries';
import { toast } from '../../lib/toast';
import { paymentMutation, refreshPlanData, storeSubscription } from './billing-queries';
import { PENDING_POLL_MS, PENDING_TIMEOUT_MS } from './pricing-rules';
import type { PricingSearch } from './pricing-search';

export type ReturnState = 'idle' | 'confirming' | 'pending' | 'late' | 'success';

/**
 * The return from Stripe's checkout (docs/billing.md): on the free plan the upgrade is confirmed with the server,
 * which asks Stripe; until Stripe has the payment the screen says so and reads the user every few seconds. Only a
 * plan the server reports paid is shown; every plan-gated query is fetched again once it is.
 */
export function useCheckoutReturn(user: User, search: PricingSearch, billingEnabled: boolean) {
  const client = useQueryClient();
  const navigate = useNavigate();
  // Stripe sends the browser back with a page load, so the search of the first render tells a return.
  const [returnedAt] = useState(() => (search.payment === 'success' ? Date.now() : null));
  const [dismissed, setDismissed] = useState(false);
  const refreshed = useRef(false);
  const confirm = useMutation({ ...paymentMutation, onSuccess: storeSubscription });
  const { mutate } = confirm;
  const paid = user.subscription.plan === 'PLUS';
  const paidAtReturn = useRef(paid);

  useEffect(() => {
    if (search.payment === undefined) return;
    if (search.payment === 'cancelled') toast('Checkout cancelled: you have not been charged.', 'info');
    void navigate({ to: '/pricing', search: {}, replace: true });
  }, [search.payment, navigate]);

  useEffect(() => {
    if (returnedAt !== null && billingEnabled && !paidAtReturn.current) {
      mutate({ payment_provider: 'STRIPE', plan: 'PLUS' });
    }
  }, [returnedAt, billingEnabled, mutate]);

  const waiting = returnedAt !== null && !paid && (confirm.isSuccess || confirm.isError);
  // While Stripe has not confirmed, the user is read again until the webhook has put the plan in force.
  const polled = useQuery({ ...currentUserQuery(), enabled: waiting, refetchInterval: waiting ? PENDING_POLL_MS : false });
  const success = returnedAt !== null && paid && !dismissed;

  useEffect(() => {
    if (!success || refreshed.current) return;
    refreshed.current = true;
    void refreshPlanData(client);
  }, [success, client]);

  let state: ReturnState = 'idle';
  if (success) state = 'success';
  else if (returnedAt !== null && billingEnabled && !paid && !dismissed) {
    if (confirm.isIdle || confirm.isPending) state = 'confirming';
    else state = polled.dataUpdatedAt - returnedAt > PENDING_TIMEOUT_MS ? 'late' : 'pending';
  }
  return { state, dismiss: () => setDismissed(true) };
}
