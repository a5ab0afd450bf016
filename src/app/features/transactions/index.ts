/** What other features use of the transactions feature. */
export { EXPLORER_NAMES, explorerTxUrl } from './explorer-links';
