/**
 * The documents lists' filters and sort in the URL (docs/documents.md "Filters"):
 * /documents?search=…&start_date=…&end_date=…&states=DUE,PAID&currency=EUR&labels=…&ordering=-total_amount&kinds=….
 * Defaults are left out (all states, all report kinds, newest first); invalid values are dropped. A page opened
 * without any of them shows the last choice (document-shown-filters.ts). Read by the route before the page loads,
 * so it imports nothing heavy.
 */
import { FIAT_CURRENCIES, INVOICE_STATES, type DocumentKind, type FiatCurrency, type InvoiceState } from '../../../shared/enums';
import { choicesParam, dayRangeParams, definedParams, listParam, listValue, oneOfParam, textParam } from '../../lib/search-params';
import {
  defaultDocumentFilters,
  INVOICE_ORDERINGS,
  REPORT_KINDS,
  type DocumentFilters,
  type InvoiceOrdering,
} from './document-filters';

export interface DocumentSearch {
  search?: string;
  start_date?: string;
  end_date?: string;
  /** Checked invoice states, comma-separated (left out when all are). */
  states?: string;
  currency?: FiatCurrency;
  /** Bill-to contact label ids, comma-separated. */
  labels?: string;
  ordering?: InvoiceOrdering;
  /** Checked report kinds, comma-separated (left out when all are). */
  kinds?: string;
}

/** Some but not all of `known`, comma-separated; undefined for none or all. */
function someOf(items: readonly string[], known: readonly string[]): string | undefined {
  return items.length > 0 && items.length < known.length ? listValue(items) : undefined;
}

/** The route's validateSearch: keeps the valid parameters, drops the rest. */
export function parseDocumentSearch(raw: Record<string, unknown>): DocumentSearch {
  const range = dayRangeParams(raw.start_date, raw.end_date);
  return definedParams<DocumentSearch>({
    search: textParam(raw.search),
    start_date: range?.start_date,
    end_date: range?.end_date,
    states: someOf(choicesParam(raw.states, INVOICE_STATES), INVOICE_STATES),
    currency: oneOfParam(raw.currency, FIAT_CURRENCIES),
    labels: listValue(listParam(raw.labels)),
    ordering: oneOfParam(raw.ordering, INVOICE_ORDERINGS),
    kinds: someOf(choicesParam(raw.kinds, REPORT_KINDS), REPORT_KINDS),
  });
}

/** The filters a URL names, or null when it names none (then the remembered ones apply). */
export function documentFiltersFromSearch(search: DocumentSearch): DocumentFilters | null {
  const { search: _text, ...named } = search;
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
