import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../lib/session';
import styles from './not-found.module.css';

/** The 404 page (docs/app-shell.md /not-found). */
export function NotFoundPage() {
  const user = useCurrentUser();
  return (
    <div className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>Page not found</h1>
      <p className={styles.text}>The page or address you opened does not exist or is no longer available.</p>
      {user ? (
        <Link to="/overview" className="btn btn-primary">
          Go to Overview
        </Link>
      ) : (
        <Link to="/auth" className="btn btn-primary">
          Login
        </Link>
      )}
    </div>
  );
}
