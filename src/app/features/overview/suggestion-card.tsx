import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { User } from '../../../shared/api-types';
import { updateStoredUser } from '../../lib/session';
import { postponedUntil, shouldShowSuggestion, suggestionVariant } from './overview-rules';
import { useUpdateUser } from '../../lib/use-update-user';
import styles from './overview.module.css';
import { Tooltip } from '../../components/tooltip';

const TEXTS = {
  'soft-kyc-fail': {
    title: 'Soft KYC Fail',
    body: 'We could not verify your address. Correct your address and retry the KYC to receive euro bank payments.',
  },
  setup: {
    title: 'Set up Fiat-to-Crypto Invoicing',
    body: 'Let your customers pay invoices by euro bank transfer while you receive crypto. Setup takes about 5 minutes.',
  },
} as const;

/** 'Suggested for you' (docs/overview.md): opens /fiat-payment-kyc; closing it postpones it for a day. */
export function SuggestionCard({ user }: { user: User }) {
  const navigate = useNavigate();
  const update = useUpdateUser();
  const [hidden, setHidden] = useState(false);
  if (hidden || !shouldShowSuggestion(user, new Date())) return null;

  const variant = suggestionVariant(user);
  const text = TEXTS[variant];

  const postpone = () => {
    const ftcTimeout = postponedUntil(new Date());
    setHidden(true);
    // The stored user carries the postponement at once, so a reload before the server answers keeps it hidden.
    updateStoredUser({ ...user, suggestions: { ftcTimeout } });
    update.mutate({ suggestions: { ftcTimeout } });
  };

  return (
    <section
      className={`card ${styles.suggestion} ${variant === 'soft-kyc-fail' ? styles.suggestionWarning : ''}`}
      aria-labelledby="suggestion-title"
    >
      <p className={styles.eyebrow}>Suggested for you</p>
      <button
        type="button"
        className={styles.suggestionBody}
        onClick={() => void navigate({ to: '/fiat-payment-kyc' })}
      >
        <span id="suggestion-title" className={styles.suggestionTitle}>
          {text.title}
        </span>
        <span className={styles.suggestionText}>{text.body}</span>
      </button>
      <Tooltip text="Remind me tomorrow" className={styles.suggestionClose}>
        <button type="button" className="btn btn-ghost" aria-label="Remind me tomorrow" onClick={postpone}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </Tooltip>
    </section>
  );
}
