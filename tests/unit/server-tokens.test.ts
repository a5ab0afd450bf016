import { describe, expect, it } from 'vitest';
import { isValidCsrfToken, newCsrfToken, newSessionToken, safeEqual, sessionIdOf } from '../../src/server/auth/tokens';
import { isSessionExpired } from '../../src/server/auth/session';

const SECRET = 's'.repeat(40);

describe('session tokens', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256', () => {
    const token = newSessionToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newSessionToken()).not.toBe(token);
    expect(sessionIdOf(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionIdOf(token)).toBe(sessionIdOf(token));
    expect(sessionIdOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('expire after the idle period or at the absolute limit', () => {
    const now = new Date('2030-01-10T00:00:00Z');
    const session = (lastSeenHoursAgo: number, expiresInHours: number) => ({
      lastSeenAt: new Date(now.getTime() - lastSeenHoursAgo * 3600_000),
      expiresAt: new Date(now.getTime() + expiresInHours * 3600_000),
    });
    expect(isSessionExpired(session(1, 10), now, 2)).toBe(false);
    expect(isSessionExpired(session(2, 10), now, 2)).toBe(true);
    expect(isSessionExpired(session(0, 0), now, 2)).toBe(true);
    expect(isSessionExpired(session(0, 0.001), now, 2)).toBe(false);
  });
});

describe('CSRF tokens', () => {
  it('are valid only for the session they were issued for and the server secret', () => {
    const token = newCsrfToken(SECRET, 'session-a');
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(isValidCsrfToken(SECRET, token, 'session-a')).toBe(true);
    expect(isValidCsrfToken(SECRET, token, 'session-b')).toBe(false);
    expect(isValidCsrfToken(SECRET, token, '')).toBe(false);
    expect(isValidCsrfToken('t'.repeat(40), token, 'session-a')).toBe(false);
    const signedOut = newCsrfToken(SECRET, '');
    expect(isValidCsrfToken(SECRET, signedOut, '')).toBe(true);
    expect(isValidCsrfToken(SECRET, signedOut, 'session-a')).toBe(false);
  });

  it('refuse tampered or malformed tokens', () => {
    const token = newCsrfToken(SECRET, 'x');
    const [nonce, signature] = token.split('.') as [string, string];
    expect(isValidCsrfToken(SECRET, `${nonce}A.${signature}`, 'x')).toBe(false);
    expect(isValidCsrfToken(SECRET, `${nonce}.${signature.slice(1)}`, 'x')).toBe(false);
    for (const bad of ['', '.', 'abc', `.${signature}`, `${nonce}.`, 'x'.repeat(500)]) {
      expect(isValidCsrfToken(SECRET, bad, 'x')).toBe(false);
    }
  });

  it('compare in constant time and handle different lengths', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
