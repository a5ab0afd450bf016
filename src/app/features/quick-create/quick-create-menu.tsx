import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { User } from '../../../shared/api-types';
import type { PlanLimit } from '../../../shared/contract/plans';
import { MESSAGES } from '../../../shared/messages';
import { Popover } from '../../components/popover';
import { invoicesLimitQuery } from '../../lib/invoice-limit-query';
import { UpgradeDialog } from '../../components/upgrade-dialog';
import styles from './quick-create.module.css';

type LimitedAction = 'invoice' | 'wallet';

/** The limit text for an action the plan forbids (docs/app-shell.md). */
export function limitMessage(action: LimitedAction, limit: PlanLimit): string {
  const n = limit.limit ?? limit.count;
  return action === 'invoice' ? MESSAGES.invoiceLimit(n) : MESSAGES.walletLimit(n);
}

/** A limit check asks the server once, whatever the network state says. */
const ONCE = { networkMode: 'always', retry: false } as const;

/** The wallet queries (and their address checks) load with the first wallet action, not with the top bar. */
async function fetchWalletsLimit(queryClient: QueryClient, options: typeof ONCE): Promise<PlanLimit> {
  const { walletsLimitQuery } = await import('../../lib/wallet-queries');
  return queryClient.fetchQuery({ ...walletsLimitQuery(), ...options });
}

function PlusIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/** The '+' quick-create menu of docs/app-shell.md: full-access users only; others read why. */
export function QuickCreateMenu({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [upgrade, setUpgrade] = useState<string | null>(null);
  const [checking, setChecking] = useState<LimitedAction | null>(null);

  /** Asks the server whether the plan allows one more; the limit check is never answered from the cache. */
  async function checkLimit(action: LimitedAction, close: () => void) {
    setChecking(action);
    try {
      const limit =
        action === 'invoice'
          ? await queryClient.fetchQuery({ ...invoicesLimitQuery(), ...ONCE })
          : await fetchWalletsLimit(queryClient, ONCE);
      close();
      if (limit.can_create) {
        await navigate(action === 'invoice' ? { to: '/new-invoice' } : { to: '/wallets', state: { openDialog: 'add-wallet' } });
      } else {
        setUpgrade(limitMessage(action, limit));
      }
    } catch {
      // The API client has already told the user (network problem, server error).
    } finally {
      setChecking(null);
    }
  }

  return (
    <>
      <Popover
        label="Quick create"
        title="Create"
        trigger={<PlusIcon />}
        triggerClassName={`btn btn-primary ${styles.trigger}`}
      >
        {(close) =>
          user.full_access ? (
            <ul className={styles.list}>
              <li>
                <button
                  type="button"
                  className={`menu-item ${styles.item}`}
                  disabled={checking !== null}
                  aria-busy={checking === 'invoice'}
                  onClick={() => void checkLimit('invoice', close)}
                >
                  Create Invoice
                </button>
              </li>
              <li>
                <button
                  type="button"
                  className={`menu-item ${styles.item}`}
                  onClick={() => {
                    close();
                    void navigate({ to: '/documents', search: { tab: 'report' }, state: { openDialog: 'create-report' } });
                  }}
                >
                  Create Report
                </button>
              </li>
              <li>
                <button
                  type="button"
                  className={`menu-item ${styles.item}`}
                  onClick={() => {
                    close();
                    void navigate({ to: '/contacts', state: { openDialog: 'add-contact' } });
                  }}
                >
                  Add Contact
                </button>
              </li>
              <li>
                <button
                  type="button"
                  className={`menu-item ${styles.item}`}
                  disabled={checking !== null}
                  aria-busy={checking === 'wallet'}
                  onClick={() => void checkLimit('wallet', close)}
                >
                  Add Wallet
                </button>
              </li>
            </ul>
          ) : (
            <p className={styles.guest}>{MESSAGES.quickCreateGuest}</p>
          )
        }
      </Popover>
      <UpgradeDialog open={upgrade !== null} message={upgrade ?? ''} onClose={() => setUpgrade(null)} />
    </>
  );
}
