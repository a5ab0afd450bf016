import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { TransactionOut } from '../../../shared/contract/transactions';
import { LabelChip, labelsQuery } from '../labels';
import { DateRangeFields } from '../../components/date-range-fields';
import type { AppliedRange, DateBounds } from '../../lib/date-range-rules';
import { MultiSelectFilter, type FilterOption } from '../../components/multi-select-filter';
import type { TransactionFilters } from './transaction-filters';
import { heldSymbolsQuery, tokenChoices } from './token-choices';
import styles from '../../components/filters.module.css';

interface TransactionFilterBarProps {
  filters: TransactionFilters;
  update: (patch: Partial<TransactionFilters>) => void;
  reset: () => void;
  bounds: DateBounds;
  rows: readonly TransactionOut[];
  canLabel: boolean;
  /** Something other than the sort is filtering the list (shows 'Reset filters'). */
  filtered: boolean;
}

/** Date range, token and label filters of the transaction list, and 'Reset filters'. */
export function TransactionFilterBar({ filters, update, reset, bounds, rows, canLabel, filtered }: TransactionFilterBarProps) {
  const held = useQuery(heldSymbolsQuery(true));
  const labels = useQuery(labelsQuery(canLabel));

  const tokenOptions: FilterOption[] = useMemo(
    () =>
      tokenChoices(held.data ?? [], rows, filters.tokens).map((symbol) => ({ value: symbol, text: symbol, content: symbol })),
    [held.data, rows, filters.tokens],
  );
  const labelOptions: FilterOption[] = useMemo(() => {
    const known = labels.data ?? [];
    const options = known.map((label) => ({ value: label.id, text: label.name, content: <LabelChip label={label} /> }));
    // A saved choice whose label is gone stays visible so it can be cleared.
    for (const id of filters.labels) {
      if (!known.some((label) => label.id === id)) options.push({ value: id, text: 'Deleted label', content: <span>Deleted label</span> });
    }
    return options;
  }, [labels.data, filters.labels]);

  const applyRange = useCallback(
    (range: AppliedRange) => update({ start_date: range?.start ?? '', end_date: range?.end ?? '' }),
    [update],
  );

  return (
    <section className={styles.filters} aria-label="Filters">
      <DateRangeFields start={filters.start_date} end={filters.end_date} bounds={bounds} onApply={applyRange} />
      <div className={styles.filterButtons}>
        <MultiSelectFilter
          name="Tokens"
          options={tokenOptions}
          selected={filters.tokens}
          onChange={(tokens) => update({ tokens })}
          emptyText="No tokens yet"
        />
        {canLabel ? (
          <MultiSelectFilter
            name="Labels"
            options={labelOptions}
            selected={filters.labels}
            onChange={(ids) => update({ labels: ids })}
            emptyText="No labels yet"
          />
        ) : null}
        {filtered ? (
          <button type="button" className={`btn btn-ghost ${styles.resetButton}`} onClick={reset}>
            Reset filters
          </button>
        ) : null}
      </div>
    </section>
  );
}
