import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createTestClient, createWalletClient, hashMessage, http, parseEther, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { createSiweMessage } from 'viem/siwe';
import {
  SIWE_REASONS,
  buildSignInMessage,
  generateNonce,
  verifySignInMessage,
  type SignInExpectation,
} from '../../src/server/auth/siwe';
import { ownerWalletAbi, ownerWalletBytecode } from '../fixtures/erc1271/owner-wallet.artifact';
import { startAnvil, type Anvil } from '../setup/anvil';

const signer = privateKeyToAccount('0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318');
const stranger = privateKeyToAccount('0x8da4ef21b864d2cc526dbdb2a120bd2874c36c9d0a1fb7f8c63d7f7a8b41de8f');

const NOW = new Date('2025-03-01T12:00:00.000Z');
const NONCE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const DOMAIN = 'app.ledgerloop.example';
const URI = 'https://app.ledgerloop.example/auth';

function messageFor(address: `0x${string}`, chainId = 1): string {
  return buildSignInMessage({
    address,
    domain: DOMAIN,
    uri: URI,
    chainId,
    nonce: NONCE,
    issuedAt: NOW,
    expirationTime: new Date(NOW.getTime() + 10 * 60_000),
    statement: 'Sign in to Ledgerloop.',
  });
}

function expectation(address: `0x${string}`, overrides: Partial<SignInExpectation> = {}): SignInExpectation {
  return { address, domain: DOMAIN, uri: URI, chainId: 1, nonce: NONCE, now: NOW, ...overrides };
}

describe('generateNonce', () => {
  it('gives fresh 32-character alphanumeric nonces that EIP-4361 accepts', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => generateNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    }
    const [nonce] = nonces;
    expect(() => buildSignInMessage({ ...baseParams(), nonce: nonce ?? '' })).not.toThrow();
  });
});

function baseParams() {
  return {
    address: signer.address,
    domain: DOMAIN,
    uri: URI,
    chainId: 1,
    nonce: NONCE,
    issuedAt: NOW,
    expirationTime: new Date(NOW.getTime() + 60_000),
    statement: 'Sign in to Ledgerloop.',
  };
}

describe('buildSignInMessage', () => {
  it('writes an EIP-4361 message with the checksummed address and all fields', () => {
    const message = buildSignInMessage({ ...baseParams(), address: signer.address.toLowerCase() as `0x${string}` });
    expect(message).toBe(
      [
        `${DOMAIN} wants you to sign in with your Ethereum account:`,
        signer.address,
        '',
        'Sign in to Ledgerloop.',
        '',
        `URI: ${URI}`,
        'Version: 1',
        'Chain ID: 1',
        `Nonce: ${NONCE}`,
        'Issued At: 2025-03-01T12:00:00.000Z',
        'Expiration Time: 2025-03-01T12:01:00.000Z',
      ].join('\n'),
    );
  });

  it('refuses fields EIP-4361 does not allow', () => {
    expect(() => buildSignInMessage({ ...baseParams(), nonce: 'short' })).toThrow();
    expect(() => buildSignInMessage({ ...baseParams(), statement: 'two\nlines' })).toThrow();
    expect(() => buildSignInMessage({ ...baseParams(), domain: 'not a domain' })).toThrow();
  });
});

describe('verifySignInMessage (externally owned accounts)', () => {
  it('accepts the signer’s signature', async () => {
    const message = messageFor(signer.address);
    const signature = await signer.signMessage({ message });
    await expect(verifySignInMessage({ message, signature, expected: expectation(signer.address) })).resolves.toEqual({
      ok: true,
    });
  });

  it('compares the address whatever its letter case', async () => {
    const message = messageFor(signer.address);
    const signature = await signer.signMessage({ message });
    const lower = signer.address.toLowerCase() as `0x${string}`;
    await expect(verifySignInMessage({ message, signature, expected: expectation(lower) })).resolves.toEqual({ ok: true });
  });

  it('refuses a signature by another key', async () => {
    const message = messageFor(signer.address);
    const signature = await stranger.signMessage({ message });
    await expect(verifySignInMessage({ message, signature, expected: expectation(signer.address) })).resolves.toEqual({
      ok: false,
      reason: SIWE_REASONS.badSignature,
    });
  });

  it.each([
    ['a foreign domain', { domain: 'evil.example' }, SIWE_REASONS.domain],
    ['another uri', { uri: 'https://app.ledgerloop.example/other' }, SIWE_REASONS.uri],
    ['another chain', { chainId: 137 }, SIWE_REASONS.chain],
    ['another nonce', { nonce: 'ffffffffffffffffffffffffffffffff' }, SIWE_REASONS.nonce],
    ['another address', { address: stranger.address }, SIWE_REASONS.address],
    ['an expired request', { now: new Date(NOW.getTime() + 10 * 60_000) }, SIWE_REASONS.expired],
    ['a request long expired', { now: new Date(NOW.getTime() + 24 * 3600_000) }, SIWE_REASONS.expired],
  ] as const)('refuses %s', async (_name, overrides, reason) => {
    const message = messageFor(signer.address);
    const signature = await signer.signMessage({ message });
    await expect(
      verifySignInMessage({ message, signature, expected: expectation(signer.address, overrides) }),
    ).resolves.toEqual({ ok: false, reason });
  });

  it('accepts a request one millisecond before it expires', async () => {
    const message = messageFor(signer.address);
    const signature = await signer.signMessage({ message });
    const now = new Date(NOW.getTime() + 10 * 60_000 - 1);
    await expect(
      verifySignInMessage({ message, signature, expected: expectation(signer.address, { now }) }),
    ).resolves.toEqual({ ok: true });
  });

  it('refuses a request before its not-before time', async () => {
    const message = createSiweMessage({
      ...baseParams(),
      notBefore: new Date(NOW.getTime() + 30_000),
      version: '1',
    });
    const signature = await signer.signMessage({ message });
    await expect(verifySignInMessage({ message, signature, expected: expectation(signer.address) })).resolves.toEqual({
      ok: false,
      reason: SIWE_REASONS.notYetValid,
    });
    const later = expectation(signer.address, { now: new Date(NOW.getTime() + 30_000) });
    await expect(verifySignInMessage({ message, signature, expected: later })).resolves.toEqual({ ok: true });
  });

  it('refuses a message without an expiration time, of another version, or not EIP-4361 at all', async () => {
    const noExpiry = createSiweMessage({ ...baseParams(), expirationTime: undefined, version: '1' });
    const otherVersion = messageFor(signer.address).replace('Version: 1', 'Version: 2');
    for (const message of [noExpiry, otherVersion, 'Sign in please', '']) {
      const signature = await signer.signMessage({ message: message || ' ' });
      await expect(verifySignInMessage({ message, signature, expected: expectation(signer.address) })).resolves.toEqual({
        ok: false,
        reason: SIWE_REASONS.malformed,
      });
    }
  });

  it('refuses a message changed after signing', async () => {
    const message = messageFor(signer.address);
    const signature = await signer.signMessage({ message });
    const tampered = [
      message.replace('Sign in to Ledgerloop.', 'Sign in to Ledgerloop and transfer everything.'),
      message.replace('Expiration Time: 2025-03-01T12:10:00.000Z', 'Expiration Time: 2026-03-01T12:10:00.000Z'),
      `${message}\nResources:\n- https://evil.example/`,
    ];
    for (const altered of tampered) {
      expect(altered).not.toBe(message);
      await expect(
        verifySignInMessage({ message: altered, signature, expected: expectation(signer.address) }),
      ).resolves.toEqual({ ok: false, reason: SIWE_REASONS.badSignature });
    }
  });

  it('returns a refusal, never throws, for malformed signatures', async () => {
    const message = messageFor(signer.address);
    const good = await signer.signMessage({ message });
    const malformed = [
      '0x',
      '0x1234',
      'not a signature',
      `0x${'00'.repeat(65)}`,
      `0x${'ff'.repeat(65)}`,
      `${good}00`,
      good.slice(0, -2),
      `${good.slice(0, -2)}1f`,
      good.replace('0x', '0X'),
      `0x${'zz'.repeat(65)}`,
    ];
    for (const signature of malformed) {
      const result = await verifySignInMessage({
        message,
        signature: signature as `0x${string}`,
        expected: expectation(signer.address),
      });
      expect(result, signature).toEqual({ ok: false, reason: SIWE_REASONS.badSignature });
    }
  });

  it('says so when the chain cannot be reached to check a contract wallet', async () => {
    const message = messageFor(stranger.address);
    const signature = await signer.signMessage({ message });
    // Nothing listens on port 9 of the loopback interface: the connection is refused at once.
    const client = createPublicClient({ transport: http('http://127.0.0.1:9', { retryCount: 0 }) });
    await expect(
      verifySignInMessage({ message, signature, expected: expectation(stranger.address), client }),
    ).resolves.toEqual({ ok: false, reason: SIWE_REASONS.unverifiable });
  });
});

describe('verifySignInMessage (EIP-1271 contract wallet on a local chain)', () => {
  let anvil: Anvil | undefined;
  let client: PublicClient;
  let wallet: `0x${string}`;

  beforeAll(async () => {
    anvil = await startAnvil(foundry.id);
    const transport = http(anvil.url, { retryCount: 0 });
    client = createPublicClient({ chain: foundry, transport, pollingInterval: 50 });
    const deployer = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
    await createTestClient({ mode: 'anvil', chain: foundry, transport }).setBalance({
      address: deployer.address,
      value: parseEther('1'),
    });
    const deployerClient = createWalletClient({ account: deployer, chain: foundry, transport });
    const hash = await deployerClient.deployContract({
      abi: ownerWalletAbi,
      bytecode: ownerWalletBytecode,
      args: [signer.address],
    });
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 5_000 });
    if (!receipt.contractAddress) throw new Error('The wallet contract was not deployed.');
    wallet = receipt.contractAddress;
  }, 20_000);

  afterAll(async () => {
    await anvil?.stop();
  });

  it('the contract answers the ERC-1271 magic value for its owner only', async () => {
    const message = messageFor(wallet, foundry.id);
    const hash = hashMessage(message);
    const owners = await signer.signMessage({ message });
    const strangers = await stranger.signMessage({ message });
    const read = (signature: `0x${string}`) =>
      client.readContract({ address: wallet, abi: ownerWalletAbi, functionName: 'isValidSignature', args: [hash, signature] });
    await expect(read(owners)).resolves.toBe('0x1626ba7e');
    await expect(read(strangers)).resolves.toBe('0xffffffff');
  });

  it('accepts the owner’s signature for the contract’s address through the client', async () => {
    const message = messageFor(wallet, foundry.id);
    const signature = await signer.signMessage({ message });
    const expected = expectation(wallet, { chainId: foundry.id });
    await expect(verifySignInMessage({ message, signature, expected, client })).resolves.toEqual({ ok: true });
    // Without a client the signature is not the contract address's own.
    await expect(verifySignInMessage({ message, signature, expected })).resolves.toEqual({
      ok: false,
      reason: SIWE_REASONS.badSignature,
    });
  });

  it('refuses a stranger’s signature for the contract’s address', async () => {
    const message = messageFor(wallet, foundry.id);
    const signature = await stranger.signMessage({ message });
    const expected = expectation(wallet, { chainId: foundry.id });
    await expect(verifySignInMessage({ message, signature, expected, client })).resolves.toEqual({
      ok: false,
      reason: SIWE_REASONS.badSignature,
    });
  });

  it('refuses a stranger’s signature for an address without code, through the client too', async () => {
    const message = messageFor(signer.address, foundry.id);
    const signature = await stranger.signMessage({ message });
    const expected = expectation(signer.address, { chainId: foundry.id });
    await expect(verifySignInMessage({ message, signature, expected, client })).resolves.toEqual({
      ok: false,
      reason: SIWE_REASONS.badSignature,
    });
  });

  it('refuses malformed signatures through the client without throwing', async () => {
    const message = messageFor(wallet, foundry.id);
    const expected = expectation(wallet, { chainId: foundry.id });
    for (const signature of ['0x1234', '0x123', `0x${'00'.repeat(65)}`, `0x${'ab'.repeat(400)}`] as const) {
      const result = await verifySignInMessage({ message, signature, expected, client });
      expect(result.ok, signature).toBe(false);
    }
  });
});
