import type { WalletToken } from '../../../shared/data-types';
import { Big } from '../../../shared/money';
import { TokenIcon } from '../../components/token-icon';
import styles from './wallets.module.css';

/** Icons shown on a card before the rest is counted as '+N'. */
export const CARD_TOKEN_ICONS = 5;

function valueOf(holding: WalletToken): Big {
  try {
    return holding.value_fiat === null ? new Big(0) : new Big(holding.value_fiat);
  } catch {
    return new Big(0);
  }
}

/** Holdings ordered by fiat value, largest first; unpriced ones last, by symbol. */
export function byValue(tokens: readonly WalletToken[]): WalletToken[] {
  return [...tokens].sort(
    (a, b) => valueOf(b).cmp(valueOf(a)) || a.token.symbol.localeCompare(b.token.symbol),
  );
}

/** The tokens an account holds as overlapping icons, the most valuable first. */
export function TokenStack({ tokens }: { tokens: readonly WalletToken[] }) {
  if (tokens.length === 0) return <span className="muted">No tokens</span>;
  const shown = byValue(tokens).slice(0, CARD_TOKEN_ICONS);
  const rest = tokens.length - shown.length;
  const names = tokens.map((holding) => holding.token.symbol).join(', ');
  return (
    <span className={styles.tokenStack} role="img" aria-label={`Tokens: ${names}`}>
      {shown.map((holding) => (
        <span key={holding.token.id} className={styles.tokenStackItem}>
          <TokenIcon symbol={holding.token.symbol} imageUrl={holding.token.image_url} size={26} />
        </span>
      ))}
      {rest > 0 ? <span className={styles.tokenStackMore}>+{rest}</span> : null}
    </span>
  );
}
