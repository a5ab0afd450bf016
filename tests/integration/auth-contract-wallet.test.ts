import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createTestClient, createWalletClient, getAddress, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { authEndpoints } from '../../src/shared/contract/auth';
import type { User } from '../../src/shared/api-types';
import type { WalletChallenge } from '../../src/shared/contract/auth';
import { ownerWalletAbi, ownerWalletBytecode } from '../fixtures/erc1271/owner-wallet.artifact';
import { startAnvil, type Anvil } from '../setup/anvil';
import { availableDrivers } from './helpers/drivers';
import { newAccount } from './helpers/sign-in';
import { setupSuite } from './helpers/suite';
import { json } from './helpers/test-client';

const owner = newAccount();
let anvil: Anvil;
let contractWallet: `0x${string}`;

beforeAll(async () => {
  anvil = await startAnvil(foundry.id);
  const transport = http(anvil.url, { retryCount: 0 });
  // anvil's second default account deploys the wallet contract owned by `owner`.
  const deployer = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
  await createTestClient({ mode: 'anvil', chain: foundry, transport }).setBalance({
    address: deployer.address,
    value: parseEther('1'),
  });
  const hash = await createWalletClient({ account: deployer, chain: foundry, transport }).deployContract({
    abi: ownerWalletAbi,
    bytecode: ownerWalletBytecode,
    args: [owner.address],
  });
  const receipt = await createPublicClient({ chain: foundry, transport, pollingInterval: 50 }).waitForTransactionReceipt({
    hash,
    timeout: 10_000,
  });
  if (!receipt.contractAddress) throw new Error('The wallet contract was not deployed.');
  contractWallet = getAddress(receipt.contractAddress);
}, 30_000);

afterAll(async () => {
  await anvil.stop();
});

describe.each(availableDrivers())('contract wallet (EIP-1271) sign-in on %s', (kind) => {
  const suite = setupSuite(kind);
  const app = () => suite.makeApp({ env: { ETHEREUM_RPC_URL: anvil.url, SIWE_CHAIN_ID: String(foundry.id) } });

  async function attempt(appUnderTest: ReturnType<typeof app>, signer = owner) {
    const client = suite.client(appUnderTest);
    const challenge = await json<WalletChallenge>(await client.post(authEndpoints.loginWithWallet.path, { address: contractWallet }));
    expect(challenge.message).toContain(`Chain ID: ${String(foundry.id)}`);
    const signature = await signer.signMessage({ message: challenge.message });
    return client.post(authEndpoints.loginWithWalletResponse.path, { address: contractWallet, signature });
  }

  it('signs the contract wallet in when its owner signed, checked over RPC', async () => {
    const response = await attempt(app());
    expect(response.status).toBe(200);
    expect(await json<User>(response)).toMatchObject({ address: contractWallet, full_access: true, type: 'METAMASK' });
  });

  it('refuses a stranger signing for the contract wallet', async () => {
    const response = await attempt(app(), newAccount());
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ non_field_errors: ['Signature does not match the address.'] });
  });

  it('without ETHEREUM_RPC_URL only ordinary account signatures verify', async () => {
    const response = await attempt(suite.makeApp({ env: { SIWE_CHAIN_ID: String(foundry.id) } }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ non_field_errors: ['Signature does not match the address.'] });
  });
});
