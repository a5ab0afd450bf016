import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env';
import { nonFieldError } from '../http/api-error';

/** The header a create may carry so that a replay (an offline change sent again) never creates twice. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Answer header marking a replay: the resource was made by an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key (undefined without one); 400 for a malformed key. */
export function idempotencyKeyOf(c: Context<AppEnv>): string | undefined {
  const raw = c.req.header(IDEMPOTENCY_HEADER);
  if (raw === undefined) return undefined;
  const key = raw.trim();
  if (!KEY_PATTERN.test(key)) {
    throw nonFieldError(`${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters.`);
  }
  return key;
}

/** Headers of a create's answer: a replay says so. */
export const replayHeaders = (replayed: boolean): Record<string, string> =>
  replayed ? { [IDEMPOTENT_REPLAYED_HEADER]: 'true' } : {};
