import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { User } from '../../../shared/api-types';
import { Spinner } from '../../components/spinner';
import { DonutChart, pieSlices } from '../charts';
import { assetPieInputs } from './asset-pie';
import { formatFiat } from '../../lib/fiat';
import { FungibleAllDialog } from './fungible-all-dialog';
import { FungibleTokenRow } from './fungible-token-row';
import { DATA_POLL_MS, useLivePolling } from '../../lib/live-polling';
import { balancesQuery, FUNGIBLE_TOP, fungibleTopQuery } from './overview-queries';
import styles from './overview.module.css';

/** Fungible Tokens (docs/overview.md): the top 7 with 'See All', and the asset pie. */
export function FungibleTokensSection({ user }: { user: User }) {
  const interval = useLivePolling(DATA_POLL_MS);
  const tokens = useQuery(fungibleTopQuery());
  const balances = useQuery({ ...balancesQuery(), refetchInterval: interval });
  const [showAll, setShowAll] = useState(false);
  const currency = balances.data?.fiat_currency ?? user.fiat_currency;

  const slices = useMemo(() => pieSlices(assetPieInputs(balances.data?.tokens ?? [])), [balances.data]);
  const rows = tokens.data?.results.slice(0, FUNGIBLE_TOP) ?? [];
  const total = tokens.data?.count ?? 0;

  return (
    <section className={`card ${styles.section}`} aria-labelledby="fungible-title">
      <div className={styles.sectionHeader}>
        <h2 id="fungible-title" className={styles.cardTitle}>
          Fungible Tokens
        </h2>
        {total > FUNGIBLE_TOP ? (
          <button type="button" className={`btn btn-ghost ${styles.textButton}`} onClick={() => setShowAll(true)}>
            See All
          </button>
        ) : null}
      </div>
      <div className={styles.fungibleBody}>
        <div className={styles.fungibleList}>
          {tokens.isPending ? (
            <Spinner label="Loading tokens" />
          ) : rows.length > 0 ? (
            <ul className={styles.tokenList} aria-label="Top tokens">
              {rows.map((row, index) => (
                <FungibleTokenRow key={`${row.token.symbol}-${row.token.name}-${String(index)}`} row={row} currency={currency} />
              ))}
            </ul>
          ) : tokens.isError ? (
            <p className="muted">Tokens could not be loaded.</p>
          ) : (
            <p className="muted">No tokens yet.</p>
          )}
        </div>
        {slices.length > 0 ? (
          <div className={styles.pie}>
            <DonutChart
              slices={slices}
              label="Asset allocation"
              formatValue={(value) => formatFiat(value, currency)}
            />
          </div>
        ) : null}
      </div>
      {showAll ? <FungibleAllDialog currency={currency} onClose={() => setShowAll(false)} /> : null}
    </section>
  );
}
