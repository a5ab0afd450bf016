import type { PricingPlan } from '../../../shared/contract/plans';
import { ANNUAL_DISCOUNT_PERCENT, CARD_TITLES, ENTERPRISE_FEATURES, limitFeatures, priceDisplay, type CardAction } from './pricing-rules';
import type { BillingInterval } from '../../../shared/schemas/billing';
import styles from './pricing.module.css';

interface PlanCardProps {
  plan: PricingPlan;
  interval: BillingInterval;
  current: boolean;
  action: CardAction;
  busy: boolean;
  contactUrl: string;
  onCheckout: (priceId: string) => void;
  onSwitchToFree: () => void;
  onResume: () => void;
}

function CardButton({ action, busy, contactUrl, onCheckout, onSwitchToFree, onResume }: Omit<PlanCardProps, 'plan' | 'interval' | 'current'>) {
  switch (action.kind) {
    case 'current':
      return (
        <button type="button" className="btn btn-block" disabled>
          Current plan
        </button>
      );
    case 'checkout':
      return (
        <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => onCheckout(action.priceId)}>
          {busy ? 'Opening checkout…' : 'Upgrade'}
        </button>
      );
    case 'switch-to-free':
      return (
        <button type="button" className="btn btn-block" onClick={onSwitchToFree}>
          Switch to Free
        </button>
      );
    case 'free-from':
      return (
        <button type="button" className="btn btn-block" disabled>
          {action.date === '' ? 'Scheduled' : `From ${action.date}`}
        </button>
      );
    case 'resume':
      return (
        <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={onResume}>
          {busy ? 'Resuming…' : 'Resume plan'}
        </button>
      );
    case 'contact':
      return (
        <a className="btn btn-primary btn-block" href={contactUrl} target="_blank" rel="noopener noreferrer">
          Reach Out
        </a>
      );
    case 'pending':
      return (
        <button type="button" className="btn btn-block" disabled>
          Confirming payment…
        </button>
      );
    case 'unavailable':
      return null;
  }
}

/** One plan: title, euro price for the chosen interval, what it includes, and what its button does. */
export function PlanCard(props: PlanCardProps) {
  const { plan, interval, current } = props;
  const price = priceDisplay(plan, interval);
  const features = plan.code === 'ENTERPRISE' ? [...limitFeatures(plan), ...ENTERPRISE_FEATURES] : limitFeatures(plan);
  const headingId = `plan-${plan.code}`;
  return (
    <article className={`card ${styles.card} ${current ? styles.current : ''}`} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <h2 id={headingId} className={styles.cardTitle}>
          {CARD_TITLES[plan.code]}
        </h2>
        {current ? <span className={styles.currentBadge}>Current plan</span> : null}
      </header>
      <p className={styles.planName}>{plan.name}</p>
      <p className={styles.price} data-testid={`price-${plan.code}`}>
        {price.amount === null ? (
          <span className={styles.individual}>Priced for your team</span>
        ) : (
          <>
            <span className={styles.amount}>{price.amount}</span>
            <span className="muted">{price.per}</span>
          </>
        )}
      </p>
      {plan.code === 'PLUS' && interval === 'year' ? (
        <p className={styles.discount}>Save {ANNUAL_DISCOUNT_PERCENT}% with annual billing</p>
      ) : null}
      {price.note === null ? null : <p className="muted">{price.note}</p>}
      <ul className={styles.features}>
        {features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className={styles.cardAction}>
        <CardButton {...props} />
      </div>
    </article>
  );
}
