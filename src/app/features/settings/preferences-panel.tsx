import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import type { User } from '../../../shared/api-types';
import { userEndpoints } from '../../../shared/contract/users';
import { FIAT_CURRENCIES, FIAT_SYMBOLS, type FiatCurrency } from '../../../shared/enums';
import { MESSAGES } from '../../../shared/messages';
import { ApiError, api } from '../../lib/api-client';
import { TUTORIAL_START } from '../../lib/navigation-state';
import { mutationKeys, queryKeys } from '../../lib/query-keys';
import { updateStoredUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import type { UserPatch } from '../../lib/user-queries';
import { ThemeToggle } from '../theme/theme-toggle';
import { joinAllErrors } from '../auth/error-text';
import { DeleteAccount } from './delete-account';
import styles from './settings.module.css';

export const TUTORIAL_START_FAILED = 'Something went wrong while starting tutorial';

function isFiatCurrency(value: string): value is FiatCurrency {
  return (FIAT_CURRENCIES as readonly string[]).includes(value);
}

function Row({ title, description, labelFor, children }: { title: string; description: string; labelFor?: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <div className={styles.rowText}>
        {labelFor ? (
          <label htmlFor={labelFor} className={styles.rowTitle}>
            {title}
          </label>
        ) : (
          <span className={styles.rowTitle}>{title}</span>
        )}
        <span className={`muted ${styles.hint}`}>{description}</span>
      </div>
      <div className={styles.rowControl}>{children}</div>
    </div>
  );
}

/** Base currency (PATCH user fiat_currency through the registered, offline-capable mutation). */
function BaseCurrency({ user }: { user: User }) {
  const id = useId();
  const queryClient = useQueryClient();
  const mutation = useMutation<User, Error, UserPatch>({
    mutationKey: mutationKeys.updateUser,
    onSuccess: () =>
      // Amounts everywhere are shown in the base currency: refresh everything but the public config.
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.config[0] }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) toast(joinAllErrors(error.fieldErrors, ' '), 'error');
    },
  });
  // A change made offline waits for the connection: show it as chosen meanwhile.
  const pending = useMutationState({
    filters: { mutationKey: mutationKeys.updateUser, status: 'pending' },
    select: (entry) => (entry.state.variables as UserPatch | undefined)?.fiat_currency,
  }).findLast((value) => value !== undefined);
  const value = pending ?? user.fiat_currency;

  return (
    <Row title="Base currency" description="Balances, prices and reports are shown in this currency." labelFor={id}>
      <select
        id={id}
        className={`input ${styles.select}`}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          if (isFiatCurrency(next) && next !== value) mutation.mutate({ fiat_currency: next });
        }}
      >
        {FIAT_CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {FIAT_SYMBOLS[code] === code ? code : `${code} (${FIAT_SYMBOLS[code]})`}
          </option>
        ))}
      </select>
    </Row>
  );
}

/** 'Restart Tutorial': marks the tutorial unseen, then opens /wallets with the tutorial running. */
function RestartTutorial() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function restart(): Promise<void> {
    setBusy(true);
    try {
      const updated = await api.call(userEndpoints.updateUser, { body: { is_tutorial_viewed: false }, silent: true });
      updateStoredUser(updated);
      await navigate({ to: '/wallets', state: { tutorial: TUTORIAL_START } });
    } catch {
      toast(TUTORIAL_START_FAILED, 'error');
      setBusy(false);
    }
  }

  return (
    <Row title="Tutorial" description="Walk through the app again, step by step.">
      <button type="button" className="btn" onClick={() => void restart()} disabled={busy} aria-busy={busy || undefined}>
        Restart Tutorial
      </button>
    </Row>
  );
}

/**
 * The Settings (preferences) panel (docs/settings.md). Guests only switch the theme; the rest needs an account.
 */
export function PreferencesPanel({ user }: { user: User }) {
  return (
    <div className={`card ${styles.rows}`}>
      {user.full_access ? <BaseCurrency user={user} /> : null}
      <Row title="Theme" description="Light or dark colours on this device.">
        <ThemeToggle />
      </Row>
      {user.full_access ? (
        <>
          <RestartTutorial />
          <Row title="Delete account" description="Remove your account and all its data from Ledgerloop.">
            <DeleteAccount />
          </Row>
        </>
      ) : (
        <p className={styles.guestNote}>{MESSAGES.loggedInOnly}</p>
      )}
    </div>
  );
}
