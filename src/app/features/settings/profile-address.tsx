import { setError, setResponse, useForm, valiForm, type SubmitHandler } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import * as v from 'valibot';
import type { User } from '../../../shared/api-types';
import { userEndpoints } from '../../../shared/contract/users';
import { ApiError, NetworkError, api } from '../../lib/api-client';
import { updateStoredUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { joinFieldErrors, signInErrorText } from '../auth/error-text';
import { TextField } from '../auth/text-field';
import { PROFILE_ADDRESS_FIELDS, profileAddressSchema } from './profile-fields';
import styles from './settings.module.css';

type AddressValues = {
  address_line1: string;
  address_line2: string;
  city: string;
  postal_code: string;
  country: string;
  tax_number: string;
};

const LABELS: Record<keyof AddressValues, { label: string; autoComplete: string; required: boolean }> = {
  address_line1: { label: 'Address line 1', autoComplete: 'address-line1', required: true },
  address_line2: { label: 'Address line 2', autoComplete: 'address-line2', required: false },
  city: { label: 'City', autoComplete: 'address-level2', required: true },
  postal_code: { label: 'Postal code', autoComplete: 'postal-code', required: true },
  country: { label: 'Country', autoComplete: 'country-name', required: true },
  tax_number: { label: 'Tax number', autoComplete: 'off', required: false },
};

function addressOf(user: User): AddressValues {
  return {
    address_line1: user.address_line1,
    address_line2: user.address_line2,
    city: user.city,
    postal_code: user.postal_code,
    country: user.country,
    tax_number: user.tax_number,
  };
}

/** The postal address as lines for reading; empty when nothing is filled in. */
export function addressLines(user: User): string[] {
  const cityLine = [user.postal_code, user.city].filter(Boolean).join(' ');
  const lines = [user.address_line1, user.address_line2, cityLine, user.country].filter((line) => line.trim() !== '');
  if (user.tax_number) lines.push(`Tax number: ${user.tax_number}`);
  return lines;
}

function AddressForm({ user, onDone }: { user: User; onDone: () => void }) {
  useSignals();
  const [form, { Form, Field }] = useForm<AddressValues>({
    initialValues: addressOf(user),
    validate: valiForm(profileAddressSchema),
    revalidateOn: 'change',
  });

  const submit: SubmitHandler<AddressValues> = async (values) => {
    const patch = v.parse(profileAddressSchema, values);
    try {
      const updated = await api.call(userEndpoints.updateUser, { body: patch });
      updateStoredUser(updated);
      toast('Address saved', 'success');
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) {
        // No response, 401, 403 and 5xx were already announced by the API client's toast.
        const announced =
          error instanceof NetworkError ||
          (error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status >= 500));
        if (!announced) setResponse(form, { status: 'error', message: signInErrorText(error) });
        return;
      }
      let placed = false;
      for (const field of PROFILE_ADDRESS_FIELDS) {
        const text = joinFieldErrors(error.fieldErrors, field, ' ');
        if (text) {
          setError(form, field, text, { shouldFocus: !placed });
          placed = true;
        }
      }
      const rest = joinFieldErrors(error.fieldErrors, 'non_field_errors', ' ');
      if (rest || !placed) setResponse(form, { status: 'error', message: rest || signInErrorText(error) });
    }
  };

  const submitting = form.submitting.value;
  const response = form.response.value;

  return (
    <Form onSubmit={submit} className={styles.addressForm} aria-label="Address">
      <div className={styles.formGrid}>
        {PROFILE_ADDRESS_FIELDS.map((name) => (
          <Field key={name} name={name}>
            {(field, props) => (
              <TextField
                label={LABELS[name].label}
                value={field.value}
                error={field.error}
                input={props}
                required={LABELS[name].required}
                autoComplete={LABELS[name].autoComplete}
                className={name === 'address_line1' || name === 'address_line2' ? styles.wide : undefined}
              />
            )}
          </Field>
        ))}
      </div>
      {response.status === 'error' && response.message ? (
        <p className="field-error" role="alert">
          {response.message}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <button type="button" className="btn" onClick={onDone} disabled={submitting}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={submitting} aria-busy={submitting || undefined}>
          Save address
        </button>
      </div>
    </Form>
  );
}

/** Address with Edit (docs/settings.md): read view, and a form with the required fields marked. */
export function ProfileAddress({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const lines = addressLines(user);
  return (
    <section className={`card ${styles.group}`} aria-labelledby="profile-address-heading">
      <div className={styles.groupHeader}>
        <h3 id="profile-address-heading" className={styles.groupTitle}>
          Address
        </h3>
        {editing ? null : (
          <button type="button" className="btn" onClick={() => setEditing(true)} aria-label="Edit address">
            Edit
          </button>
        )}
      </div>
      {editing ? (
        <AddressForm user={user} onDone={() => setEditing(false)} />
      ) : lines.length > 0 ? (
        <address className={styles.addressText}>
          {lines.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      ) : (
        <p className="muted">No address yet. It appears on the invoices you send.</p>
      )}
    </section>
  );
}
