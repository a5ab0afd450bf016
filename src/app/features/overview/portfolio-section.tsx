import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { User } from '../../../shared/api-types';
import { FIAT_SYMBOLS } from '../../../shared/enums';
import { Big } from '../../../shared/money';
import { Spinner } from '../../components/spinner';
import { LazyTimeSeriesChart } from '../charts';
import { formatFiat, formatFiatChange } from '../../lib/fiat';
import { DATA_POLL_MS, useLivePolling } from '../../lib/live-polling';
import {
  DEFAULT_PORTFOLIO_INTERVAL,
  PORTFOLIO_INTERVALS,
  portfolioHistoryQuery,
  type PortfolioInterval,
} from './overview-queries';
import { hasPortfolioHistory } from './overview-rules';
import { portfolioPoints } from './portfolio-points';
import styles from './overview.module.css';

export const PORTFOLIO_GATE_TEXT = 'Portfolio History is only available for Plus Users';

function PortfolioChart({ user, numDays }: { user: User; numDays: PortfolioInterval }) {
  const interval = useLivePolling(DATA_POLL_MS);
  const history = useQuery({ ...portfolioHistoryQuery(numDays), refetchInterval: interval });
  const points = useMemo(() => (history.data ? portfolioPoints(history.data) : []), [history.data]);
  const currency = history.data?.fiat_currency ?? user.fiat_currency;

  if (history.isPending) return <Spinner label="Loading portfolio history" />;
  if (!history.data) return <p className="muted">Portfolio history could not be loaded.</p>;
  if (!history.data.premium_user) return <PortfolioGate />;
  if (points.length === 0) {
    return <p className="muted">{history.data.user_bal_sync ? 'No history yet.' : 'Portfolio history is being built…'}</p>;
  }
  const change = history.data.change_fiat;
  const rising = (() => {
    try {
      return new Big(change).gte(0);
    } catch {
      return true;
    }
  })();
  return (
    <>
      <p className={styles.portfolioChange}>
        <span className={rising ? styles.positive : styles.negative}>{formatFiatChange(change, currency)}</span>
        <span className="muted"> in the last {numDays} days</span>
      </p>
      <LazyTimeSeriesChart
        points={points}
        label={`Portfolio value over the last ${String(numDays)} days, changed by ${formatFiatChange(change, currency)}`}
        seriesLabel="Value"
        symbol={FIAT_SYMBOLS[currency]}
        formatValue={(value) => formatFiat(new Big(value).toFixed(2), currency)}
      />
    </>
  );
}

function PortfolioGate() {
  return (
    <div className={styles.gate}>
      <p>{PORTFOLIO_GATE_TEXT}</p>
      <Link to="/pricing" className="btn btn-primary">
        See Plans
      </Link>
    </div>
  );
}

/** My Portfolio (docs/overview.md): value history over 7, 30 or 60 days, for Plus users. */
export function PortfolioSection({ user }: { user: User }) {
  const [numDays, setNumDays] = useState<PortfolioInterval>(DEFAULT_PORTFOLIO_INTERVAL);
  const allowed = hasPortfolioHistory(user);
  return (
    <section className={`card ${styles.section} ${styles.portfolio}`} aria-labelledby="portfolio-title">
      <div className={styles.sectionHeader}>
        <h2 id="portfolio-title" className={styles.cardTitle}>
          My Portfolio
        </h2>
        {allowed ? (
          <div className={styles.segmented} role="group" aria-label="History interval">
            {PORTFOLIO_INTERVALS.map((days) => (
              <button
                key={days}
                type="button"
                className={styles.segment}
                aria-pressed={numDays === days}
                onClick={() => setNumDays(days)}
              >
                <span aria-hidden="true">{days}D</span>
                <span className="visually-hidden">{days} days</span>
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {allowed ? <PortfolioChart user={user} numDays={numDays} /> : <PortfolioGate />}
    </section>
  );
}
