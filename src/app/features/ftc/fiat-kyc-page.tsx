import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from '../../../shared/api-types';
import type { KycState } from '../../../shared/enums';
import { type FtcApplicantOut, type FtcKycStatusOut, type FtcProfileOut } from '../../../shared/contract/ftc';
import { FTC_MESSAGES, FTC_REDIRECT_MS } from '../../../shared/schemas/ftc';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { Spinner } from '../../components/spinner';
import { PageFrame } from '../../components/page-frame';
import { CodeDialog } from './code-dialog';
import { formErrorsOf, messageOf } from './errors';
import { ftcCalls, ftcKeys, ftcProfileQuery, kycStatusQuery } from './ftc-queries';
import { FtcSuccess } from './ftc-success';
import { KycForm } from './kyc-form';
import { RegistrationForm } from './registration-form';
import styles from './ftc.module.css';

const KycWidget = lazy(() => import('./kyc-widget'));

type Step = 'form' | 'kyc' | 'update' | 'widget' | 'setup' | 'success' | 'refused';

const STEP_TITLES: Record<Step, string> = {
  form: 'Your details',
  kyc: 'Identity',
  update: 'Correct your address',
  widget: 'Verification',
  setup: 'Account set-up',
  success: 'Done',
  refused: 'Verification',
};

/** Where a verified code leads, by the KYC state the partner reports. */
function stepAfterCode(kyc: KycState | null, profile: FtcProfileOut): Step {
  if (kyc === 'FULL_USER') return profile.bank_iban === null ? 'setup' : 'success';
  if (kyc === 'SOFT_KYC_FAILED') return 'update';
  if (kyc === 'HARD_KYC_FAILED') return 'refused';
  return 'kyc';
}

/** Where a polled KYC state leads from the widget; null while it is still pending. */
function stepAfterPoll(status: FtcKycStatusOut | undefined): Step | null {
  if (status?.kyc === 'FULL_USER') return status.has_bank_account ? 'success' : 'setup';
  if (status?.kyc === 'SOFT_KYC_FAILED') return 'update';
  if (status?.kyc === 'HARD_KYC_FAILED') return 'refused';
  return null;
}

/**
 * /fiat-payment-kyc: the fiat-to-crypto registration (docs/fiat-to-crypto.md). The first form registers the user
 * at the partner and e-mails a code; the code opens a partner session; the identity form creates the KYC
 * applicant whose widget runs here while the state is asked every 7 s; at FULL_USER the euro bank account is
 * opened and, 5 seconds after the success message, the app moves on.
 */
export function FiatKycPage() {
  const profile = useQuery(ftcProfileQuery());
  const data = profile.data;
  return (
    <PageFrame title="Fiat-to-Crypto Invoicing">
      {data === undefined ? (
        profile.isError ? (
          <p className="card">{messageOf(profile.error)}</p>
        ) : (
          <Spinner label="Loading" />
        )
      ) : !data.enabled ? (
        <p className={`card ${styles.notice}`}>{FTC_MESSAGES.notConfigured}</p>
      ) : (
        <Wizard profile={data} />
      )}
    </PageFrame>
  );
}

function Wizard({ profile }: { profile: FtcProfileOut }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const active = profile.kyc === 'FULL_USER' && profile.bank_iban !== null;
  const [step, setStep] = useState<Step>(active ? 'success' : 'form');
  const [userUuid, setUserUuid] = useState<string | null>(profile.user_uuid);
  const [session, setSession] = useState<string | null>(null);
  const [codeOpen, setCodeOpen] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formErrors, setFormErrors] = useState<FieldErrors | null>(null);
  const [widget, setWidget] = useState<FtcApplicantOut | null>(null);
  const [reviewStatus, setReviewStatus] = useState<string | null>(null);
  const [activatedNow, setActivatedNow] = useState(false);
  const bankAsked = useRef(false);

  const createUser = useMutation({
    mutationFn: ftcCalls.createUser,
    onMutate: () => setFormErrors(null),
    onSuccess: (out) => {
      setUserUuid(out.user_uuid);
      setCodeError(null);
      setCodeOpen(true);
    },
    onError: (error) => setFormErrors(formErrorsOf(error)),
  });
  const resend = useMutation({
    mutationFn: () => ftcCalls.requestCode(userUuid ?? ''),
    onSuccess: () => setCodeError(null),
    onError: (error) => setCodeError(messageOf(error)),
  });
  const verify = useMutation({
    mutationFn: (code: string) => ftcCalls.setupUser(userUuid ?? '', code),
    onSuccess: (out) => {
      setSession(out.ftc_session_id);
      setCodeOpen(false);
      setFormErrors(null);
      setStep(stepAfterCode(out.kyc, profile));
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
    onError: (error) => setCodeError(messageOf(error)),
  });
  const applicant = useMutation({
    mutationFn: ftcCalls.createKycApplicant,
    onMutate: () => setFormErrors(null),
    onSuccess: (out) => {
      // A new applicant starts over: an earlier answer (a soft failure) must not move the wizard on.
      queryClient.removeQueries({ queryKey: ftcKeys.kyc });
      setReviewStatus(null);
      setWidget(out);
      setStep('widget');
    },
    onError: (error) => setFormErrors(formErrorsOf(error)),
  });
  const bank = useMutation({
    mutationFn: () => ftcCalls.createBankAccount(session ?? ''),
    onSuccess: (out) => {
      queryClient.setQueryData(ftcKeys.profile, out);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
      toast(FTC_MESSAGES.activated, 'success');
      setActivatedNow(true);
      setStep('success');
    },
    onError: () => toast(FTC_MESSAGES.bankFailed, 'error'),
  });

  // The widget's token expired: a new one for the same applicant, over the open partner session.
  const refreshKycToken = useCallback(async () => (await ftcCalls.kycToken(session ?? '')).token, [session]);
  // The widget reports the applicant's review (documents submitted, review done): the state is asked at once.
  const onReviewStatus = useCallback(
    (status: string) => {
      setReviewStatus(status);
      void queryClient.invalidateQueries({ queryKey: ftcKeys.kyc });
    },
    [queryClient],
  );

  // While the widget runs the state is asked every 7 s; the answer moves the wizard on.
  const kyc = useQuery(kycStatusQuery(step === 'widget'));
  const current: Step = step === 'widget' ? (stepAfterPoll(kyc.data) ?? step) : step;

  // Reaching FULL_USER with a session opens the bank account once; the button retries after a failure.
  useEffect(() => {
    if (current === 'setup' && session !== null && !bankAsked.current) {
      bankAsked.current = true;
      bank.mutate();
    }
  }, [current, session, bank]);

  useEffect(() => {
    if (!activatedNow) return undefined;
    const timer = window.setTimeout(() => void navigate({ to: '/auth', replace: true }), FTC_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [activatedNow, navigate]);

  const iban = bank.data?.bank_iban ?? profile.bank_iban;

  return (
    <div className={styles.wizard}>
      <p className={styles.stepTitle} aria-live="polite">
        {STEP_TITLES[current]}
      </p>
      {current === 'form' ? (
        <>
          <div className="card">
            <p>
              Let your clients pay your invoices in euro by bank transfer: you receive USDC or USDT in your own wallet.
              Setup takes about 5 minutes and needs a light identity check (KYC) by our partner.
            </p>
          </div>
          <RegistrationForm profile={profile} busy={createUser.isPending} serverErrors={formErrors} onSubmit={(input) => createUser.mutate(input)} />
        </>
      ) : null}
      {current === 'kyc' || current === 'update' ? (
        <KycForm
          update={current === 'update'}
          initialCountry={profile.country}
          busy={applicant.isPending}
          serverErrors={formErrors}
          onSubmit={(values) => applicant.mutate({ ...values, ftc_session_id: session ?? '' })}
        />
      ) : null}
      {current === 'widget' && widget !== null ? (
        <div className={styles.widget} data-review-status={reviewStatus ?? undefined}>
          <p className={styles.warning} role="status">
            Please do not leave this page until you are redirected.
          </p>
          <Suspense fallback={<Spinner label="Loading the verification" />}>
            <KycWidget baseUrl={widget.widget_url} token={widget.token} refreshToken={refreshKycToken} onStatus={onReviewStatus} />
          </Suspense>
          <p className="muted">Checking your verification every few seconds…</p>
        </div>
      ) : null}
      {current === 'setup' ? (
        <div className="card">
          <p>Your identity is verified. Set up the euro account your clients pay into.</p>
          <button type="button" className="btn btn-primary" disabled={bank.isPending || session === null} onClick={() => bank.mutate()}>
            {bank.isPending ? 'Setting up…' : 'Set up account'}
          </button>
        </div>
      ) : null}
      {current === 'refused' ? <p className="card">Your identity could not be verified, so fiat invoicing cannot be activated.</p> : null}
      {current === 'success' ? (
        <FtcSuccess message={activatedNow || !active ? FTC_MESSAGES.activated : 'Fiat-to-Crypto invoicing is active for your invoices.'} />
      ) : null}
      {current === 'success' && iban !== null ? (
        <p className="muted">
          Your clients pay to IBAN <strong>{iban}</strong>
        </p>
      ) : null}
      <CodeDialog
        open={codeOpen}
        onClose={() => setCodeOpen(false)}
        busy={verify.isPending}
        error={codeError}
        onResend={() => resend.mutate()}
        onSubmit={async (code) => {
          await verify.mutateAsync(code);
        }}
      />
    </div>
  );
}
