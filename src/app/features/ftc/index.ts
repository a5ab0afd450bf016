/** The fiat-to-crypto feature's public entry: the registration page and the settings panel. */
export { FiatKycPage } from './fiat-kyc-page';
export { FtcSettingsPanel } from './ftc-settings-panel';
