import { useState } from 'react';
import styles from './overview.module.css';

interface TokenIconProps {
  symbol: string;
  imageUrl: string | null;
  size?: number;
}

/** A token's logo, or its first letter in a circle when there is none or it fails to load. */
export function TokenIcon({ symbol, imageUrl, size = 32 }: TokenIconProps) {
  const [failed, setFailed] = useState(false);
  const dimension = { width: size, height: size };
  if (!imageUrl || failed) {
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
