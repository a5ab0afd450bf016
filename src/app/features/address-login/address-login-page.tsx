import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { addressEndpoints, type ValidatedAddress } from '../../../shared/contract/addresses';
import { authEndpoints } from '../../../shared/contract/auth';
import { MESSAGES } from '../../../shared/messages';
import { LogoMark } from '../../components/logo-mark';
import { Spinner } from '../../components/spinner';
import { ApiError, api } from '../../lib/api-client';
import { completeSignIn } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { toast } from '../../lib/toast';
import { addressLoginErrorText } from '../../lib/error-text';
import { addressFromPath } from './address-from-path';
import styles from './address-login-page.module.css';

type Phase = 'verifying' | 'fetching' | 'invalid' | 'failed';

const FAILED_TEXT = 'The address could not be checked right now.';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * A path no route knows is a public address (docs/sign-in.md route rule): it is validated on every network, any current
 * session ends, and the visitor signs in with it as a read-only guest and lands on the dashboard.
 */
export function AddressLoginPage() {
  // The path of this page's own match: while a navigation away is still loading the next page, the router's
  // location already names that page (e.g. /auth), which is not an address to check.
  const splat = useParams({ strict: false, select: (params) => params._splat ?? '' });
  const navigate = useNavigate();
  const address = addressFromPath(splat);
  const [attempt, setAttempt] = useState(0);
  // The phase belongs to one address and attempt; a new one starts at 'verifying'.
  const runKey = `${String(attempt)}|${address}`;
  const [run, setRun] = useState<{ key: string; phase: Phase }>({ key: runKey, phase: 'verifying' });
  const phase = run.key === runKey ? run.phase : 'verifying';

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const setPhase = (next: Phase) => setRun({ key: runKey, phase: next });

    async function run(): Promise<void> {
      let validated: ValidatedAddress;
      try {
        if (!address) throw new ApiError(400, { address: [MESSAGES.invalidAddress] }, null);
        validated = await api.call(addressEndpoints.validateAddress, {
          body: { address, network: 'ALL' },
          silent401: true,
          signal,
        });
      } catch (error) {
        if (signal.aborted || isAbort(error)) return;
        if (error instanceof ApiError && error.status === 400) {
          setPhase('invalid');
          toast(MESSAGES.invalidAddress, 'error');
          void navigate({ to: '/not-found', replace: true });
        } else {
          setPhase('failed');
        }
        return;
      }
      if (signal.aborted) return;

      await signOut();
      if (signal.aborted) return;
      setPhase('fetching');
      try {
        const user = await api.call(authEndpoints.loginWithAddress, {
          body: { address: validated.address },
          silent401: true,
          signal,
        });
        if (signal.aborted) return;
        await completeSignIn(user);
        void navigate({ to: '/overview', replace: true });
      } catch (error) {
        if (signal.aborted || isAbort(error)) return;
        if (error instanceof ApiError && error.status === 400) {
          toast(addressLoginErrorText(error.fieldErrors), 'error');
          void navigate({ to: '/auth', replace: true });
        } else {
          setPhase('failed');
        }
      }
    }

    void run();
    return () => controller.abort();
  }, [address, runKey, navigate]);

  let status;
  if (phase === 'verifying') status = <Spinner label={MESSAGES.verifyingAddress} showLabel />;
  else if (phase === 'fetching') status = <Spinner label={MESSAGES.fetchingAddressData} showLabel />;
  // The toast says so while the not-found page loads; the card does not repeat it.
  else if (phase === 'invalid') status = null;
  else
    status = (
      <>
        <p role="alert">{FAILED_TEXT}</p>
        <div className={styles.actions}>
          <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
          <button type="button" className="btn" onClick={() => void navigate({ to: '/auth' })}>
            Go to sign-in
          </button>
        </div>
      </>
    );

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <LogoMark size={48} />
        <p className={styles.address}>
          {address}
        </p>
        <div className={styles.status}>{status}</div>
      </div>
    </main>
  );
}
