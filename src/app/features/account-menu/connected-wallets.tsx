import { useMutation, useMutationState, useQuery } from '@tanstack/react-query';
import type { User } from '../../../shared/api-types';
import type { WalletOut } from '../../../shared/contract/wallets';
import { NETWORK_LABELS } from '../../../shared/enums';
import { MESSAGES } from '../../../shared/messages';
import { Spinner } from '../../components/spinner';
import { copyText } from '../../lib/clipboard';
import { shortAddress } from '../../lib/format';
import { mutationKeys } from '../../lib/query-keys';
import {
  walletsListQuery,
  type SetWalletActiveContext,
  type SetWalletActiveVariables,
} from '../../lib/wallet-queries';
import styles from './account-menu.module.css';
import { Tooltip } from '../../components/tooltip';

/**
 * 'Connected Wallets' of the account menu: a checkbox per wallet toggles is_active (optimistic; paused and kept
 * while offline), the name copies the address. Guests do not query wallets (docs/app-shell.md): they read that the list is
 * for signed-in users.
 */
export function ConnectedWallets({ user }: { user: User }) {
  const readOnly = !user.full_access;
  const wallets = useQuery({ ...walletsListQuery(), enabled: !readOnly });
  const toggle = useMutation<WalletOut, Error, SetWalletActiveVariables, SetWalletActiveContext>({
    mutationKey: mutationKeys.setWalletActive,
  });
  const waiting = new Set(
    useMutationState({
      filters: { mutationKey: mutationKeys.setWalletActive, status: 'pending' },
      select: (entry) => (entry.state.isPaused ? (entry.state.variables as SetWalletActiveVariables).id : null),
    }),
  );

  return (
    <section aria-labelledby="connected-wallets-heading" className={styles.section}>
      <h3 id="connected-wallets-heading" className={styles.sectionTitle}>
        Connected Wallets
      </h3>
      {readOnly ? (
        <p className={styles.note}>{MESSAGES.loggedInOnly}</p>
      ) : wallets.isPending ? (
        <Spinner label="Loading wallets" />
      ) : wallets.isError && !wallets.data ? (
        <p className={styles.note}>Wallets could not be loaded.</p>
      ) : wallets.data.length === 0 ? (
        <p className={styles.note}>No wallets found</p>
      ) : (
        <ul className={styles.walletList}>
          {wallets.data.map((wallet) => (
            <li key={wallet.id} className={styles.walletRow}>
              <label className={styles.walletCheck}>
                <input
                  type="checkbox"
                  checked={wallet.is_active}
                  aria-label={`${wallet.name} active`}
                  onChange={(event) => toggle.mutate({ id: wallet.id, is_active: event.target.checked })}
                />
              </label>
              <Tooltip text="Copy address" className={styles.walletNameAnchor}>
                <button
                  type="button"
                  className={styles.walletName}
                  onClick={() => void copyText(wallet.address)}
                >
                  <span className={styles.walletLabel}>{wallet.name}</span>
                  <span className={styles.walletMeta}>
                    {NETWORK_LABELS[wallet.network]} · {shortAddress(wallet.address)}
                    {waiting.has(wallet.id) ? ' · waiting for connection' : ''}
                  </span>
                </button>
              </Tooltip>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
