/** The fiat-to-crypto feature's public entry: the registration page, the settings panel and the transfers to review. */
export { FiatKycPage } from './fiat-kyc-page';
export { FtcSettingsPanel } from './ftc-settings-panel';
export { ftcCalls, ftcKeys, ftcReviewTransfersQuery, openFtcInvoicesQuery } from './ftc-queries';
export { bankTransferText } from './ftc-review';
