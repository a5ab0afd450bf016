import { Link } from '@tanstack/react-router';
import styles from './ftc.module.css';

/** The end of a fiat-to-crypto flow: the message, then Overview and New Invoice. */
export function FtcSuccess({ message }: { message: string }) {
  return (
    <div className={`card ${styles.success}`} role="status">
      <p>{message}</p>
      <div className={styles.actions}>
        <Link to="/overview" className="btn">
          Overview
        </Link>
        <Link to="/new-invoice" className="btn btn-primary">
          New Invoice
        </Link>
      </div>
    </div>
  );
}
