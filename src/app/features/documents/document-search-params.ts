/**
 * The documents lists' URL parameters (docs/documents.md "Filters"), read by the route before the page loads: only
 * light modules, so the route table adds nothing of the signed-in screens to a signed-out page.
 */
import { FIAT_CURRENCIES, type FiatCurrency } from '../../../shared/fiat-currencies';
import { INVOICE_STATES } from '../../../shared/invoice-states';
import { choicesParam, dayRangeParams, definedParams, listParam, listValue, oneOfParam, textParam } from '../../lib/search-params';
import { INVOICE_ORDERINGS, REPORT_KINDS, type InvoiceOrdering } from './document-orderings';

export interface DocumentSearch {
  /** The list shown: the report list, or (left out) the invoice list. */
  tab?: 'report';
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
export function someOf(items: readonly string[], known: readonly string[]): string | undefined {
  return items.length > 0 && items.length < known.length ? listValue(items) : undefined;
}

/** The route's validateSearch: keeps the valid parameters, drops the rest. */
export function parseDocumentSearch(raw: Record<string, unknown>): DocumentSearch {
  const range = dayRangeParams(raw.start_date, raw.end_date);
  return definedParams<DocumentSearch>({
    tab: raw.tab === 'report' ? 'report' : undefined,
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
