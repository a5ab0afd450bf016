import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { User } from '../../../shared/api-types';
import { MESSAGES } from '../../../shared/messages';
import { ApiError } from '../../lib/api-client';
import { joinAllErrors, joinFieldErrors, signInErrorText } from '../../lib/error-text';
import styles from './login-page.module.css';

interface AddressSignInFormProps {
  onSignedIn: (user: User) => Promise<void>;
}

/**
 * The sign-in schema's check of the address (with the validation library it runs on) and the sign-in calls are
 * fetched when the field is first focused or the form first sent, not with the page: most visitors sign in another
 * way. Once here, the field is checked as it changes.
 */
let loaded: typeof import('./address-sign-in') | undefined;
async function loadAddressSignIn(): Promise<typeof import('./address-sign-in')> {
  loaded ??= await import('./address-sign-in');
  return loaded;
}

/**
 * Read-only sign-in with a public address (docs/sign-in.md): the address is checked on every network first
 * (validate-address, network ALL), then used to sign in as a guest. Errors go under the input; after the first
 * submit the field is checked again on every change. One field, so plain React state instead of a form library
 * keeps the sign-in page light.
 */
export function AddressSignInForm({ onSignedIn }: AddressSignInFormProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [formError, setFormError] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  // The address is checked on every network, then signed in with in the form the check gave; sent at once, never
  // queued or retried.
  const signIn = useMutation({
    mutationFn: async (value: string) => (await loadAddressSignIn()).signInWithAddress(value),
    networkMode: 'always',
    retry: false,
  });

  const showFieldError = (text: string) => {
    setFieldError(text);
    if (text) input.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    setFormError('');
    let problem: string;
    try {
      problem = (await loadAddressSignIn()).addressProblem(address);
    } catch {
      // The check is fetched on demand; without the network nothing can be signed in with anyway.
      setFormError(MESSAGES.networkProblem);
      return;
    }
    showFieldError(problem);
    if (problem) return;
    setSubmitting(true);
    try {
      await onSignedIn(await signIn.mutateAsync(address.trim()));
    } catch (error) {
      const addressErrors = error instanceof ApiError ? joinFieldErrors(error.fieldErrors, 'address', ' ') : '';
      if (addressErrors) {
        showFieldError(addressErrors);
      } else {
        setFormError(error instanceof ApiError ? joinAllErrors(error.fieldErrors, ' ') || signInErrorText(error) : signInErrorText(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={styles.addressForm} aria-labelledby="address-sign-in-heading">
      <div className={styles.methodIntro}>
        <h2 id="address-sign-in-heading" className={styles.methodHeading}>
          Sign in with an address
        </h2>
        <p className={`muted ${styles.methodHint}`}>Read-only access to any public wallet address.</p>
      </div>
      <div className="field">
        <label htmlFor={id}>Wallet address</label>
        <input
          ref={input}
          id={id}
          name="address"
          type="text"
          value={address}
          onChange={(event) => {
            setAddress(event.target.value);
            if (submitted && loaded) setFieldError(loaded.addressProblem(event.target.value));
          }}
          onFocus={() => void loadAddressSignIn().catch(() => undefined)}
          aria-required
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="0x… or bc1…"
        />
        {fieldError ? (
          <p id={errorId} className="field-error" role="alert">
            {fieldError}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p className={styles.error} role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="btn btn-block" disabled={submitting} aria-busy={submitting || undefined}>
        Sign in with address
      </button>
    </form>
  );
}
