import { useQuery } from '@tanstack/react-query';
import type { User } from '../../../shared/api-types';
import { Spinner } from '../../components/spinner';
import { fiatFallbackNotice, formatFiat } from '../../lib/fiat';
import { DATA_POLL_MS, useLivePolling } from '../../lib/live-polling';
import { balancesQuery } from './overview-queries';
import styles from './overview.module.css';

/** Total Assets Value (docs/overview.md): the sum over active wallets and exchanges, refreshed every 10 s. */
export function TotalAssetsCard({ user }: { user: User }) {
  const interval = useLivePolling(DATA_POLL_MS);
  const balances = useQuery({ ...balancesQuery(), refetchInterval: interval });
  const currency = balances.data?.fiat_currency ?? user.fiat_currency;
  const notice = fiatFallbackNotice(user.fiat_currency, currency);
  return (
    <section className={`card ${styles.section} ${styles.totalCard}`} aria-labelledby="total-assets-title">
      <h2 id="total-assets-title" className={styles.cardTitle}>
        Total Assets Value
      </h2>
      {balances.data ? (
        <>
          <p className={styles.totalValue} data-testid="total-assets-value">
            {formatFiat(balances.data.total.value_fiat, currency)}
          </p>
          {notice ? (
            <p role="status" className="muted">
              {notice}
            </p>
          ) : null}
          <p className="muted">
            {balances.data.user_bal_sync
              ? `${String(balances.data.tokens.length)} ${balances.data.tokens.length === 1 ? 'token' : 'tokens'} across your active wallets`
              : 'Balances are being updated…'}
          </p>
        </>
      ) : balances.isError ? (
        <p className="muted">The total could not be loaded.</p>
      ) : (
        // Holds the loaded card's two lines, so nothing below moves when the total arrives.
        <>
          <p className={styles.totalValue}>
            <Spinner label="Loading total assets" />
          </p>
          <p className="muted" aria-hidden="true">
            &nbsp;
          </p>
        </>
      )}
    </section>
  );
}
