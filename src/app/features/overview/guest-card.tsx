import { useSignOut } from '../../lib/use-sign-out';
import styles from './overview.module.css';

/**
 * What guests (address-only or demo, read-only) see in place of the invoicing section (docs/overview.md).
 * Signing in for real leaves the read-only session first, since the login page is for the signed-out.
 */
export function GuestCard() {
  const leaving = useSignOut();
  return (
    <section className={`card ${styles.guestCard}`} aria-labelledby="guest-card-title">
      <h2 id="guest-card-title" className={styles.cardTitle}>
        Guest User
      </h2>
      <p className={styles.guestText}>Login to Create Invoice!</p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={leaving.isPending}
        onClick={() => leaving.mutate()}
      >
        Login
      </button>
    </section>
  );
}
