import { useEffect, useId, useState } from 'react';
import type { User } from '../../../shared/api-types';
import { joinAllErrors } from '../../lib/error-text';
import { ProfileAddress } from './profile-address';
import { emailError, joinName, nameChanged, splitName } from './profile-fields';
import { SaveStatus } from './save-status';
import styles from './settings.module.css';
import { PROFILE_SAVE_DELAY_MS, useUserAutosave } from './use-user-autosave';

/** Name: split on the first space into first_name and last_name, saved 1 s after typing (docs/settings.md). */
function NameField({ user }: { user: User }) {
  const id = useId();
  const [value, setValue] = useState(() => joinName(user));
  const { state, fieldErrors } = useUserAutosave(value, (next) =>
    nameChanged(next, user) ? splitName(next) : null,
  );
  const error = joinAllErrors(fieldErrors, ' ');
  return (
    <div className="field">
      <div className={styles.labelRow}>
        <label htmlFor={id}>Name</label>
        <SaveStatus state={state} />
      </div>
      <input
        id={id}
        type="text"
        value={value}
        autoComplete="name"
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Email: editable only when the user signed in with an address (a Google e-mail is the signed one); it must look
 * like an e-mail ('Enter a valid email address'), and a valid change is saved 1 s after typing (docs/settings.md).
 */
function EmailField({ user }: { user: User }) {
  const id = useId();
  const editable = user.address !== '';
  const [value, setValue] = useState(() => user.email || user.signed_email || '');
  const [showError, setShowError] = useState(false);
  const invalid = emailError(value);
  const { state, fieldErrors } = useUserAutosave(value, (next) => {
    if (!editable || emailError(next) !== null || next.trim() === user.email) return null;
    return { email: next.trim() };
  });
  // Like the save, the check waits for a pause in typing (or leaving the field).
  useEffect(() => {
    if (!invalid) return;
    const timer = setTimeout(() => setShowError(true), PROFILE_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, invalid]);
  const error = (showError ? invalid : null) ?? joinAllErrors(fieldErrors, ' ');
  return (
    <div className="field">
      <div className={styles.labelRow}>
        <label htmlFor={id}>Email</label>
        {editable ? <SaveStatus state={state} /> : null}
      </div>
      <input
        id={id}
        type="email"
        value={value}
        readOnly={!editable}
        autoComplete="email"
        onChange={(event) => {
          setValue(event.target.value);
          setShowError(false);
        }}
        onBlur={() => setShowError(true)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className={`muted ${styles.hint}`}>
        {editable
          ? 'Used on your invoices and for messages about your account.'
          : 'This is the e-mail of your Google account and cannot be changed here.'}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The Profile panel (docs/settings.md). */
export function ProfilePanel({ user }: { user: User }) {
  return (
    <div className={styles.stack}>
      <div className={`card ${styles.group}`}>
        <NameField user={user} />
        <EmailField user={user} />
      </div>
      <ProfileAddress user={user} />
    </div>
  );
}
