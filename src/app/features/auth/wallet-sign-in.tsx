import { lazy, Suspense, useId, useState } from 'react';
import type { User } from '../../../shared/api-types';
import { MESSAGES } from '../../../shared/messages';
import { Spinner } from '../../components/spinner';
import styles from './login-page.module.css';

const loadChoices = () => import('./wallet-choices');
/** The choices and their sign-in flow load when 'Connect wallet' is first pressed. */
const WalletChoices = lazy(() => loadChoices().then(({ WalletChoices: choices }) => ({ default: choices })));

/** Where a visitor without a browser wallet is sent (docs/sign-in.md). */
const METAMASK_DOWNLOAD_URL = 'https://metamask.io/download/';

interface WalletSignInProps {
  walletConnectProjectId: string | null;
  onSignedIn: (user: User) => Promise<void>;
}

/**
 * 'Connect wallet' (docs/sign-in.md): opens the wallet choices (wallet-choices.tsx), a browser wallet or
 * WalletConnect, and starts fetching the wallet code while the user reads them. Failures show under the choices.
 */
export function WalletSignIn({ walletConnectProjectId, onSignedIn }: WalletSignInProps) {
  const choicesId = useId();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState('');
  const [showDownload, setShowDownload] = useState(false);

  function toggle(): void {
    const next = !open;
    setOpen(next);
    if (!next) return;
    setOpened(true);
    void loadChoices()
      .then(({ loadWalletLogin }) => loadWalletLogin())
      .catch(() => undefined);
  }

  // No browser wallet: the download page opens, and the page keeps a way to it.
  function noBrowserWallet(): void {
    window.alert(MESSAGES.downloadMetaMask);
    window.open(METAMASK_DOWNLOAD_URL, '_blank', 'noopener,noreferrer');
    setShowDownload(true);
  }

  return (
    <div className={styles.method} role="group" aria-labelledby={`${choicesId}-heading`}>
      <div className={styles.methodIntro}>
        <h2 id={`${choicesId}-heading`} className={styles.methodHeading}>
          Sign in with a wallet
        </h2>
        <p className={`muted ${styles.methodHint}`}>Full access. You only sign a message: no transaction, no fee.</p>
      </div>
      <button
        type="button"
        className="btn btn-primary btn-block"
        aria-expanded={open}
        aria-controls={choicesId}
        onClick={toggle}
      >
        Connect wallet
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={open ? styles.chevronOpen : styles.chevron}>
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div id={choicesId} className={styles.walletChoices} hidden={!open}>
        {opened ? (
          <Suspense fallback={<Spinner label="Loading wallets" showLabel />}>
            <WalletChoices
              walletConnectProjectId={walletConnectProjectId}
              onSignedIn={onSignedIn}
              onError={setError}
              onNoBrowserWallet={noBrowserWallet}
            />
          </Suspense>
        ) : null}
      </div>
      {showDownload ? (
        <p className={styles.note}>
          No browser wallet found.{' '}
          <a href={METAMASK_DOWNLOAD_URL} target="_blank" rel="noopener noreferrer">
            Download MetaMask
          </a>{' '}
          and refresh this page.
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
