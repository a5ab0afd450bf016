/**
 * What other features use of the wallet connection: web3-onboard set up once, connecting a browser wallet or
 * WalletConnect, and the browser wallet check. Import it only from code that is itself loaded lazily, so
 * web3-onboard stays out of the first bundle.
 */
export { connectWallet, disconnectWallet, getOnboard, type ConnectedWallet } from './wallet/onboard';
export { injectedProvider } from './wallet/injected-provider';
