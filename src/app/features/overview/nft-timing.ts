/** Timing of the NFT preview details (docs/overview.md). */

/** Hovering a preview shows its details after about a second. */
export const NFT_DETAILS_DELAY_MS = 1000;
/** The details popover stays this long after the pointer leaves, so it can be reached and read. */
export const NFT_POPOVER_DELAY_MS = 2000;
/** NFT prices can take this long to load after a wallet is added (docs/overview.md: up to 10 minutes). */
export const NFT_PRICE_LOADING_TEXT = 'NFT prices are loading. This can take up to 10 minutes.';
