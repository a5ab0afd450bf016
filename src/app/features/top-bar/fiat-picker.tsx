import type { User } from '../../../shared/api-types';
import { FIAT_CURRENCIES, FIAT_SYMBOLS, type FiatCurrency } from '../../../shared/enums';
import { MESSAGES } from '../../../shared/messages';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { usePendingFiatCurrency, useUpdateUser } from '../../lib/use-update-user';
import styles from './top-bar.module.css';
import { Tooltip } from '../../components/tooltip';

function isFiatCurrency(value: string): value is FiatCurrency {
  return (FIAT_CURRENCIES as readonly string[]).includes(value);
}

/** Base fiat currency of the user (PATCH /api/user fiat_currency); read-only for guests. */
export function FiatPicker({ user }: { user: User }) {
  const mutation = useUpdateUser({
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        toast(error.fieldErrors?.fiat_currency?.join(' ') ?? error.message, 'error');
      }
    },
  });
  // A change made offline waits for the connection: show it as chosen meanwhile.
  const value = usePendingFiatCurrency() ?? user.fiat_currency;
  const readOnly = !user.full_access;

  return (
    <Tooltip text={readOnly ? MESSAGES.loggedInOnly : 'Base fiat currency'}>
      <label className={`${styles.fiat} ${readOnly ? styles.fiatDisabled : ''}`}>
        <span className="visually-hidden">Fiat currency</span>
        {/* The closed picker shows the code (and the symbol where there is room); the native list shows both. */}
        <span className={styles.fiatValue} aria-hidden="true">
          {value}
          <span className={styles.fiatSymbol}>{FIAT_SYMBOLS[value] === value ? '' : FIAT_SYMBOLS[value]}</span>
          <svg viewBox="0 0 24 24" width="16" height="16">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </span>
        <select
          className={styles.fiatSelect}
          value={value}
          disabled={readOnly}
          onChange={(event) => {
            const next = event.target.value;
            if (isFiatCurrency(next) && next !== value) mutation.mutate({ fiat_currency: next });
          }}
        >
          {FIAT_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {FIAT_SYMBOLS[code] === code ? code : `${code} ${FIAT_SYMBOLS[code]}`}
            </option>
          ))}
        </select>
      </label>
    </Tooltip>
  );
}
