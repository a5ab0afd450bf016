import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { addressEndpoints, type ValidatedAddress } from '../../../shared/contract/addresses';
import type { User } from '../../../shared/api-types';
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

interface Visit {
  address: string;
  signal: AbortSignal;
  /** The address checked out: the page now says it is fetching the address's data. */
  onChecked: () => void;
}

/** A failed visit, with the step that failed: the address check or the sign-in with it. */
class StepFailure extends Error {
  constructor(
    readonly step: 'check' | 'sign-in',
    override readonly cause: unknown,
  ) {
    super(`The address ${step} failed.`);
    this.name = 'StepFailure';
  }
}

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

  // The visit's requests as one mutation: the check, the end of any current session, then the guest sign-in; sent
  // at once and never queued. Which step failed decides what the page does.
  const visit = useMutation({
    mutationFn: async ({ address, signal, onChecked }: Visit): Promise<User> => {
      let validated: ValidatedAddress;
      try {
        if (!address) throw new ApiError(400, { address: [MESSAGES.invalidAddress] }, null);
        validated = await api.call(addressEndpoints.validateAddress, { body: { address, network: 'ALL' }, silent401: true, signal });
      } catch (error) {
        throw new StepFailure('check', error);
      }
      if (signal.aborted) throw new StepFailure('check', new DOMException('aborted', 'AbortError'));
      await signOut();
      onChecked();
      try {
        return await api.call(authEndpoints.loginWithAddress, { body: { address: validated.address }, silent401: true, signal });
      } catch (error) {
        throw new StepFailure('sign-in', error);
      }
    },
    networkMode: 'always',
    retry: false,
  });
  const { mutate } = visit;

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const setPhase = (next: Phase) => setRun({ key: runKey, phase: next });
    // The callbacks below only run for the latest visit while the page is shown.
    mutate(
      { address, signal, onChecked: () => !signal.aborted && setPhase('fetching') },
      {
        onSuccess: (user) => {
          if (signal.aborted) return;
          void completeSignIn(user).then(() => navigate({ to: '/overview', replace: true }));
        },
        onError: (failure) => {
          const { step, cause } = failure instanceof StepFailure ? failure : new StepFailure('check', failure);
          if (signal.aborted || isAbort(cause)) return;
          if (!(cause instanceof ApiError && cause.status === 400)) setPhase('failed');
          else if (step === 'check') {
            setPhase('invalid');
            toast(MESSAGES.invalidAddress, 'error');
            void navigate({ to: '/not-found', replace: true });
          } else {
            toast(addressLoginErrorText(cause.fieldErrors), 'error');
            void navigate({ to: '/auth', replace: true });
          }
        },
      },
    );
    return () => controller.abort();
  }, [address, runKey, navigate, mutate]);

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
