import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { MESSAGES } from '../../../shared/messages';
import { Spinner } from '../../components/spinner';
import { ApiError, NetworkError } from '../../lib/api-client';
import { useOnline } from '../../lib/online';
import { needsNetworkText } from '../../lib/network-actions';
import {
  canSeeMore,
  CATEGORY_INFO,
  NO_RESULTS,
  nonEmptyGroups,
  resultHref,
  SEARCH_DEBOUNCE_MS,
  visibleItems,
  type SearchCategoryName,
} from './search-model';
import { ClearSearchButton } from '../../components/clear-search-button';
import { searchQuery } from './search-queries';
import styles from './search.module.css';

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** A failed search, in the error catalogue's words (docs/search.md): no response, a refusal, or a server error. */
function searchErrorText(error: unknown): string {
  if (error instanceof NetworkError) return MESSAGES.networkProblem;
  if (error instanceof ApiError && error.status === 403) return MESSAGES.forbidden;
  return MESSAGES.serverError;
}

/**
 * Global search in the top bar (docs/search.md): typing waits 500 ms, results come grouped by category, 3 per group
 * with 'see more' up to 6; a result opens its category's page with the search text. On phones a button opens the
 * search field over the top bar.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const online = useOnline();
  const inputId = useId();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const debounced = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  // 'see more' choices belong to one search text; a new text starts with every group collapsed.
  const [expandedFor, setExpandedFor] = useState<{ text: string; groups: ReadonlySet<SearchCategoryName> }>({
    text: '',
    groups: new Set(),
  });
  const expanded = expandedFor.text === debounced ? expandedFor.groups : new Set<SearchCategoryName>();
  const results = useQuery({ ...searchQuery(debounced), enabled: online && debounced !== '' });

  useEffect(() => {
    if (!open && !phoneOpen) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) {
        setOpen(false);
        setPhoneOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, phoneOpen]);

  useEffect(() => {
    if (phoneOpen) inputRef.current?.focus();
  }, [phoneOpen]);

  const close = () => {
    setOpen(false);
    setPhoneOpen(false);
  };

  const go = (href: string) => {
    close();
    void navigate({ href });
  };

  const groups = nonEmptyGroups(results.data);
  const waiting = text.trim() !== debounced || results.isFetching;
  const showPanel = open && text.trim() !== '';

  return (
    <div
      ref={rootRef}
      className={`${styles.root} ${phoneOpen ? styles.phoneOpen : ''}`}
      role="search"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          close();
          inputRef.current?.blur();
        }
      }}
    >
      <button
        type="button"
        className={`btn btn-ghost ${styles.phoneButton}`}
        aria-label="Search"
        aria-expanded={phoneOpen}
        onClick={() => {
          setPhoneOpen((value) => !value);
          setOpen(true);
        }}
      >
        <SearchIcon />
      </button>
      <div className={styles.box}>
      <div className={styles.field}>
        <label htmlFor={inputId} className="visually-hidden">
          Search wallets, contacts, transactions, labels and documents
        </label>
        <span className={styles.icon}>
          <SearchIcon />
        </span>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          className={styles.input}
          placeholder="Search"
          value={text}
          role="combobox"
          aria-expanded={showPanel}
          aria-controls={panelId}
          aria-autocomplete="list"
          onFocus={() => setOpen(true)}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
        />
        {text !== '' ? (
          <ClearSearchButton className={styles.clear} onClear={() => setText('')} input={inputRef} />
        ) : null}
      </div>
      {showPanel ? (
        <div id={panelId} className={styles.panel} aria-live="polite">
          {!online && !results.data ? (
            <p className={styles.message}>{needsNetworkText('Search')}</p>
          ) : waiting && groups.length === 0 ? (
            <div className={styles.message}>
              <Spinner label="Searching" showLabel />
            </div>
          ) : results.isError ? (
            <p className={styles.message}>{searchErrorText(results.error)}</p>
          ) : groups.length === 0 ? (
            <p className={styles.message}>{NO_RESULTS}</p>
          ) : (
            groups.map((group) => {
              const isExpanded = expanded.has(group.category);
              const headingId = `${panelId}-${group.category}`;
              return (
                <section key={group.category} className={styles.group} aria-labelledby={headingId}>
                  <h2 id={headingId} className={styles.groupTitle}>
                    {CATEGORY_INFO[group.category].title}
                  </h2>
                  <ul className={styles.items}>
                    {visibleItems(group.items, isExpanded).map((item) => {
                      const href = resultHref(group.category, debounced);
                      return (
                        <li key={item.id}>
                          <a
                            href={href}
                            className={styles.item}
                            onClick={(event) => {
                              event.preventDefault();
                              go(href);
                            }}
                          >
                            {item.text}
                          </a>
                        </li>
                      );
                    })}
                  </ul>
                  {canSeeMore(group.items, isExpanded) ? (
                    <button
                      type="button"
                      className={`btn btn-ghost ${styles.more}`}
                      onClick={() => setExpandedFor({ text: debounced, groups: new Set([...expanded, group.category]) })}
                    >
                      see more
                    </button>
                  ) : null}
                </section>
              );
            })
          )}
        </div>
      ) : null}
      </div>
    </div>
  );
}
