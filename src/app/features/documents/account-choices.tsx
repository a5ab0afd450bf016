import { useId } from 'react';
import type { ExchangeAccount } from '../../../shared/contract/exchanges';
import type { WalletOut } from '../../../shared/contract/wallets';
import { NETWORK_LABELS } from '../../../shared/enums';
import { EXCHANGE_LABELS } from '../../components/network-icon';
import type { AccountSelection } from './report-body';
import styles from './documents.module.css';

interface AccountChoicesProps {
  wallets: readonly WalletOut[];
  exchanges: readonly ExchangeAccount[];
  selection: AccountSelection;
  onChange: (selection: AccountSelection) => void;
  /** Locked once the report exists (docs/documents.md). */
  disabled: boolean;
  error?: string;
}

function toggled(ids: readonly string[], id: string, on: boolean): string[] {
  return on ? [...ids.filter((item) => item !== id), id] : ids.filter((item) => item !== id);
}

/** The wallets and exchange accounts a report covers; none ticked means all of them. */
export function AccountChoices({ wallets, exchanges, selection, onChange, disabled, error }: AccountChoicesProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const walletSet = new Set(selection.walletIds);
  const cexSet = new Set(selection.cexIds);
  return (
    <fieldset
      className={styles.accounts}
      disabled={disabled}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
    >
      <legend>Wallets</legend>
      <p id={hintId} className={styles.hint}>
        {disabled ? 'The wallets of a report cannot be changed.' : 'None ticked: all wallets and exchange accounts.'}
      </p>
      {wallets.length === 0 && exchanges.length === 0 ? (
        <p className="muted">No wallets found</p>
      ) : (
        <ul className={styles.accountList}>
          {wallets.map((wallet) => (
            <li key={wallet.id}>
              <label className={styles.accountOption}>
                <input
                  type="checkbox"
                  checked={walletSet.has(wallet.id)}
                  onChange={(event) =>
                    onChange({ ...selection, walletIds: toggled(selection.walletIds, wallet.id, event.target.checked) })
                  }
                />
                <span>
                  {wallet.name} <span className="muted">({NETWORK_LABELS[wallet.network]})</span>
                </span>
              </label>
            </li>
          ))}
          {exchanges.map((account) => (
            <li key={account.id}>
              <label className={styles.accountOption}>
                <input
                  type="checkbox"
                  checked={cexSet.has(account.id)}
                  onChange={(event) =>
                    onChange({ ...selection, cexIds: toggled(selection.cexIds, account.id, event.target.checked) })
                  }
                />
                <span>
                  {EXCHANGE_LABELS[account.exchange]} <span className="muted">(exchange account)</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
