import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import type { User } from '../../../shared/api-types';
import { PLAN_LABELS } from '../../../shared/enums';
import { invoicesLimitQuery } from '../../lib/invoice-limit-query';
import { invoiceUsageText } from './overview-rules';
import styles from './overview.module.css';

/** The plan and invoice-usage box (docs/overview.md). */
export function PlanUsageBox({ user }: { user: User }) {
  const limit = useQuery({ ...invoicesLimitQuery(), staleTime: 30_000 });
  const { plan, cancelled_at: cancelledAt, ends_at: endsAt } = user.subscription;
  return (
    <section className={`card ${styles.section} ${styles.planBox}`} aria-labelledby="plan-title">
      <p className={styles.eyebrow}>Your plan</p>
      <h2 id="plan-title" className={styles.cardTitle}>
        {PLAN_LABELS[plan]}
      </h2>
      {cancelledAt && endsAt ? (
        <p className="muted">Ends on {dayjs(endsAt).format('MMM DD, YYYY')}</p>
      ) : null}
      {limit.data ? (
        <div className={styles.usage}>
          <span>{invoiceUsageText(limit.data)}</span>
          {limit.data.limit !== null ? (
            <progress
              className={styles.usageBar}
              max={limit.data.limit}
              value={Math.min(limit.data.count, limit.data.limit)}
              aria-label="Invoices used"
            />
          ) : null}
        </div>
      ) : limit.isError ? (
        <p className="muted">Invoice usage is not available right now.</p>
      ) : (
        <p className="muted">Loading invoice usage…</p>
      )}
      {plan === 'STARTER' ? (
        <Link to="/pricing" className="btn">
          Upgrade
        </Link>
      ) : (
        <Link to="/pricing" className="btn">
          See Plans
        </Link>
      )}
    </section>
  );
}
