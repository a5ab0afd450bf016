import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { leaveFor, manageBillingMutation } from './billing-queries';

/** After a billing-portal failure, /pricing opens this long after the message is shown. */
export const BILLING_ERROR_REDIRECT_MS = 3000;

/**
 * Settings → Billing (docs/billing.md): opens Stripe's billing portal in this window; when the server refuses (no
 * subscription yet, payments not set up, Stripe unreachable) its message is shown, then /pricing follows.
 */
export function BillingPanel({ className }: { className?: string }) {
  const navigate = useNavigate();
  const portal = useMutation({ ...manageBillingMutation, onSuccess: (answer) => leaveFor(answer.redirect_url) });
  const { mutate } = portal;

  useEffect(() => {
    mutate();
  }, [mutate]);

  useEffect(() => {
    if (!portal.isError) return undefined;
    const timer = window.setTimeout(() => void navigate({ to: '/pricing' }), BILLING_ERROR_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [portal.isError, navigate]);

  if (portal.isError) {
    return (
      <div className={className} role="alert">
        <p>{portal.error.message}</p>
        <p className="muted">Taking you to Plans &amp; Pricing…</p>
      </div>
    );
  }
  return (
    <p className={className} role="status">
      Opening the billing portal…
    </p>
  );
}
