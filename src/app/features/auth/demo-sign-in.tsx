import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { User } from '../../../shared/api-types';
import { authEndpoints, type DemoWallet } from '../../../shared/contract/auth';
import { NETWORK_LABELS } from '../../../shared/networks';
import { api } from '../../lib/api-client';
import { signInErrorText } from '../../lib/error-text';
import styles from './login-page.module.css';
import { shortAddress } from '../../lib/short-address';

interface DemoSignInProps {
  wallets: readonly DemoWallet[];
  onSignedIn: (user: User) => Promise<void>;
}

/** 'Try our demo': one button per demo wallet from the server's config (a read-only demo session). */
export function DemoSignIn({ wallets, onSignedIn }: DemoSignInProps) {
  const [error, setError] = useState('');
  const signIn = useMutation({
    mutationFn: (address: string) => api.call(authEndpoints.loginDemo, { body: { address }, silent401: true }),
    // Sign-in is sent at once and never queued or retried.
    networkMode: 'always',
    retry: false,
    onSuccess: (user) => onSignedIn(user),
    onError: (caught) => setError(signInErrorText(caught)),
  });
  const busy = signIn.isPending ? signIn.variables : null;

  function start(wallet: DemoWallet): void {
    setError('');
    signIn.mutate(wallet.address);
  }

  return (
    <section className={styles.demo} aria-labelledby="demo-heading">
      <div className={styles.methodIntro}>
        <h2 id="demo-heading" className={styles.demoHeading}>
          Try our demo
        </h2>
        <p className={`muted ${styles.methodHint}`}>Look around with sample wallets. Nothing to install.</p>
      </div>
      <ul className={styles.demoList}>
        {wallets.map((wallet) => (
          <li key={wallet.address}>
            <button
              type="button"
              className={`btn btn-block ${styles.demoButton}`}
              onClick={() => start(wallet)}
              disabled={busy !== null}
              aria-busy={busy === wallet.address || undefined}
            >
              <span className={styles.demoName}>{wallet.name}</span>
              <span className={styles.demoMeta}>
                {NETWORK_LABELS[wallet.network]} · <span className={styles.mono}>{shortAddress(wallet.address)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
