import { expect } from 'vitest';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { authEndpoints } from '../../../src/shared/contract/auth';
import type { User } from '../../../src/shared/api-types';
import type { PublicConfig, WalletChallenge } from '../../../src/shared/contract/auth';
import { json, type TestClient } from './test-client';

export const newAccount = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

/** Full wallet sign-in (challenge, signature, response); returns the signed-in user. */
export async function signInWithWallet(client: TestClient, account: PrivateKeyAccount = newAccount()): Promise<User> {
  const challengeResponse = await client.post(authEndpoints.loginWithWallet.path, { address: account.address });
  expect(challengeResponse.status).toBe(200);
  const { message } = await json<WalletChallenge>(challengeResponse);
  const signature = await account.signMessage({ message });
  const response = await client.post(authEndpoints.loginWithWalletResponse.path, { address: account.address, signature });
  expect(response.status).toBe(200);
  return json<User>(response);
}

/** Address-only (guest) sign-in with a fresh random EVM address. */
export async function signInWithAddress(client: TestClient, address: string = newAccount().address): Promise<User> {
  const response = await client.post(authEndpoints.loginWithAddress.path, { address });
  expect(response.status).toBe(200);
  return json<User>(response);
}

/** Demo sign-in with the first (or given) demo wallet. */
export async function signInWithDemo(client: TestClient, index = 0): Promise<User> {
  const config = await json<PublicConfig>(await client.get(authEndpoints.publicConfig.path));
  const demo = config.demo_wallets[index];
  if (demo === undefined) throw new Error('No demo wallet');
  const response = await client.post(authEndpoints.loginDemo.path, { address: demo.address });
  expect(response.status).toBe(200);
  return json<User>(response);
}
