import { useState } from 'react';
import { LogoMark } from './logo-mark';
import styles from './token-icon.module.css';

interface TokenIconProps {
  symbol: string;
  imageUrl: string | null;
  size?: number;
}

/**
 * A token's logo; its first letter in a circle when it has none; the small default logo when its image fails to
 * load (docs/overview.md "Failed images").
 */
export function TokenIcon({ symbol, imageUrl, size = 32 }: TokenIconProps) {
  const [failed, setFailed] = useState(false);
  const dimension = { width: size, height: size };
  if (failed) {
    return (
      <span className={styles.tokenFallback} style={dimension} data-testid="token-default-logo">
        <LogoMark size={size} />
      </span>
    );
  }
  if (!imageUrl) {
    return (
      <span className={styles.tokenLetter} style={{ ...dimension, fontSize: size * 0.45 }} aria-hidden="true">
        {symbol.slice(0, 1).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <img
      src={imageUrl}
      alt=""
      {...dimension}
      className={styles.tokenImage}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}
