import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useCurrentUser } from '../../lib/session';
import { TUTORIAL_START } from '../../lib/navigation-state';
import { FaqAnswerText } from './faq-answer';
import { FAQ_ITEMS } from './faq-data';
import { filterFaq, NO_RESULTS_TEXT, pageFaq, showAllLabel } from './faq-filter';
import styles from './faq.module.css';

/** FAQ (docs/app-shell.md): search on question text, the first 5 then all, an accordion of answers. Public. */
export function FaqPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const searchId = useId();
  const [phrase, setPhrase] = useState('');
  const [showAll, setShowAll] = useState(false);
  const matches = filterFaq(FAQ_ITEMS, phrase);
  const { visible, hidden } = pageFaq(matches, showAll);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Frequently asked questions</h1>
          <p className={styles.lead}>Answers about accounts, wallets, invoices and the app itself.</p>
        </div>
        {user ? (
          <button
            type="button"
            className="btn"
            onClick={() => void navigate({ to: '/wallets', state: { tutorial: TUTORIAL_START } })}
          >
            Rewatch tutorial
          </button>
        ) : null}
      </header>

      <div className={styles.search} role="search">
        <label htmlFor={searchId} className="visually-hidden">
          Search questions
        </label>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className={styles.searchIcon}>
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={searchId}
          type="search"
          className={styles.searchInput}
          placeholder="Search questions"
          value={phrase}
          onChange={(event) => setPhrase(event.target.value)}
        />
      </div>

      {visible.length === 0 ? (
        <p className={styles.empty} role="status">
          {NO_RESULTS_TEXT}
        </p>
      ) : (
        <ul className={styles.list}>
          {visible.map((item) => (
            <li key={item.id}>
              <details className={styles.item}>
                <summary className={styles.question}>
                  <span>{item.question}</span>
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className={styles.chevron}>
                    <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </summary>
                <div className={styles.answer}>
                  <FaqAnswerText answer={item.answer} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}

      {hidden > 0 ? (
        <button type="button" className={`btn btn-ghost ${styles.more}`} onClick={() => setShowAll(true)}>
          {showAllLabel(hidden)}
        </button>
      ) : null}
    </div>
  );
}
