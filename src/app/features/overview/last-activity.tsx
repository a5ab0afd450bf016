import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import type { TransactionOut } from '../../../shared/contract/transactions';
import { Spinner } from '../../components/spinner';
import { activityAmountText, formatFiat } from '../../lib/fiat';
import { DATA_POLL_MS, useLivePolling } from '../../lib/live-polling';
import { latestTransactionsQuery } from './overview-queries';
import { TokenIcon } from '../../components/token-icon';
import styles from './overview.module.css';

export const NO_ACTIVITY_TEXT = 'No Activity Yet';

function where(transaction: TransactionOut): string {
  if (transaction.wallet) return transaction.wallet.name;
  if (transaction.cex) return transaction.cex.exchange === 'BINANCE' ? 'Binance' : transaction.cex.exchange;
  return '';
}

function ActivityRow({ transaction }: { transaction: TransactionOut }) {
  const incoming = transaction.direction === 'INCOMING';
  const symbol = transaction.token.symbol;
  return (
    <li className={styles.activityRow}>
      <TokenIcon symbol={symbol} imageUrl={transaction.token.image_url} size={36} />
      <div className={styles.activityMain}>
        <span className={styles.activityTitle}>
          {transaction.kind === 'SWAP' ? 'Swap' : incoming ? 'Received' : 'Sent'} {symbol}
        </span>
        <span className="muted">
          {dayjs(transaction.created_at).format('MMM DD, YYYY HH:mm')}
          {where(transaction) ? ` · ${where(transaction)}` : ''}
        </span>
      </div>
      <div className={styles.activityAmount}>
        <span className={incoming ? styles.positive : undefined}>
          {activityAmountText(transaction.amount, symbol, incoming)}
        </span>
        <span className="muted">{formatFiat(transaction.value_fiat?.replace(/^-/, ''), transaction.fiat_currency)}</span>
      </div>
    </li>
  );
}

/** Last Activity (docs/overview.md): the 3 newest transactions, refreshed every 10 s. */
export function LastActivity() {
  const interval = useLivePolling(DATA_POLL_MS);
  const transactions = useQuery({ ...latestTransactionsQuery(), refetchInterval: interval });
  return (
    <section className={`card ${styles.section}`} aria-labelledby="last-activity-title">
      <div className={styles.sectionHeader}>
        <h2 id="last-activity-title" className={styles.cardTitle}>
          Last Activity
        </h2>
        <Link to="/transactions" className={styles.textLink}>
          See All
        </Link>
      </div>
      {transactions.data ? (
        transactions.data.results.length === 0 ? (
          <p className="muted">{NO_ACTIVITY_TEXT}</p>
        ) : (
          <ul className={styles.activityList}>
            {transactions.data.results.map((transaction) => (
              <ActivityRow key={transaction.id} transaction={transaction} />
            ))}
          </ul>
        )
      ) : transactions.isError ? (
        <p className="muted">Activity could not be loaded.</p>
      ) : (
        <div className={styles.activityLoading}>
          <Spinner label="Loading last activity" />
        </div>
      )}
    </section>
  );
}
