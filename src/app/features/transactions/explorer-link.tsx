import type { TransactionOut } from '../../../shared/contract/transactions';
import { Tooltip } from '../../components/tooltip';
import { EXPLORER_NAMES, explorerTxUrl } from './explorer-links';
import styles from './transactions.module.css';

/** A link to the transaction on its network's explorer; nothing for exchange rows. */
export function ExplorerLink({ tx, withText = false }: { tx: TransactionOut; withText?: boolean }) {
  const url = explorerTxUrl(tx.network, tx.tx_hash);
  if (url === null || tx.network === null) return withText ? null : <span className="muted">—</span>;
  const name = EXPLORER_NAMES[tx.network];
  return (
    <Tooltip text={`View on ${name}`}>
      <a
        className={`${styles.explorer} ${withText ? styles.explorerWide : ''}`}
        href={url}
        target="_blank"
        rel="noreferrer noopener"
        aria-label={withText ? undefined : `View on ${name}`}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {withText ? <span>View on {name}</span> : null}
      </a>
    </Tooltip>
  );
}
