import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Spinner } from '../../components/spinner';
import { NFT_POLL_MS, useLivePolling } from '../../lib/live-polling';
import { NftListDialog } from './nft-list-dialog';
import { nftKeys } from './nft-list-model';
import { NFT_PRICE_LOADING_TEXT } from './nft-timing';
import { NftPreview } from './nft-preview';
import { NFT_PREVIEW, nftPreviewQuery } from './overview-queries';
import styles from './overview.module.css';

/**
 * Non-Fungible Tokens (docs/overview.md): 5 previews, refreshed every 30 s, and 'See All' opening the whole list
 * with its filters.
 */
export function NftSection() {
  const interval = useLivePolling(NFT_POLL_MS);
  const nfts = useQuery({ ...nftPreviewQuery(), refetchInterval: interval });
  const [showAll, setShowAll] = useState(false);
  const items = nfts.data?.results.slice(0, NFT_PREVIEW) ?? [];
  const keys = nftKeys(items);
  const pricesLoading = items.some((item) => !item.is_price_synced);
  const more = (nfts.data?.count ?? 0) - items.length;

  return (
    <section className={`card ${styles.section}`} aria-labelledby="nft-title">
      <div className={styles.sectionHeader}>
        <h2 id="nft-title" className={styles.cardTitle}>
          Non-Fungible Tokens
        </h2>
        {items.length > 0 ? (
          <span className={styles.sectionActions}>
            {more > 0 ? <span className="muted">+{more} more</span> : null}
            <button type="button" className={`btn btn-ghost ${styles.textButton}`} onClick={() => setShowAll(true)}>
              See All
            </button>
          </span>
        ) : null}
      </div>
      {pricesLoading ? (
        <p className={styles.note} role="status">
          {NFT_PRICE_LOADING_TEXT}
        </p>
      ) : null}
      {nfts.isPending ? (
        <Spinner label="Loading NFTs" />
      ) : items.length > 0 ? (
        <ul className={styles.nftGrid}>
          {items.map((nft, index) => (
            <NftPreview key={keys[index]} nft={nft} />
          ))}
        </ul>
      ) : nfts.isError ? (
        <p className="muted">NFTs could not be loaded.</p>
      ) : (
        <p className="muted">No NFTs yet.</p>
      )}
      {showAll ? <NftListDialog onClose={() => setShowAll(false)} /> : null}
    </section>
  );
}
