import { createHash } from 'node:crypto';

/** A short, non-reversible stand-in for an API key, used to name rate-limit buckets. */
export function keyFingerprint(apiKey: string | undefined): string {
  if (!apiKey) return 'anonymous';
  return `key-${createHash('sha256').update(apiKey).digest('hex').slice(0, 12)}`;
}
