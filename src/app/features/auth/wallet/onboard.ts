/**
 * web3-onboard, set up once and only when a wallet is used: this module is reached through dynamic import() so
 * none of web3-onboard is in the first bundle.
 *
 * Nothing here talks to third parties until the user picks WalletConnect:
 * - no account center (it would show balances), no notifications, no web font download;
 * - chains carry no rpcUrl, so reads go through the wallet's own provider;
 * - Ethereum mainnet is deliberately not in the chain list: for a wallet on an ENS chain web3-onboard resolves
 *   the account's ENS name through a public mainnet RPC whenever mainnet is listed. Sign-in does not depend on
 *   the wallet's chain, and chain switching for payments goes straight through the wallet's EIP-1193 provider
 *   (wallet_switchEthereumChain / wallet_addEthereumChain, docs/sign-in.md).
 */
import type { EIP1193Provider, OnboardAPI } from '@web3-onboard/core';
import injectedModule from '@web3-onboard/injected-wallets';
import { init } from '@web3-onboard/react';
import walletConnectModule from '@web3-onboard/walletconnect';
import { CHAIN_IDS, type WalletLoginKind } from '../../../../shared/enums';
import { getTheme } from '../../../lib/theme';
import { injectedProvider, isEip1193Provider } from './injected-provider';

/** web3-onboard's label of the browser wallet (window.ethereum, whatever product injected it). */
export const BROWSER_WALLET_LABEL = 'Browser Wallet';
export const WALLET_CONNECT_LABEL = 'WalletConnect';

export function walletLabel(kind: WalletLoginKind): string {
  return kind === 'METAMASK' ? BROWSER_WALLET_LABEL : WALLET_CONNECT_LABEL;
}

const toHexChainId = (id: number) => `0x${id.toString(16)}`;

/** The chains web3-onboard knows (see the module comment for why Ethereum mainnet is absent). */
const ONBOARD_CHAINS = [
  { id: toHexChainId(CHAIN_IDS.POLYGON), label: 'Polygon', token: 'POL' },
  { id: toHexChainId(CHAIN_IDS.BINANCE_SMART_CHAIN), label: 'BNB Smart Chain', token: 'BNB' },
  { id: toHexChainId(CHAIN_IDS.FANTOM), label: 'Fantom', token: 'FTM' },
];

/** Chains a WalletConnect session may use (docs/sign-in.md: Ethereum, Polygon, Fantom, BSC); none is required. */
const WALLET_CONNECT_CHAINS = [CHAIN_IDS.ETHEREUM, CHAIN_IDS.POLYGON, CHAIN_IDS.FANTOM, CHAIN_IDS.BINANCE_SMART_CHAIN];

type InjectedOptions = NonNullable<Parameters<typeof injectedModule>[0]>;
type InjectedWalletModule = NonNullable<InjectedOptions['custom']>[number];

const BROWSER_WALLET_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect x="2" y="5" width="20" height="15" rx="3" fill="#3347d1"/><path d="M15 11h7v5h-7a2.5 2.5 0 0 1 0-5z" fill="#9fe0c0"/><circle cx="16" cy="13.5" r="1.2" fill="#3347d1"/></svg>';

/** The browser wallet as one module, so sign-in never has to ask which injected product is present. */
function browserWalletModule(): InjectedWalletModule {
  return {
    label: BROWSER_WALLET_LABEL,
    platforms: ['all'],
    // window.ethereum; the package's enum for it (InjectedNameSpace.Ethereum) is not exported.
    injectedNamespace: 'ethereum' as InjectedWalletModule['injectedNamespace'],
    getIcon: () => Promise.resolve(BROWSER_WALLET_ICON),
    checkProviderIdentity: ({ provider }) => isEip1193Provider(provider),
    getInterface: () => {
      const current = injectedProvider();
      if (!current) return Promise.reject(new Error('No browser wallet found.'));
      // Structurally the same EIP-1193 interface; web3-onboard's type spells out every method overload.
      return Promise.resolve({ provider: current as unknown as EIP1193Provider });
    },
  };
}

let onboard: { api: OnboardAPI; walletConnectProjectId: string | null } | null = null;

/**
 * The app's web3-onboard instance. WalletConnect is offered when the server has a project id; a later call with
 * another project id sets web3-onboard up again.
 */
export function getOnboard(walletConnectProjectId: string | null): OnboardAPI {
  if (onboard && onboard.walletConnectProjectId === walletConnectProjectId) return onboard.api;
  const origin = window.location.origin;
  const wallets = [injectedModule({ custom: [browserWalletModule()] })];
  if (walletConnectProjectId) {
    wallets.push(
      walletConnectModule({
        projectId: walletConnectProjectId,
        dappUrl: origin,
        requiredChains: [],
        optionalChains: WALLET_CONNECT_CHAINS,
        qrModalOptions: { themeMode: getTheme() },
      }),
    );
  }
  const api = init({
    wallets,
    chains: ONBOARD_CHAINS,
    appMetadata: {
      name: 'Ledgerloop',
      description: 'Crypto accounting and invoicing',
      icon: `${origin}/icons/icon-192.png`,
      explore: origin,
    },
    accountCenter: {
      desktop: { enabled: false },
      mobile: { enabled: false },
    },
    connect: { autoConnectLastWallet: false, autoConnectAllPreviousWallet: false, showSidebar: false },
    disableFontDownload: true,
    theme: getTheme() === 'dark' ? 'dark' : 'light',
  });
  onboard = { api, walletConnectProjectId };
  return api;
}

export interface ConnectedWallet {
  label: string;
  address: string;
  provider: EIP1193Provider;
}

/** Connects the chosen wallet without web3-onboard's own modals; null when no account was shared. */
export async function connectWallet(api: OnboardAPI, kind: WalletLoginKind): Promise<ConnectedWallet | null> {
  const label = walletLabel(kind);
  const wallets = await api.connectWallet({ autoSelect: { label, disableModals: true } });
  const wallet = wallets.find((item) => item.label === label);
  const address = wallet?.accounts[0]?.address;
  if (!wallet || !address) return null;
  return { label, address, provider: wallet.provider };
}

/** Forgets the wallet in web3-onboard (and ends a WalletConnect session). Never throws. */
export async function disconnectWallet(api: OnboardAPI, label: string): Promise<void> {
  if (!api.state.get().wallets.some((wallet) => wallet.label === label)) return;
  try {
    await api.disconnectWallet({ label });
  } catch (error) {
    console.error('Disconnecting the wallet failed', error);
  }
}
