import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new opaque session token: 32 random bytes, base64url. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

/** sessions.id for a token: SHA-256, hex. The database never sees the token itself. */
export const sessionIdOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Constant-time string comparison. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const csrfSignature = (secret: string, nonce: string, sessionId: string): string =>
  createHmac('sha256', secret).update(`${nonce}:${sessionId}`).digest('base64url');

/** `<nonce>.<HMAC-SHA256(secret, nonce + ':' + sessionId)>`, bound to one session ('' when signed out). */
export function newCsrfToken(secret: string, sessionId: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${csrfSignature(secret, nonce, sessionId)}`;
}

export function isValidCsrfToken(secret: string, token: string, sessionId: string): boolean {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 200) return false;
  const nonce = token.slice(0, dot);
  return safeEqual(token.slice(dot + 1), csrfSignature(secret, nonce, sessionId));
}
