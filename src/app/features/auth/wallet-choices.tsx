import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { User } from '../../../shared/api-types';
import type { WalletLoginKind } from '../../../shared/enums';
import { MESSAGES } from '../../../shared/messages';
import { signInErrorText } from '../../lib/error-text';
import styles from './wallet-choices.module.css';
import { injectedProvider } from './wallet/injected-provider';

/** web3-onboard and the sign-in flow come in their own chunk, fetched when the wallet choices open. */
export const loadWalletLogin = () => import('./wallet/wallet-login');

export const WALLET_NO_ACCOUNT = 'The wallet shared no account. Unlock it, allow this site and try again.';

interface WalletChoicesProps {
  walletConnectProjectId: string | null;
  onSignedIn: (user: User) => Promise<void>;
  /** A failure's text ('' when a new attempt starts), shown under the choices. */
  onError: (text: string) => void;
  /** 'Browser wallet' was chosen in a browser without one. */
  onNoBrowserWallet: () => void;
}

function BrowserWalletIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <rect x="2" y="5" width="20" height="15" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M15 10.5h7v5h-7a2.5 2.5 0 0 1 0-5z" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M5 5l9-3 1.5 3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

function WalletConnectIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M5.5 9.2c3.6-3.5 9.4-3.5 13 0l.4.4-1.5 1.5-.6-.6c-2.6-2.5-6.9-2.5-9.5 0l-.6.6-1.5-1.5.3-.4zM3 11.8l1.5-1.5 3.9 3.8 2.6-2.5a2.9 2.9 0 0 1 4 0l2.6 2.5 3.9-3.8 1.5 1.5-5.4 5.2-4.1-4-4.1 4L3 11.8z"
        fill="currentColor"
      />
    </svg>
  );
}

/**
 * The wallet choices under 'Connect wallet' (docs/sign-in.md): a browser wallet (window.ethereum) or WalletConnect,
 * through web3-onboard. The wallet signs the server's sign-in message; failures show the server's joined messages.
 * Loaded when the choices are first opened, with the wallet code.
 */
export function WalletChoices({ walletConnectProjectId, onSignedIn, onError: setError, onNoBrowserWallet }: WalletChoicesProps) {
  const [busy, setBusy] = useState<WalletLoginKind | null>(null);

  // The wallet's sign-in requests (challenge, then the signed message) as one mutation: sent at once, never queued.
  const signIn = useMutation({
    mutationFn: ({ flow, kind }: { flow: Awaited<ReturnType<typeof loadWalletLogin>>; kind: WalletLoginKind }) =>
      flow.signInWithWallet(kind, walletConnectProjectId),
    networkMode: 'always',
    retry: false,
  });

  async function start(kind: WalletLoginKind): Promise<void> {
    setError('');
    if (kind === 'METAMASK' && !injectedProvider()) {
      onNoBrowserWallet();
      return;
    }
    setBusy(kind);
    let flow: Awaited<ReturnType<typeof loadWalletLogin>>;
    try {
      flow = await loadWalletLogin();
    } catch {
      // The wallet code is fetched on demand and is not available offline.
      setError(MESSAGES.networkProblem);
      setBusy(null);
      return;
    }
    try {
      const result = await signIn.mutateAsync({ flow, kind });
      if (result.status === 'no-account') {
        if (kind === 'WALLET_CONNECT') window.alert(MESSAGES.walletConnectNoAddress);
        else setError(WALLET_NO_ACCOUNT);
        return;
      }
      await onSignedIn(result.user);
    } catch (caught) {
      setError(signInErrorText(caught));
    } finally {
      setBusy(null);
    }
  }

  const choice = (kind: WalletLoginKind, icon: ReactNode, name: string, hint: string) => (
    <button
      type="button"
      className={`btn btn-block ${styles.walletChoice}`}
      onClick={() => void start(kind)}
      disabled={busy !== null}
      aria-busy={busy === kind || undefined}
    >
      {icon}
      <span className={styles.walletChoiceText}>
        <span>{name}</span>
        <span className={styles.walletChoiceHint} aria-hidden="true">
          {hint}
        </span>
      </span>
    </button>
  );

  return (
    <>
      {choice('METAMASK', <BrowserWalletIcon />, 'Browser wallet', 'MetaMask or another wallet in this browser')}
      {walletConnectProjectId
        ? choice('WALLET_CONNECT', <WalletConnectIcon />, 'WalletConnect', 'Scan with a wallet on your phone')
        : null}
      {busy ? (
        <p className="muted" role="status">
          Confirm the request in your wallet…
        </p>
      ) : null}
    </>
  );
}
