import { useId } from 'react';
import type { LabelOut } from '../../../shared/contract/primitives';
import type { TransactionOut } from '../../../shared/contract/transactions';
import { LabelChips, LabelPicker } from '../labels';
import { ExplorerLink } from './explorer-link';
import { TransactionDetails } from './transaction-details';
import { amountText, dateParts, fiatText, signedAmount, transactionSubject, walletName } from './transaction-format';
import styles from './transactions.module.css';

interface TransactionRowProps {
  tx: TransactionOut;
  expanded: boolean;
  onToggle: () => void;
  /** Full-access users see and edit labels; guests see neither the column nor the picker. */
  canLabel: boolean;
  onLabelsChange: (labels: LabelOut[]) => void;
  /** Number of columns at full width (for the details row). */
  columns: number;
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className={open ? styles.chevronOpen : undefined}>
      <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** One transaction and, when expanded, its details below it. */
export function TransactionRow({ tx, expanded, onToggle, canLabel, onLabelsChange, columns }: TransactionRowProps) {
  const detailsId = useId();
  const { day, time } = dateParts(tx.created_at);
  const subject = transactionSubject(tx);
  // Names of the detail toggles hold the date and time they show (the date is the toggle on phones).
  const toggleName = `${expanded ? 'Hide' : 'Show'} details of ${amountText(tx)}, ${day} ${time}`;
  const fiat = fiatText(tx.value_fiat, tx.fiat_currency);
  const labels = canLabel ? <LabelPicker subject={subject} target={{ kind: 'transaction', id: tx.id }} selected={tx.labels} onChange={onLabelsChange} /> : null;

  return (
    <>
      <tr className={`${styles.row} ${expanded ? styles.rowExpanded : ''}`}>
        <td className={styles.dateCell}>
          {/* Narrow screens have no expand column: the date opens the details. */}
          <button
            type="button"
            className={styles.dateToggle}
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            aria-label={toggleName}
            onClick={onToggle}
          >
            <span className={styles.day}>{day}</span>{' '}
            <span className={styles.time}>{time}</span>
            <Chevron open={expanded} />
          </button>
          <span className={styles.dateText}>
            <span className={styles.day}>{day}</span>
            <span className={styles.time}>{time}</span>
          </span>
        </td>
        <td className={styles.walletCell}>{tx.wallet || tx.cex ? walletName(tx) : '—'}</td>
        <td className={`${styles.amountCell} ${tx.direction === 'INCOMING' ? styles.incoming : styles.outgoing}`}>
          <span className={styles.amount}>
            <span className={styles.amountNumber}>{signedAmount(tx)}</span>{' '}
            <span>{tx.token.symbol}</span>
          </span>
          {fiat ? <span className={styles.fiat}>{fiat}</span> : null}
        </td>
        {canLabel ? <td className={`${styles.wideOnly} ${styles.labelsCell}`}>{labels}</td> : null}
        <td className={`${styles.wideOnly} ${styles.iconCell}`}>
          <ExplorerLink tx={tx} />
        </td>
        <td className={`${styles.wideOnly} ${styles.iconCell}`}>
          <button
            type="button"
            className={`btn btn-ghost ${styles.expandButton}`}
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            aria-label={toggleName}
            onClick={onToggle}
          >
            <Chevron open={expanded} />
          </button>
        </td>
      </tr>
      {expanded ? (
        <tr className={styles.detailsRow} id={detailsId}>
          <td colSpan={columns}>
            <TransactionDetails tx={tx} labels={canLabel ? labels : <LabelChips labels={tx.labels} />} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
