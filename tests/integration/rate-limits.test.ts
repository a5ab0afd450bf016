import { describe, expect, it } from 'vitest';
import { authEndpoints } from '../../src/shared/contract/auth';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { newAccount, signInWithWallet } from './helpers/sign-in';

const WINDOW = 15 * 60_000;

describe.each(availableDrivers())('sign-in rate limits on %s', (kind) => {
  const suite = setupSuite(kind);
  const limitedApp = () =>
    suite.makeApp({
      env: { TRUST_PROXY: 'true', LOGIN_RATE_LIMIT_PER_IP: '5', LOGIN_RATE_LIMIT_PER_ADDRESS: '3' },
    });

  /** Moves the clock to the start of a fresh window so a test's attempts all fall into one. */
  const startOfNextWindow = () => {
    const now = suite.clock.now().getTime();
    suite.clock.set(new Date(now - (now % WINDOW) + WINDOW));
  };

  it('limits attempts per client IP across every sign-in route, with Retry-After', async () => {
    startOfNextWindow();
    const app = limitedApp();
    const client = suite.client(app, { 'X-Forwarded-For': '203.0.113.9, 198.51.100.7' });
    const attempts = [
      () => client.post(authEndpoints.loginWithAddress.path, { address: newAccount().address }),
      () => client.post(authEndpoints.loginWithWallet.path, { address: newAccount().address }),
      () => client.post(authEndpoints.loginWithWalletResponse.path, { address: newAccount().address, signature: '0x00' }),
      () => client.post(authEndpoints.loginWithGoogle.path, { access_token: 'token' }),
      () => client.post(authEndpoints.loginDemo.path, { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }),
    ];
    for (const attempt of attempts) expect((await attempt()).status).not.toBe(429);
    suite.clock.advance(60_000);
    const refused = await client.post(authEndpoints.loginWithAddress.path, { address: newAccount().address });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(14 * 60));
    expect(await refused.json()).toEqual({ detail: `Too many attempts. Try again in ${String(14 * 60)} seconds.` });

    // Another client IP (the address the proxy appended is what counts) is not affected.
    const other = suite.client(app, { 'X-Forwarded-For': '203.0.113.9, 198.51.100.8' });
    expect((await other.post(authEndpoints.loginWithAddress.path, { address: newAccount().address })).status).toBe(200);

    // Another process sharing the database sees the same count.
    const sameIp = suite.client(limitedApp(), { 'X-Forwarded-For': '198.51.100.7' });
    expect((await sameIp.post(authEndpoints.loginWithAddress.path, { address: newAccount().address })).status).toBe(429);

    // The next window starts afresh.
    startOfNextWindow();
    expect((await client.post(authEndpoints.loginWithAddress.path, { address: newAccount().address })).status).toBe(200);
  });

  it('limits address-only sign-ins per address whatever the IP', async () => {
    startOfNextWindow();
    const app = limitedApp();
    const address = newAccount().address;
    for (let i = 0; i < 3; i += 1) {
      const client = suite.client(app, { 'X-Forwarded-For': `192.0.2.${String(i + 1)}` });
      const response = await client.post(authEndpoints.loginWithAddress.path, { address: i === 1 ? address.toLowerCase() : address });
      expect(response.status).toBe(200);
    }
    const refused = await suite.client(app, { 'X-Forwarded-For': '192.0.2.99' }).post(authEndpoints.loginWithAddress.path, { address });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const otherAddress = await suite
      .client(app, { 'X-Forwarded-For': '192.0.2.99' })
      .post(authEndpoints.loginWithAddress.path, { address: newAccount().address });
    expect(otherAddress.status).toBe(200);
    // Guest sign-ins in an address's name do not touch its owner's wallet sign-in.
    const owner = newAccount();
    for (let i = 0; i < 3; i += 1) {
      await suite.client(app, { 'X-Forwarded-For': `192.0.2.${String(i + 10)}` }).post(authEndpoints.loginWithAddress.path, { address: owner.address });
    }
    await signInWithWallet(suite.client(app, { 'X-Forwarded-For': '192.0.2.50' }), owner);
  });

  it('counts failed wallet proofs per sign-in client, so strangers cannot lock the owner out', async () => {
    startOfNextWindow();
    const app = limitedApp();
    const owner = newAccount();
    const forger = newAccount();
    // Many challenges and forged proofs in the owner's name, from many IPs and browsers: the owner still signs in.
    for (let i = 0; i < 8; i += 1) {
      const client = suite.client(app, { 'X-Forwarded-For': `198.51.100.${String(i + 1)}` });
      const response = await client.post(authEndpoints.loginWithWallet.path, { address: owner.address });
      expect(response.status).toBe(200);
      const forged = await client.post(authEndpoints.loginWithWalletResponse.path, {
        address: owner.address,
        signature: await forger.signMessage({ message: 'not the challenge' }),
      });
      expect(forged.status).toBe(400);
    }
    await signInWithWallet(suite.client(app, { 'X-Forwarded-For': '198.51.100.40' }), owner);

    // One browser's failed proofs count against it, whatever IP it comes from: after 3, even a right one waits.
    const cookies = new Map<string, string>();
    const browserAt = (ip: string) => {
      const client = suite.client(app, { 'X-Forwarded-For': ip });
      for (const [name, value] of cookies) client.cookies.set(name, value);
      return client;
    };
    for (let i = 0; i < 3; i += 1) {
      const browser = browserAt(`198.51.100.${String(i + 60)}`);
      await browser.post(authEndpoints.loginWithWallet.path, { address: owner.address });
      for (const [name, value] of browser.cookies) cookies.set(name, value);
      const forged = await browser.post(authEndpoints.loginWithWalletResponse.path, {
        address: owner.address,
        signature: await forger.signMessage({ message: 'not the challenge' }),
      });
      expect(forged.status).toBe(400);
    }
    const moved = browserAt('198.51.100.70');
    const challenge = await moved.post(authEndpoints.loginWithWallet.path, { address: owner.address });
    expect(challenge.status).toBe(200);
    const { message } = (await challenge.json()) as { message: string };
    const refused = await moved.post(authEndpoints.loginWithWalletResponse.path, {
      address: owner.address,
      signature: await owner.signMessage({ message }),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner in another browser is not affected, and the next window starts afresh.
    await signInWithWallet(suite.client(app, { 'X-Forwarded-For': '198.51.100.91' }), owner);
    startOfNextWindow();
    const retry = await moved.post(authEndpoints.loginWithWallet.path, { address: owner.address });
    const { message: next } = (await retry.json()) as { message: string };
    const accepted = await moved.post(authEndpoints.loginWithWalletResponse.path, {
      address: owner.address,
      signature: await owner.signMessage({ message: next }),
    });
    expect(accepted.status).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    startOfNextWindow();
    const app = suite.makeApp({ env: { LOGIN_RATE_LIMIT_PER_IP: '2' } });
    for (const ip of ['192.0.2.1', '192.0.2.2']) {
      const response = await suite
        .client(app, { 'X-Forwarded-For': ip })
        .post(authEndpoints.loginWithAddress.path, { address: newAccount().address });
      expect(response.status).toBe(200);
    }
    const third = await suite
      .client(app, { 'X-Forwarded-For': '192.0.2.3' })
      .post(authEndpoints.loginWithAddress.path, { address: newAccount().address });
    expect(third.status).toBe(429);
  });
});
