/**
 * Sign-in with a wallet (docs/sign-in.md): connect through web3-onboard, ask the server for an EIP-4361
 * message, have the wallet sign it (personal_sign) and send the signature back. Loaded with import() only when a
 * wallet button is pressed.
 */
import type { OnboardAPI } from '@web3-onboard/core';
import type { User } from '../../../../shared/api-types';
import { authEndpoints } from '../../../../shared/contract/auth';
import type { WalletLoginKind } from '../../../../shared/enums';
import { api } from '../../../lib/api-client';
import { onSignOut } from '../../../lib/session';
import { signOut } from '../../../lib/sign-out';
import { connectWallet, disconnectWallet, getOnboard, type ConnectedWallet } from './onboard';
import { signMessage } from './sign-message';

export type WalletSignInResult = { status: 'signed-in'; user: User } | { status: 'no-account' };

/**
 * Ties the wallet to the session: signing out disconnects it, and a WalletConnect session ended from the phone
 * (the wallet reports no accounts or disconnects) signs out.
 */
function bindWalletToSession(onboard: OnboardAPI, wallet: ConnectedWallet, kind: WalletLoginKind): void {
  let ended = false;
  const provider = wallet.provider;
  const onAccountsChanged = (accounts: string[]) => {
    if (accounts.length === 0) endFromWallet();
  };
  const onDisconnect = () => endFromWallet();

  const detach = () => {
    if (kind !== 'WALLET_CONNECT') return;
    provider.removeListener('accountsChanged', onAccountsChanged);
    provider.removeListener('disconnect', onDisconnect);
  };

  const unregister = onSignOut(async () => {
    if (ended) return;
    ended = true;
    unregister();
    detach();
    await disconnectWallet(onboard, wallet.label);
  });

  function endFromWallet(): void {
    if (ended) return;
    void signOut();
  }

  if (kind === 'WALLET_CONNECT') {
    provider.on('accountsChanged', onAccountsChanged);
    provider.on('disconnect', onDisconnect);
  }
}

/**
 * Runs the whole wallet sign-in. Resolves `no-account` when the wallet shared no address (closed, rejected);
 * rejects with the API's or the wallet's error otherwise.
 */
export async function signInWithWallet(kind: WalletLoginKind, walletConnectProjectId: string | null): Promise<WalletSignInResult> {
  const onboard = getOnboard(walletConnectProjectId);
  const wallet = await connectWallet(onboard, kind);
  if (!wallet) return { status: 'no-account' };
  try {
    const challenge = await api.call(authEndpoints.loginWithWallet, {
      body: { address: wallet.address, kind },
      silent401: true,
    });
    const signature = await signMessage(wallet.provider, wallet.address, challenge.message);
    const user = await api.call(authEndpoints.loginWithWalletResponse, {
      body: { address: wallet.address, signature },
      silent401: true,
    });
    bindWalletToSession(onboard, wallet, kind);
    return { status: 'signed-in', user };
  } catch (error) {
    await disconnectWallet(onboard, wallet.label);
    throw error;
  }
}
