import { hexToString, isHex, verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { signMessage } from '../../src/app/features/auth/wallet/sign-message';
import { injectedProvider, isEip1193Provider } from '../../src/app/features/auth/wallet/injected-provider';
import { isApiPath, isCacheableImage, isOfflineImage, isSkipWaitingMessage, TOKEN_LOGO_PREFIX } from '../../sw/routes';
import { marketEndpoints } from '../../src/shared/contract/market';

// A fixed test key (never funded anywhere): the second default anvil account.
const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

const SIWE_MESSAGE = [
  'localhost:8001 wants you to sign in with your Ethereum account:',
  account.address,
  '',
  'Sign in to Ledgerloop.',
  '',
  'URI: http://localhost:8001',
  'Version: 1',
  'Chain ID: 1',
  'Nonce: a1b2c3d4e5f6g7h8',
  'Issued At: 2025-01-01T00:00:00.000Z',
].join('\n');

/** What a wallet does with personal_sign: EIP-191 over the raw bytes of the hex message. */
function testWallet(calls: { method: string; params?: unknown[] }[]) {
  return {
    request: async (args: { method: string; params?: unknown[] }) => {
      calls.push(args);
      if (args.method !== 'personal_sign') throw Object.assign(new Error('Unsupported'), { code: 4200 });
      const [data, address] = args.params as [`0x${string}`, string];
      if (address.toLowerCase() !== account.address.toLowerCase()) throw new Error('Unknown account');
      return account.signMessage({ message: { raw: data } });
    },
  };
}

describe('signMessage', () => {
  it('sends personal_sign with the UTF-8 message as hex and the address, and the signature verifies', async () => {
    const calls: { method: string; params?: unknown[] }[] = [];
    const signature = await signMessage(testWallet(calls), account.address, SIWE_MESSAGE);
    expect(calls).toHaveLength(1);
    const [data, address] = calls[0]?.params as [string, string];
    expect(calls[0]?.method).toBe('personal_sign');
    expect(isHex(data)).toBe(true);
    expect(hexToString(data as `0x${string}`)).toBe(SIWE_MESSAGE);
    expect(address).toBe(account.address);
    expect(await verifyMessage({ address: account.address, message: SIWE_MESSAGE, signature })).toBe(true);
  });

  it('refuses an answer that is not a hex signature', async () => {
    await expect(signMessage({ request: async () => null }, account.address, 'x')).rejects.toThrow('no signature');
    await expect(signMessage({ request: async () => 'signed!' }, account.address, 'x')).rejects.toThrow('no signature');
  });

  it('passes wallet errors on unchanged', async () => {
    const rejection = { code: 4001, message: 'User rejected the request.' };
    await expect(signMessage({ request: () => Promise.reject(rejection) }, account.address, 'x')).rejects.toBe(rejection);
  });
});

describe('injected provider detection', () => {
  it('finds an EIP-1193 object on window.ethereum only', () => {
    const provider = { request: async () => null, isMetaMask: true };
    expect(injectedProvider({ ethereum: provider })).toBe(provider);
    expect(injectedProvider({})).toBeNull();
    expect(injectedProvider({ ethereum: { isMetaMask: true } })).toBeNull();
    expect(injectedProvider(undefined)).toBeNull();
    expect(isEip1193Provider(null)).toBe(false);
  });
});

describe('service worker routes', () => {
  it('never handles API paths', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/user')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/overview')).toBe(false);
  });

  it('caches images over http(s), same-origin or not', () => {
    expect(isCacheableImage('image', new URL('https://assets.coingecko.com/coins/images/1/small/bitcoin.png'))).toBe(true);
    expect(isCacheableImage('image', new URL('http://localhost:8001/icons/eth.png'))).toBe(true);
    expect(isCacheableImage('script', new URL('https://example.com/a.js'))).toBe(false);
    expect(isCacheableImage('image', new URL('data:image/png;base64,AAAA'))).toBe(false);
  });

  it("keeps images offline, the API's token logos included, and nothing else of the API", () => {
    expect(`${TOKEN_LOGO_PREFIX}:key`).toBe(marketEndpoints.tokenLogo.path);
    expect(isOfflineImage('image', new URL('http://localhost:8001/api/token-logos/0123456789abcdef0123456789abcdef'))).toBe(true);
    expect(isOfflineImage('image', new URL('https://assets.coingecko.com/coins/images/1/small/bitcoin.png'))).toBe(true);
    expect(isOfflineImage('image', new URL('http://localhost:8001/api/invoices/1/attachments/0'))).toBe(false);
    expect(isOfflineImage('fetch', new URL('http://localhost:8001/api/token-logos/0123456789abcdef0123456789abcdef'))).toBe(false);
  });

  it('recognises the skip-waiting message of workbox-window', () => {
    expect(isSkipWaitingMessage({ type: 'SKIP_WAITING' })).toBe(true);
    expect(isSkipWaitingMessage({ type: 'OTHER' })).toBe(false);
    expect(isSkipWaitingMessage('SKIP_WAITING')).toBe(false);
    expect(isSkipWaitingMessage(null)).toBe(false);
  });
});
