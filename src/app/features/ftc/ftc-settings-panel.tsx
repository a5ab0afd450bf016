import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '../../../shared/api-types';
import { INVOICE_PAYMENT_NETWORKS, INVOICE_PAYMENT_TOKENS, NETWORK_LABELS } from '../../../shared/enums';
import { MESSAGES } from '../../../shared/messages';
import { type FtcProfileOut } from '../../../shared/contract/ftc';
import { FTC_MESSAGES, FTC_TARGET_ADDRESS_LABELS, FTC_TARGET_ADDRESS_TYPES, type FtcUpdateUserInput } from '../../../shared/schemas/ftc';
import { Spinner } from '../../components/spinner';
import { toast } from '../../lib/toast';
import { walletsListQuery } from '../../lib/wallet-queries';
import { CodeDialog } from './code-dialog';
import { formErrorsOf, messageOf } from './errors';
import { FormErrors, SelectField, TextField } from './ftc-fields';
import { ftcWallets } from './ftc-form-rules';
import { ftcCalls, ftcKeys, ftcProfileQuery } from './ftc-queries';
import { FtcSuccess } from './ftc-success';
import styles from './ftc.module.css';

/** Settings → Fiat-to-crypto: the payout preferences, editable once an e-mailed code has been entered. */
export function FtcSettingsPanel() {
  const profile = useQuery(ftcProfileQuery());
  if (profile.data === undefined) return profile.isError ? <p className="card">{messageOf(profile.error)}</p> : <Spinner label="Loading" />;
  if (!profile.data.enabled) return <p className={`card ${styles.notice}`}>{FTC_MESSAGES.notConfigured}</p>;
  if (profile.data.kyc !== 'FULL_USER') return <Navigate to="/fiat-payment-kyc" replace />;
  return <PreferenceForm profile={profile.data} />;
}

interface Values {
  wallet: string;
  network: string;
  token: string;
  target_address_type: string;
  target_address_vasp: string;
}

function valuesOf(profile: FtcProfileOut): Values {
  return {
    wallet: profile.wallet ?? '',
    network: profile.network_preference ?? '',
    token: profile.token_preference ?? '',
    target_address_type: profile.target_address_type ?? '',
    target_address_vasp: profile.target_address_vasp ?? '',
  };
}

/** The values as the server compares them (a VASP name counts only for hosted wallets). */
const comparable = (v: Values): string =>
  [v.wallet, v.network, v.token, v.target_address_type, v.target_address_type === 'HOSTED' ? v.target_address_vasp.trim() : ''].join('|');

function checked(values: Values, session: string): { input: FtcUpdateUserInput } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const network = INVOICE_PAYMENT_NETWORKS.find((n) => n === values.network);
  const token = INVOICE_PAYMENT_TOKENS.find((t) => t === values.token);
  const type = FTC_TARGET_ADDRESS_TYPES.find((t) => t === values.target_address_type);
  if (values.wallet === '') errors.wallet = [FTC_MESSAGES.noWallet];
  if (network === undefined) errors.network = [MESSAGES.networkRequired];
  if (token === undefined) errors.token = [MESSAGES.required];
  if (type === undefined) errors.target_address_type = [MESSAGES.required];
  if (type === 'HOSTED' && values.target_address_vasp.trim() === '') errors.target_address_vasp = [FTC_MESSAGES.vaspRequired];
  if (network === undefined || token === undefined || type === undefined || Object.keys(errors).length > 0) return { errors };
  const input: FtcUpdateUserInput = {
    wallet: values.wallet,
    network,
    token,
    target_address_type: type,
    target_address_vasp: type === 'HOSTED' ? values.target_address_vasp.trim() : null,
    ftc_session_id: session,
  };
  return { input };
}

function PreferenceForm({ profile }: { profile: FtcProfileOut }) {
  const queryClient = useQueryClient();
  const wallets = useQuery(walletsListQuery());
  const [values, setValues] = useState<Values>(() => valuesOf(profile));
  const [session, setSession] = useState<string | null>(null);
  const [codeOpen, setCodeOpen] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);
  const set = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));
  const editable = session !== null;

  const request = useMutation({
    mutationFn: () => ftcCalls.requestCode(profile.user_uuid ?? ''),
    onSuccess: () => {
      setCodeError(null);
      setCodeOpen(true);
    },
    onError: (error) => setErrors(formErrorsOf(error)),
  });
  const verify = useMutation({
    mutationFn: (code: string) => ftcCalls.loginUser(profile.user_uuid ?? '', code),
    onSuccess: (out) => {
      setSession(out.ftc_session_id);
      setCodeOpen(false);
    },
    onError: (error) => setCodeError(messageOf(error)),
  });
  const update = useMutation({
    mutationFn: ftcCalls.updateUser,
    onSuccess: (out) => {
      queryClient.setQueryData(ftcKeys.profile, out.profile);
      if (!out.changed) {
        toast(FTC_MESSAGES.noChanges);
        return;
      }
      setDone(true);
    },
    onError: (error) => setErrors(formErrorsOf(error)),
  });

  if (done) return <FtcSuccess message={FTC_MESSAGES.updated} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editable) {
      request.mutate();
      return;
    }
    const result = checked(values, session);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    if (comparable(valuesOf(profile)) === comparable(values)) {
      setErrors({});
      toast(FTC_MESSAGES.noChanges);
      return;
    }
    setErrors({});
    update.mutate(result.input);
  };

  const walletOptions = ftcWallets(wallets.data ?? []).filter((w) => values.network === '' || w.network === values.network);

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className="muted">
        Clients pay into IBAN <strong>{profile.bank_iban ?? '—'}</strong>
        {profile.bank_bic ? ` (BIC ${profile.bank_bic})` : ''}. The partner converts each transfer and sends it to the wallet below.
      </p>
      <div className={styles.grid}>
        <SelectField
          label="Network"
          value={values.network}
          disabled={!editable}
          onChange={(v) => set({ network: v, wallet: '' })}
          placeholder="Choose a network"
          options={INVOICE_PAYMENT_NETWORKS.map((n) => ({ value: n, label: NETWORK_LABELS[n] }))}
          errors={errors.network}
        />
        <SelectField
          label="Wallet"
          value={values.wallet}
          disabled={!editable}
          onChange={(v) => set({ wallet: v })}
          placeholder="Choose a wallet"
          options={walletOptions.map((w) => ({ value: w.id, label: w.name }))}
          errors={errors.wallet}
        />
        <SelectField
          label="Token"
          value={values.token}
          disabled={!editable}
          onChange={(v) => set({ token: v })}
          placeholder="Choose a token"
          options={INVOICE_PAYMENT_TOKENS.map((t) => ({ value: t, label: t }))}
          errors={errors.token}
        />
        <SelectField
          label="Wallet type"
          value={values.target_address_type}
          disabled={!editable}
          onChange={(v) => set({ target_address_type: v })}
          placeholder="Choose the wallet type"
          options={FTC_TARGET_ADDRESS_TYPES.map((t) => ({ value: t, label: FTC_TARGET_ADDRESS_LABELS[t] }))}
          errors={errors.target_address_type}
        />
        {values.target_address_type === 'HOSTED' ? (
          <TextField label="VASP name" value={values.target_address_vasp} disabled={!editable} onChange={(v) => set({ target_address_vasp: v })} errors={errors.target_address_vasp} />
        ) : null}
      </div>
      <FormErrors errors={errors} />
      <button type="submit" className="btn btn-primary" disabled={request.isPending || update.isPending}>
        {editable ? 'Submit Update' : 'Request Update'}
      </button>
      <CodeDialog
        open={codeOpen}
        onClose={() => setCodeOpen(false)}
        busy={verify.isPending}
        error={codeError}
        onResend={() => request.mutate()}
        onSubmit={async (code) => {
          await verify.mutateAsync(code);
        }}
      />
    </form>
  );
}
