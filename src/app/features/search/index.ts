/** What other features use of the global search. */
export { GlobalSearch } from './global-search';
