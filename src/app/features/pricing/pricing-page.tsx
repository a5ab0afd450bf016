import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { User } from '../../../shared/api-types';
import { PLAN_CODES } from '../../../shared/enums';
import { MESSAGES } from '../../../shared/messages';
import { BILLING_MESSAGES, type BillingInterval } from '../../../shared/schemas/billing';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { publicConfigQuery } from '../../lib/public-config';
import { useCurrentUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { CONTACT_PAGE_URL } from '../help';
import { PageFrame } from '../../components/page-frame';
import {
  checkoutMutation,
  leaveFor,
  manageBillingMutation,
  paymentMutation,
  refreshPlanData,
  storeSubscription,
  subscriptionPlansQuery,
} from './billing-queries';
import { CancelPlanDialog } from './cancel-plan-dialog';
import { PlanCard } from './plan-card';
import { cardAction, PRODUCT_NAME, subscriptionText, successText } from './pricing-rules';
import { parsePricingSearch } from './pricing-search';
import { useCheckoutReturn } from './use-checkout-return';
import styles from './pricing.module.css';

const INTERVALS: { value: BillingInterval; label: string }[] = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Annually' },
];

/** /pricing (docs/billing.md): the plans, the subscriber's state, checkout, cancel and resume. */
export function PricingPage() {
  const user = useCurrentUser();
  return user ? <PricingContent user={user} /> : null;
}

function PricingContent({ user }: { user: User }) {
  const client = useQueryClient();
  const search = parsePricingSearch(useSearch({ strict: false }));
  const [interval, setInterval] = useState<BillingInterval>('month');
  const [cancelOpen, setCancelOpen] = useState(false);
  const plans = useQuery(subscriptionPlansQuery());
  const config = useQuery(publicConfigQuery);
  const billingEnabled = config.data?.billing_enabled === true;
  const fullAccess = user.full_access;
  const canPay = billingEnabled && fullAccess;
  const checkout = useMutation({
    ...checkoutMutation,
    onSuccess: (answer) => leaveFor(answer.redirect_url),
    onError: (error) => toast(error.message, 'error'),
  });
  const resume = useMutation({
    ...paymentMutation,
    onSuccess: async (answer) => {
      storeSubscription(answer);
      toast('Your plan is renewed again.', 'success');
      await refreshPlanData(client);
    },
    onError: (error) => toast(error.message, 'error'),
  });
  const manage = useMutation({
    ...manageBillingMutation,
    onSuccess: (answer) => leaveFor(answer.redirect_url),
    onError: (error) => toast(error.message, 'error'),
  });
  const returned = useCheckoutReturn(user, search, billingEnabled);
  const subscription = user.subscription;
  const product = config.data?.app_name ?? PRODUCT_NAME;
  const pending = returned.state === 'confirming' || returned.state === 'pending' || returned.state === 'late';

  return (
    <PageFrame title="Plans & Pricing">
      <div className={styles.status}>
        <p data-testid="subscription-text">
          {subscriptionText(subscription)}{' '}
          {canPay && subscription.plan === 'PLUS' && subscription.cancelled_at === null ? (
            <button type="button" className={styles.link} onClick={() => setCancelOpen(true)}>
              Cancel plan
            </button>
          ) : null}
        </p>
        {subscription.payment_failed ? (
          <p role="alert" className={styles.error}>
            Your last payment failed; Stripe will try again. Update your payment method to keep your plan.{' '}
            <button type="button" className={styles.link} disabled={manage.isPending} onClick={() => manage.mutate()}>
              Update payment method
            </button>
          </p>
        ) : null}
        {config.data && !billingEnabled ? (
          <p className={`card ${styles.notice}`} role="note">
            {BILLING_MESSAGES.notConfigured} The plans are shown for reference; none can be bought here.
          </p>
        ) : null}
        {billingEnabled && !fullAccess ? (
          <p className={`card ${styles.notice}`} role="note">
            {MESSAGES.quickCreateGuest}
          </p>
        ) : null}
        {pending ? (
          <p className={`card ${styles.notice}`} role="status" aria-live="polite">
            {returned.state === 'late'
              ? 'Stripe has not confirmed your payment yet. Your plan changes as soon as it does; you may leave this page.'
              : 'Thank you! We are waiting for Stripe to confirm your payment…'}
          </p>
        ) : null}
      </div>

      <div className={styles.toggle} role="radiogroup" aria-label="Billing period">
        {INTERVALS.map((option) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={interval === option.value}
            className={`${styles.toggleOption} ${interval === option.value ? styles.toggleOn : ''}`}
            onClick={() => setInterval(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>

      {plans.data ? (
        <div className={styles.cards}>
          {PLAN_CODES.map((code) => {
            const plan = plans.data[code];
            return (
              <PlanCard
                key={code}
                plan={plan}
                interval={interval}
                current={subscription.plan === code}
                action={
                  canPay || code === 'ENTERPRISE'
                    ? cardAction(plan, subscription, interval, billingEnabled, pending)
                    : subscription.plan === code
                      ? { kind: 'current' }
                      : { kind: 'unavailable' }
                }
                busy={checkout.isPending || resume.isPending}
                contactUrl={CONTACT_PAGE_URL}
                onCheckout={(priceId) => checkout.mutate({ price_id: priceId })}
                onSwitchToFree={() => setCancelOpen(true)}
                onResume={() => resume.mutate({ payment_provider: 'STRIPE', plan: 'PLUS' })}
              />
            );
          })}
        </div>
      ) : plans.isError ? (
        <p className="muted">The plans could not be loaded. Try again later.</p>
      ) : (
        <Spinner label="Loading plans" />
      )}

      <CancelPlanDialog open={cancelOpen} onClose={() => setCancelOpen(false)} subscription={subscription} />
      <Dialog
        open={returned.state === 'success'}
        onClose={returned.dismiss}
        title="Welcome to PLUS"
        actions={
          <button type="button" className="btn btn-primary" onClick={returned.dismiss}>
            Done
          </button>
        }
      >
        <p>{successText(product)}</p>
        <p className="muted">Portfolio history, the accounting integration and the higher limits are yours now.</p>
      </Dialog>
    </PageFrame>
  );
}
