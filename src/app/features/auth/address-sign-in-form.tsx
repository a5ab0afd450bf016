import { useForm, setError, setResponse, valiForm, type SubmitHandler } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { useMutation } from '@tanstack/react-query';
import type { User } from '../../../shared/api-types';
import { addressEndpoints } from '../../../shared/contract/addresses';
import { authEndpoints } from '../../../shared/contract/auth';
import { loginWithAddressSchema } from '../../../shared/schemas/auth';
import { ApiError, api } from '../../lib/api-client';
import { joinAllErrors, joinFieldErrors, signInErrorText } from '../../lib/error-text';
import styles from './login-page.module.css';
import { TextField } from '../../components/text-field';

type AddressFormValues = {
  address: string;
};

interface AddressSignInFormProps {
  onSignedIn: (user: User) => Promise<void>;
}

/**
 * Read-only sign-in with a public address (docs/sign-in.md): the address is checked on every network first
 * (validate-address, network ALL), then used to sign in as a guest. Errors go under the input.
 */
export function AddressSignInForm({ onSignedIn }: AddressSignInFormProps) {
  useSignals();
  const [form, { Form, Field }] = useForm<AddressFormValues>({
    validate: valiForm(loginWithAddressSchema),
    revalidateOn: 'change',
  });

  // The address is checked on every network, then signed in with in the form the check gave; sent at once, never
  // queued or retried.
  const signIn = useMutation({
    mutationFn: async (address: string) => {
      const validated = await api.call(addressEndpoints.validateAddress, { body: { address, network: 'ALL' }, silent401: true });
      return api.call(authEndpoints.loginWithAddress, { body: { address: validated.address }, silent401: true });
    },
    networkMode: 'always',
    retry: false,
  });

  const submit: SubmitHandler<AddressFormValues> = async (values) => {
    try {
      await onSignedIn(await signIn.mutateAsync(values.address.trim()));
    } catch (error) {
      const addressErrors = error instanceof ApiError ? joinFieldErrors(error.fieldErrors, 'address', ' ') : '';
      if (addressErrors) {
        setError(form, 'address', addressErrors, { shouldFocus: true });
      } else {
        const text = error instanceof ApiError ? joinAllErrors(error.fieldErrors, ' ') || signInErrorText(error) : signInErrorText(error);
        setResponse(form, { status: 'error', message: text });
      }
    }
  };

  const submitting = form.submitting.value;
  const response = form.response.value;

  return (
    <Form onSubmit={submit} className={styles.addressForm} aria-labelledby="address-sign-in-heading">
      <div className={styles.methodIntro}>
        <h2 id="address-sign-in-heading" className={styles.methodHeading}>
          Sign in with an address
        </h2>
        <p className={`muted ${styles.methodHint}`}>Read-only access to any public wallet address.</p>
      </div>
      <Field name="address">
        {(field, props) => (
          <TextField
            label="Wallet address"
            value={field.value}
            error={field.error}
            input={props}
            required
            autoComplete="off"
            spellCheck={false}
            placeholder="0x… or bc1…"
          />
        )}
      </Field>
      {response.status === 'error' && response.message ? (
        <p className={styles.error} role="alert">
          {response.message}
        </p>
      ) : null}
      <button type="submit" className="btn btn-block" disabled={submitting} aria-busy={submitting || undefined}>
        Sign in with address
      </button>
    </Form>
  );
}
