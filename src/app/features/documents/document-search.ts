/**
 * The documents lists' filters and sort in the URL (docs/documents.md "Filters"):
 * /documents?tab=report&search=…&start_date=…&end_date=…&states=DUE,PAID&currency=EUR&labels=…&ordering=-total_amount&kinds=….
 * Defaults are left out (all states, all report kinds, newest first); invalid values are dropped. A page opened
 * without any of them shows the last choice (document-shown-filters.ts). The route reads them with
 * document-search-params.ts.
 */
import { INVOICE_STATES, type DocumentKind, type InvoiceState } from '../../../shared/enums';
import { choicesParam, dayRangeParams, definedParams, listParam, listValue, textParam } from '../../lib/search-params';
import { defaultDocumentFilters, REPORT_KINDS, type DocumentFilters } from './document-filters';
import { someOf, type DocumentSearch } from './document-search-params';

export { parseDocumentSearch, type DocumentSearch } from './document-search-params';

/** The filters a URL names, or null when it names none (then the remembered ones apply). */
export function documentFiltersFromSearch(search: DocumentSearch): DocumentFilters | null {
  const { search: _text, tab: _tab, ...named } = search;
  if (Object.values(named).every((value) => value === undefined)) return null;
  const defaults = defaultDocumentFilters();
  const states = choicesParam<InvoiceState>(search.states, INVOICE_STATES);
  const kinds = choicesParam<DocumentKind>(search.kinds, REPORT_KINDS);
  return {
    start_date: search.start_date ?? '',
    end_date: search.end_date ?? '',
    invoice: {
      states: states.length > 0 ? states : defaults.invoice.states,
      currency: search.currency ?? '',
      labels: listParam(search.labels),
      ordering: search.ordering ?? defaults.invoice.ordering,
    },
    report: { kinds: kinds.length > 0 ? kinds : defaults.report.kinds },
  };
}

/** The URL parameters of `filters` (defaults left out) and of the search text. */
export function documentFiltersToSearch(filters: DocumentFilters, search?: string): DocumentSearch {
  const range = dayRangeParams(filters.start_date, filters.end_date);
  const { states, currency, labels, ordering } = filters.invoice;
  return definedParams<DocumentSearch>({
    search: textParam(search),
    start_date: range?.start_date,
    end_date: range?.end_date,
    states: someOf(INVOICE_STATES.filter((state) => states.includes(state)), INVOICE_STATES),
    currency: currency === '' ? undefined : currency,
    labels: listValue(labels),
    ordering: ordering === defaultDocumentFilters().invoice.ordering ? undefined : ordering,
    kinds: someOf(REPORT_KINDS.filter((kind) => filters.report.kinds.includes(kind)), REPORT_KINDS),
  });
}
