import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '../../../shared/api-types';
import { type FtcProfileOut } from '../../../shared/contract/ftc';
import { FTC_TARGET_ADDRESS_LABELS, FTC_TARGET_ADDRESS_TYPES, type FtcCreateUserInput } from '../../../shared/schemas/ftc';
import { walletsListQuery } from '../../lib/wallet-queries';
import { CountryField } from './country-field';
import { FormErrors, SelectField, TextField } from './ftc-fields';
import { ftcWallets, registrationErrors, type RegistrationValues } from './ftc-form-rules';
import styles from './ftc.module.css';

interface RegistrationFormProps {
  profile: FtcProfileOut;
  busy: boolean;
  serverErrors: FieldErrors | null;
  onSubmit: (input: FtcCreateUserInput) => void;
}

/** The first step: who the user is and which of their wallets receives the stablecoins. */
export function RegistrationForm({ profile, busy, serverErrors, onSubmit }: RegistrationFormProps) {
  const wallets = useQuery(walletsListQuery());
  const [values, setValues] = useState<RegistrationValues>({
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
    country: profile.country,
    wallet: profile.wallet ?? '',
    target_address_type: profile.target_address_type ?? '',
    target_address_vasp: profile.target_address_vasp ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown = { ...serverErrors, ...errors };
  const set = (change: Partial<RegistrationValues>) => setValues((current) => ({ ...current, ...change }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = registrationErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || values.target_address_type === '') return;
    onSubmit({
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
      country: values.country,
      wallet: values.wallet,
      token_preference: profile.token_preference ?? 'USDC',
      target_address_type: values.target_address_type,
      target_address_vasp: values.target_address_type === 'HOSTED' ? values.target_address_vasp.trim() : null,
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.grid}>
        <TextField label="First name" value={values.first_name} onChange={(v) => set({ first_name: v })} errors={shown.first_name} autoComplete="given-name" />
        <TextField label="Last name" value={values.last_name} onChange={(v) => set({ last_name: v })} errors={shown.last_name} autoComplete="family-name" />
        <TextField label="Email" type="email" value={values.email} onChange={(v) => set({ email: v })} errors={shown.email} autoComplete="email" />
        <CountryField value={values.country} onChange={(v) => set({ country: v })} errors={shown.country} />
        <SelectField
          label="Wallet"
          value={values.wallet}
          onChange={(v) => set({ wallet: v })}
          placeholder="Choose a Polygon or Ethereum wallet"
          options={ftcWallets(wallets.data ?? []).map((w) => ({ value: w.id, label: `${w.name} (${w.network === 'POLYGON' ? 'Polygon' : 'Ethereum'})` }))}
          errors={shown.wallet}
        />
        <SelectField
          label="Wallet type"
          value={values.target_address_type}
          onChange={(v) => set({ target_address_type: v === 'HOSTED' || v === 'SELF_HOSTED' ? v : '' })}
          placeholder="Choose the wallet type"
          options={FTC_TARGET_ADDRESS_TYPES.map((t) => ({ value: t, label: FTC_TARGET_ADDRESS_LABELS[t] }))}
          errors={shown.target_address_type}
        />
        {values.target_address_type === 'HOSTED' ? (
          <TextField label="VASP name" value={values.target_address_vasp} onChange={(v) => set({ target_address_vasp: v })} errors={shown.target_address_vasp} />
        ) : null}
      </div>
      <FormErrors errors={shown} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Sending code…' : 'Continue'}
      </button>
    </form>
  );
}
