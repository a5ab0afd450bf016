/** Valibot pieces for query parameters, shared by the list routes: one value, a bounded whole number, a list. */
export { MAX_LIST_ITEMS, list, single, wholeNumber } from '../../shared/contract/primitives';
