import type { User } from '../../../shared/api-types';
import styles from './account-menu.module.css';

/** The letter shown for Google users: the first letter of the e-mail, upper-cased. */
export function avatarLetter(user: Pick<User, 'signed_email' | 'email'>): string {
  const email = user.signed_email ?? user.email;
  return (email.trim()[0] ?? '?').toUpperCase();
}

function FoxIcon() {
  return (
    <svg viewBox="0 0 32 32" width="26" height="26" aria-hidden="true">
      <path d="M4 5l9 6.5h6L28 5l-2.5 9 1.5 6-5 6.5-6-2-6 2L5 20l1.5-6z" fill="#e2761b" />
      <path d="M13 11.5h6l-1 7h-4z" fill="#f6851b" />
      <path d="M9.5 17.5l3 1-1 2.5zM22.5 17.5l-3 1 1 2.5z" fill="#233447" />
      <path d="M13.5 24l2.5 1 2.5-1-.5 2.5h-4z" fill="#d7c1b3" />
    </svg>
  );
}

function WalletConnectIcon() {
  return (
    <svg viewBox="0 0 32 32" width="26" height="26" aria-hidden="true">
      <circle cx="16" cy="16" r="16" fill="#3b99fc" />
      <path
        d="M9.6 12.6a9.1 9.1 0 0 1 12.8 0l.4.4-1.5 1.5-.6-.6a6.9 6.9 0 0 0-9.4 0l-.6.6-1.5-1.5zm15.9 3l1.4 1.4-5.9 5.9-4.2-4.2a.3.3 0 0 0-.4 0l-4.2 4.2L5.2 17l1.4-1.4 4.2 4.2 4.2-4.2a1.4 1.4 0 0 1 2 0l4.2 4.2z"
        fill="#ffffff"
      />
    </svg>
  );
}

function WalletIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M4 7a2 2 0 0 1 2-2h11v3M4 7v10a2 2 0 0 0 2 2h13a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1H6a2 2 0 0 1-2-1zm12 6.5h.01"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function GuestIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21a8 8 0 0 1 16 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The account avatar (docs/app-shell.md): the first letter of the e-mail for Google users, a wallet-type icon for wallet
 * and address sign-ins, a guest icon when the user has no type.
 */
export function Avatar({ user }: { user: User }) {
  switch (user.type) {
    case 'GOOGLE':
      return <span className={`${styles.avatar} ${styles.avatarLetter}`}>{avatarLetter(user)}</span>;
    case 'METAMASK':
      return (
        <span className={styles.avatar}>
          <FoxIcon />
        </span>
      );
    case 'WALLET_CONNECT':
      return (
        <span className={styles.avatar}>
          <WalletConnectIcon />
        </span>
      );
    case 'ADDRESS_ONLY':
      return (
        <span className={styles.avatar}>
          <WalletIcon />
        </span>
      );
    default:
      return (
        <span className={styles.avatar}>
          <GuestIcon />
        </span>
      );
  }
}
