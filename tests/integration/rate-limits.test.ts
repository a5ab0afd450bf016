import { describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api-paths';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { newAccount } from './helpers/sign-in';

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
      () => client.post(API.loginWithAddress, { address: newAccount().address }),
      () => client.post(API.loginWithWallet, { address: newAccount().address }),
      () => client.post(API.loginWithWalletResponse, { address: newAccount().address, signature: '0x00' }),
      () => client.post(API.loginWithGoogle, { access_token: 'token' }),
      () => client.post(API.loginDemo, { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }),
    ];
    for (const attempt of attempts) expect((await attempt()).status).not.toBe(429);
    suite.clock.advance(60_000);
    const refused = await client.post(API.loginWithAddress, { address: newAccount().address });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(14 * 60));
    expect(await refused.json()).toEqual({ detail: `Too many attempts. Try again in ${String(14 * 60)} seconds.` });

    // Another client IP (the address the proxy appended is what counts) is not affected.
    const other = suite.client(app, { 'X-Forwarded-For': '203.0.113.9, 198.51.100.8' });
    expect((await other.post(API.loginWithAddress, { address: newAccount().address })).status).toBe(200);

    // Another process sharing the database sees the same count.
    const sameIp = suite.client(limitedApp(), { 'X-Forwarded-For': '198.51.100.7' });
    expect((await sameIp.post(API.loginWithAddress, { address: newAccount().address })).status).toBe(429);

    // The next window starts afresh.
    startOfNextWindow();
    expect((await client.post(API.loginWithAddress, { address: newAccount().address })).status).toBe(200);
  });

  it('limits attempts per address whatever the IP', async () => {
    startOfNextWindow();
    const app = limitedApp();
    const address = newAccount().address;
    for (let i = 0; i < 3; i += 1) {
      const client = suite.client(app, { 'X-Forwarded-For': `192.0.2.${String(i + 1)}` });
      const response = await client.post(i % 2 === 0 ? API.loginWithWallet : API.loginWithAddress, {
        address: i === 1 ? address.toLowerCase() : address,
      });
      expect(response.status).toBe(200);
    }
    const refused = await suite
      .client(app, { 'X-Forwarded-For': '192.0.2.99' })
      .post(API.loginWithWallet, { address });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const otherAddress = await suite
      .client(app, { 'X-Forwarded-For': '192.0.2.99' })
      .post(API.loginWithWallet, { address: newAccount().address });
    expect(otherAddress.status).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    startOfNextWindow();
    const app = suite.makeApp({ env: { LOGIN_RATE_LIMIT_PER_IP: '2' } });
    for (const ip of ['192.0.2.1', '192.0.2.2']) {
      const response = await suite
        .client(app, { 'X-Forwarded-For': ip })
        .post(API.loginWithAddress, { address: newAccount().address });
      expect(response.status).toBe(200);
    }
    const third = await suite
      .client(app, { 'X-Forwarded-For': '192.0.2.3' })
      .post(API.loginWithAddress, { address: newAccount().address });
    expect(third.status).toBe(429);
  });
});
