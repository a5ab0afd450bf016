import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { NFT_POLL_MS, useLivePolling } from '../../lib/live-polling';
import { NftFilterFields } from './nft-filter-fields';
import {
  DEFAULT_NFT_FILTER,
  filterNfts,
  fitFilter,
  maxProperties,
  nftCollections,
  nftKeys,
  type NftFilter,
} from './nft-list-model';
import { NftPreview } from './nft-preview';
import { NFT_PRICE_LOADING_TEXT } from './nft-timing';
import { nftListQuery, nftPreviewQuery } from './overview-queries';
import styles from './overview.module.css';

function countText(shown: number, total: number): string {
  if (total === 0) return 'No NFTs yet.';
  if (shown === 0) return 'No NFTs match these filters.';
  const noun = total === 1 ? 'NFT' : 'NFTs';
  return shown === total ? `${String(total)} ${noun}` : `${String(shown)} of ${String(total)} ${noun}`;
}

/**
 * 'See All' of the Non-Fungible Tokens section: every NFT, filtered by collection and number of properties and
 * ordered as chosen. The server filters; until it answers (or while offline) the same filter runs on the cached
 * full list of the preview.
 */
export function NftListDialog({ onClose }: { onClose: () => void }) {
  const interval = useLivePolling(NFT_POLL_MS);
  const all = useQuery({ ...nftPreviewQuery(), refetchInterval: interval });
  const [chosen, setChosen] = useState<NftFilter>(DEFAULT_NFT_FILTER);

  const everything = all.data?.results;
  const max = useMemo(() => maxProperties(everything ?? []), [everything]);
  const collections = useMemo(() => nftCollections(everything ?? []), [everything]);
  const filter = everything === undefined ? chosen : fitFilter(chosen, max);
  const local = useMemo(() => (everything === undefined ? undefined : filterNfts(everything, filter)), [everything, filter]);

  const list = useQuery({ ...nftListQuery(filter), refetchInterval: interval });
  // The server's answer for this filter once there is one, else the same filter on the cached full list.
  const items = list.data ?? local;
  const keys = items === undefined ? [] : nftKeys(items);
  const total = all.data?.count ?? items?.length ?? 0;
  const pricesLoading = items?.some((item) => !item.is_price_synced) ?? false;

  return (
    <Dialog open onClose={onClose} title="Non-Fungible Tokens">
      <NftFilterFields filter={filter} collections={collections} maxProperties={max} onChange={setChosen} />
      {items === undefined ? (
        list.isError && all.isError ? (
          <p className="muted">NFTs could not be loaded.</p>
        ) : (
          <Spinner label="Loading NFTs" />
        )
      ) : (
        <>
          <p className={styles.nftCount} role="status">
            {countText(items.length, total)}
          </p>
          {pricesLoading ? <p className={styles.note}>{NFT_PRICE_LOADING_TEXT}</p> : null}
          {items.length > 0 ? (
            <ul className={`${styles.nftGrid} ${styles.nftListGrid}`} aria-label="NFTs">
              {items.map((nft, index) => (
                <NftPreview key={keys[index]} nft={nft} showPrice />
              ))}
            </ul>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
