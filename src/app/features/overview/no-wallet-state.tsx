import { Link } from '@tanstack/react-router';
import type { User } from '../../../shared/api-types';
import { MESSAGES } from '../../../shared/messages';
import styles from './overview.module.css';

/** The dashboard of a user without a wallet or exchange (docs/overview.md). */
export function NoWalletState({ user }: { user: User }) {
  return (
    <section className={`card ${styles.emptyState}`} aria-labelledby="no-wallet-title">
      <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" className={styles.emptyIcon}>
        <rect x="8" y="16" width="48" height="36" rx="6" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M8 26h48M42 38h6" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        <path d="M16 16l22-8 4 8" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
      </svg>
      <h2 id="no-wallet-title" className={styles.cardTitle}>
        Add your first wallet to get started!
      </h2>
      <p className="muted">
        Track balances, tokens, NFTs and transactions of any public address on Bitcoin, Ethereum, BSC, Polygon and
        Fantom, or connect an exchange account.
      </p>
      {user.full_access ? (
        <Link to="/wallets" state={{ openDialog: 'add-wallet' }} className="btn btn-primary">
          Add Wallet
        </Link>
      ) : (
        <p className="muted">{MESSAGES.loggedInOnly}</p>
      )}
    </section>
  );
}
