import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '../../../shared/api-types';
import { SOURCE_OF_FUNDS_LABELS, SOURCES_OF_FUNDS, type SourceOfFunds } from '../../../shared/schemas/ftc';
import { CountryField } from './country-field';
import { FormErrors, SelectField, TextField } from './ftc-fields';
import { kycErrors, localToday, type KycValues } from './ftc-form-rules';
import styles from './ftc.module.css';

interface KycFormProps {
  /** After a soft KYC failure the same form asks to correct the address. */
  update: boolean;
  initialCountry: string;
  busy: boolean;
  serverErrors: FieldErrors | null;
  onSubmit: (values: KycValues & { source_of_funds: SourceOfFunds }) => void;
}

/** The identity (KYC applicant) form; date of birth must be before today. */
export function KycForm({ update, initialCountry, busy, serverErrors, onSubmit }: KycFormProps) {
  const [values, setValues] = useState<KycValues>({
    address_line_1: '',
    address_line_2: '',
    post_code: '',
    city: '',
    country: initialCountry,
    date_of_birth: '',
    source_of_funds: 'BUSINESS_INCOME',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown = { ...serverErrors, ...errors };
  const set = (change: Partial<KycValues>) => setValues((current) => ({ ...current, ...change }));
  const today = localToday();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = kycErrors(values, today);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const source = SOURCES_OF_FUNDS.find((s) => s === values.source_of_funds) ?? 'OTHER';
    onSubmit({ ...values, source_of_funds: source });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {update ? (
        <p className={styles.warning} role="status">
          We could not verify your address. Correct it below and submit to retry the verification.
        </p>
      ) : null}
      <div className={styles.grid}>
        <TextField label="Address line 1" value={values.address_line_1} onChange={(v) => set({ address_line_1: v })} errors={shown.address_line_1} autoComplete="address-line1" />
        <TextField label="Address line 2" required={false} value={values.address_line_2} onChange={(v) => set({ address_line_2: v })} errors={shown.address_line_2} autoComplete="address-line2" />
        <TextField label="Post code" value={values.post_code} onChange={(v) => set({ post_code: v })} errors={shown.post_code} autoComplete="postal-code" />
        <TextField label="City" value={values.city} onChange={(v) => set({ city: v })} errors={shown.city} autoComplete="address-level2" />
        <CountryField value={values.country} onChange={(v) => set({ country: v })} errors={shown.country} />
        <TextField label="Date of birth" type="date" max={today} value={values.date_of_birth} onChange={(v) => set({ date_of_birth: v })} errors={shown.date_of_birth} autoComplete="bday" />
        <SelectField
          label="Source of funds"
          value={values.source_of_funds}
          onChange={(v) => set({ source_of_funds: v })}
          options={SOURCES_OF_FUNDS.map((s) => ({ value: s, label: SOURCE_OF_FUNDS_LABELS[s] }))}
          errors={shown.source_of_funds}
        />
      </div>
      <FormErrors errors={shown} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Submitting…' : update ? 'Update and retry verification' : 'Continue to verification'}
      </button>
    </form>
  );
}
