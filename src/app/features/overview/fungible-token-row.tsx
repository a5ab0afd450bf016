import type { FungibleTokenSummaryRow } from '../../../shared/contract/holdings';
import type { FiatCurrency } from '../../../shared/enums';
import { Big } from '../../../shared/money';
import { formatFiat, formatFiatChange, formatTokenAmount } from '../../lib/fiat';
import { TokenIcon } from '../../components/token-icon';
import styles from './overview.module.css';

function gainClass(value: string | null): string | undefined {
  if (value === null) return undefined;
  try {
    const gain = new Big(value);
    if (gain.gt(0)) return styles.positive;
    if (gain.lt(0)) return styles.negative;
  } catch {
    return undefined;
  }
  return undefined;
}

/** One fungible token: balance, current price, value and unrealized gain (docs/overview.md). */
export function FungibleTokenRow({ row, currency }: { row: FungibleTokenSummaryRow; currency: FiatCurrency }) {
  return (
    <li className={styles.tokenRow}>
      <TokenIcon symbol={row.token.symbol} imageUrl={row.token.image_url} size={36} />
      <div className={styles.tokenMain}>
        <span className={styles.tokenSymbol}>{row.token.symbol}</span>
        <span className="muted">{formatTokenAmount(row.balance, '')}</span>
      </div>
      <dl className={styles.tokenFigures}>
        <div>
          <dt className="visually-hidden">Value</dt>
          <dd className={styles.tokenValue}>{formatFiat(row.value, currency)}</dd>
        </div>
        <div>
          <dt className="visually-hidden">Price</dt>
          <dd className="muted">@ {formatFiat(row.current_price, currency)}</dd>
        </div>
        <div>
          <dt className="visually-hidden">Unrealized gain</dt>
          <dd className={gainClass(row.unrealized_gain)}>
            {row.unrealized_gain === null ? '–' : formatFiatChange(row.unrealized_gain, currency)}
          </dd>
        </div>
      </dl>
    </li>
  );
}
