import dayjs from 'dayjs';
import { useEffect, useId, useRef, useState } from 'react';
import type { NftItem } from '../../../shared/contract/nft';
import { NETWORK_LABELS } from '../../../shared/enums';
import { formatAmount, toDecimal } from '../../../shared/money';
import eggImage from './egg.svg';
import { NFT_DETAILS_DELAY_MS, NFT_POPOVER_DELAY_MS } from './nft-timing';
import styles from './overview.module.css';

function priceText(nft: NftItem): string {
  if (!nft.is_price_synced) return 'Price loading…';
  if (nft.price === null) return 'No price';
  try {
    toDecimal(nft.price);
    return `${formatAmount(nft.price)} ${nft.currency ?? ''}`.trim();
  } catch {
    return nft.price;
  }
}

/** The image, falling back to the egg picture when it is missing or fails (docs/overview.md). */
function NftImage({ nft }: { nft: NftItem }) {
  const [failed, setFailed] = useState(false);
  const src = !nft.image_url || failed ? eggImage : nft.image_url;
  return (
    <img
      src={src}
      alt=""
      className={styles.nftImage}
      data-fallback={src === eggImage ? 'egg' : undefined}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * An NFT preview card. Hovering shows its details after about 1 s; they stay 2 s after the pointer leaves. A tap
 * or the keyboard toggles them at once; Escape hides them. `showPrice` adds the price (or 'Price loading…') under
 * the collection, as the full NFT list shows it.
 */
export function NftPreview({ nft, showPrice = false }: { nft: NftItem; showPrice?: boolean }) {
  const [open, setOpen] = useState(false);
  const openTimer = useRef<number | undefined>(undefined);
  const closeTimer = useRef<number | undefined>(undefined);
  const detailsId = useId();

  const clearTimers = () => {
    window.clearTimeout(openTimer.current);
    window.clearTimeout(closeTimer.current);
  };
  useEffect(() => clearTimers, []);

  const title = nft.name || `#${nft.nft_id}`;
  return (
    <li
      className={styles.nftItem}
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        window.clearTimeout(closeTimer.current);
        openTimer.current = window.setTimeout(() => setOpen(true), NFT_DETAILS_DELAY_MS);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse') return;
        window.clearTimeout(openTimer.current);
        closeTimer.current = window.setTimeout(() => setOpen(false), NFT_POPOVER_DELAY_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          clearTimers();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        className={styles.nftButton}
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => {
          clearTimers();
          setOpen((value) => !value);
        }}
      >
        <NftImage nft={nft} />
        <span className={styles.nftName}>{title}</span>
        <span className={styles.nftCollection}>{nft.collection}</span>
        {showPrice ? <span className={styles.nftPrice}>{priceText(nft)}</span> : null}
      </button>
      <div id={detailsId} role="tooltip" className={styles.nftDetails} hidden={!open}>
        <strong>{title}</strong>
        <dl>
          <dt>Collection</dt>
          <dd>{nft.collection || '–'}</dd>
          <dt>Price</dt>
          <dd>{priceText(nft)}</dd>
          <dt>Network</dt>
          <dd>{NETWORK_LABELS[nft.network]}</dd>
          <dt>Properties</dt>
          <dd>{nft.properties.length}</dd>
          <dt>Acquired</dt>
          <dd>{dayjs(nft.created_at).format('MMM DD, YYYY')}</dd>
        </dl>
      </div>
    </li>
  );
}
