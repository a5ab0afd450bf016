import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { DOCUMENT_KIND_LABELS, FIAT_CURRENCIES, INVOICE_STATES, type FiatCurrency } from '../../../shared/enums';
import { LabelChip, labelsQuery } from '../labels';
import { DateRangeFields } from '../../components/date-range-fields';
import type { AppliedRange, DateBounds } from '../../lib/date-range-rules';
import { MultiSelectFilter, type FilterOption } from '../../components/multi-select-filter';
import { invoiceStatusDisplay } from './document-display';
import { DocumentFilterChecklist, type ChecklistOption } from './document-filter-checklist';
import type { DocumentFilterState } from './document-filter-state';
import { INVOICE_ORDERING_LABELS, INVOICE_ORDERINGS, REPORT_KINDS, type InvoiceOrdering } from './document-filters';
import type { DocumentTab } from './document-keys';
import styles from './document-filter-bar.module.css';

const STATUS_OPTIONS: readonly ChecklistOption<(typeof INVOICE_STATES)[number]>[] = INVOICE_STATES.map((state) => ({
  value: state,
  // DUE reads 'SENT' (docs/documents.md).
  text: invoiceStatusDisplay(state).text,
}));

const KIND_OPTIONS = REPORT_KINDS.map((kind) => ({ value: kind, text: DOCUMENT_KIND_LABELS[kind] }));

interface DocumentFilterBarProps {
  tab: DocumentTab;
  state: DocumentFilterState;
  bounds: DateBounds;
  /** How many filters narrow the shown list (on the phone 'Filters' button). */
  activeCount: number;
}

/**
 * The filters of the shown list (docs/documents.md): created-date range, and for invoices status, currency, bill-to
 * labels and sort, for reports the type. On phones they fold under a 'Filters' button.
 */
export function DocumentFilterBar({ tab, state, bounds, activeCount }: DocumentFilterBarProps) {
  const { filters, setRange, updateInvoice, updateReport } = state;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const currencyId = useId();
  const sortId = useId();
  const labels = useQuery(labelsQuery(tab === 'invoice'));

  const labelOptions: FilterOption[] = useMemo(() => {
    const known = labels.data ?? [];
    const options = known.map((label) => ({ value: label.id, text: label.name, content: <LabelChip label={label} /> }));
    // A saved choice whose label is gone stays visible so it can be cleared.
    for (const id of filters.invoice.labels) {
      if (!known.some((label) => label.id === id)) options.push({ value: id, text: 'Deleted label', content: <span>Deleted label</span> });
    }
    return options;
  }, [labels.data, filters.invoice.labels]);

  const applyRange = useCallback((range: AppliedRange) => setRange(range?.start ?? '', range?.end ?? ''), [setRange]);

  return (
    <section className={styles.bar} aria-label="Filters">
      <button
        type="button"
        className={`btn ${styles.toggle}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Filters
        {activeCount > 0 ? <span className={styles.count}>{activeCount}</span> : null}
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className={open ? styles.chevronOpen : undefined}>
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div id={panelId} className={`${styles.panel} ${open ? styles.panelOpen : ''}`}>
        <DateRangeFields start={filters.start_date} end={filters.end_date} bounds={bounds} onApply={applyRange} />
        <div className={styles.controls}>
          {tab === 'invoice' ? (
            <>
              <DocumentFilterChecklist
                name="Status"
                options={STATUS_OPTIONS}
                selected={filters.invoice.states}
                onChange={(states) => updateInvoice({ states })}
              />
              <MultiSelectFilter
                name="Labels"
                options={labelOptions}
                selected={filters.invoice.labels}
                onChange={(ids) => updateInvoice({ labels: ids })}
                emptyText="No labels yet"
              />
              <div className={styles.selectField}>
                <label htmlFor={currencyId}>Currency</label>
                <select
                  id={currencyId}
                  className="input"
                  value={filters.invoice.currency}
                  onChange={(event) => {
                    const currency = FIAT_CURRENCIES.find((item) => item === event.target.value);
                    updateInvoice({ currency: currency ?? ('' as FiatCurrency | '') });
                  }}
                >
                  <option value="">Any currency</option>
                  {FIAT_CURRENCIES.map((currency) => (
                    <option key={currency} value={currency}>
                      {currency}
                    </option>
                  ))}
                </select>
              </div>
              <div className={styles.selectField}>
                <label htmlFor={sortId}>Sort by</label>
                <select
                  id={sortId}
                  className="input"
                  value={filters.invoice.ordering}
                  onChange={(event) => {
                    const ordering = INVOICE_ORDERINGS.find((item) => item === event.target.value);
                    if (ordering) updateInvoice({ ordering: ordering satisfies InvoiceOrdering });
                  }}
                >
                  {INVOICE_ORDERINGS.map((ordering) => (
                    <option key={ordering} value={ordering}>
                      {INVOICE_ORDERING_LABELS[ordering]}
                    </option>
                  ))}
                </select>
              </div>
            </>
          ) : (
            <DocumentFilterChecklist
              name="Type"
              options={KIND_OPTIONS}
              selected={filters.report.kinds}
              onChange={(kinds) => updateReport({ kinds })}
            />
          )}
        </div>
      </div>
    </section>
  );
}
