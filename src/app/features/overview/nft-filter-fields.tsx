import { useId } from 'react';
import { isNftOrdering, NFT_ORDERINGS, type NftFilter } from './nft-list-model';
import styles from './overview.module.css';

interface NftFilterFieldsProps {
  filter: NftFilter;
  collections: readonly string[];
  /** The slider's maximum: the largest number of properties among the user's NFTs. */
  maxProperties: number;
  onChange: (filter: NftFilter) => void;
}

function propertiesText(value: number): string {
  if (value <= 0) return 'Off';
  return `At least ${String(value)} ${value === 1 ? 'property' : 'properties'}`;
}

/**
 * The NFT list's filters: a collection, an ordering and the properties slider (docs/overview.md: from 0, off, to the
 * maximum; the value itself is not shown, screen readers hear it).
 */
export function NftFilterFields({ filter, collections, maxProperties, onChange }: NftFilterFieldsProps) {
  const id = useId();
  const choices =
    filter.collection === '' || collections.some((name) => name.toLowerCase() === filter.collection.toLowerCase())
      ? collections
      : [filter.collection, ...collections];
  return (
    <fieldset className={styles.nftFilters}>
      <legend className="visually-hidden">Filter NFTs</legend>
      <div className={`field ${styles.nftFilterField}`}>
        <label htmlFor={`${id}-collection`}>Collection</label>
        <select
          id={`${id}-collection`}
          value={filter.collection}
          onChange={(event) => onChange({ ...filter, collection: event.target.value })}
        >
          <option value="">All collections</option>
          {choices.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className={`field ${styles.nftFilterField}`}>
        <label htmlFor={`${id}-ordering`}>Sort by</label>
        <select
          id={`${id}-ordering`}
          value={filter.ordering}
          onChange={(event) => {
            const { value } = event.target;
            if (isNftOrdering(value)) onChange({ ...filter, ordering: value });
          }}
        >
          {NFT_ORDERINGS.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <div className={`${styles.nftFilterField} ${styles.nftSliderField}`}>
        <label htmlFor={`${id}-properties`}>Minimum properties</label>
        <input
          id={`${id}-properties`}
          type="range"
          className={styles.nftSlider}
          min={0}
          max={maxProperties}
          step={1}
          value={Math.min(filter.minProperties, maxProperties)}
          disabled={maxProperties === 0}
          aria-valuetext={propertiesText(filter.minProperties)}
          onChange={(event) => onChange({ ...filter, minProperties: Number(event.target.value) })}
        />
        <span className={styles.nftSliderEnds} aria-hidden="true">
          <span>Off</span>
          <span>Most</span>
        </span>
      </div>
    </fieldset>
  );
}
