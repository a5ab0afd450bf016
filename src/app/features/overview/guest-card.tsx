import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { signOut } from '../../lib/sign-out';
import styles from './overview.module.css';

/**
 * What guests (address-only or demo, read-only) see in place of the invoicing section (docs/overview.md).
 * Signing in for real leaves the read-only session first, since the login page is for the signed-out.
 */
export function GuestCard() {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  return (
    <section className={`card ${styles.guestCard}`} aria-labelledby="guest-card-title">
      <h2 id="guest-card-title" className={styles.cardTitle}>
        Guest User
      </h2>
      <p className={styles.guestText}>Login to Create Invoice!</p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void signOut().then(() => navigate({ to: '/auth' }));
        }}
      >
        Login
      </button>
    </section>
  );
}
