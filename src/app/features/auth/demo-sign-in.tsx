import { useState } from 'react';
import type { User } from '../../../shared/api-types';
import { authEndpoints, type DemoWallet } from '../../../shared/contract/auth';
import { NETWORK_LABELS } from '../../../shared/enums';
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
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState('');

  async function start(wallet: DemoWallet): Promise<void> {
    setError('');
    setBusy(wallet.address);
    try {
      const user = await api.call(authEndpoints.loginDemo, { body: { address: wallet.address }, silent401: true });
      await onSignedIn(user);
    } catch (caught) {
      setError(signInErrorText(caught));
    } finally {
      setBusy(null);
    }
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
              onClick={() => void start(wallet)}
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
