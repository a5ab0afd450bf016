/**
 * Exchange API keys at rest: sealed with the server's secret box (AES-256-GCM, key from ENCRYPTION_KEY or the
 * key file under DATA_DIR), never returned, logged or put in an error. Only a hint of the API key is shown.
 */
import type { Config } from '../config/env';
import { loadEncryptionKey } from '../crypto/encryption-key';
import { createSecretBox, type SecretBox } from '../crypto/secret-box';

const boxes = new Map<string, SecretBox>();

/** The secret box of this configuration (one per key, reused). */
export function secretBoxFor(config: Pick<Config, 'dataDir' | 'chain'>): SecretBox {
  const cacheKey = `${config.chain.encryptionKey ?? ''}\u0000${config.dataDir}`;
  let box = boxes.get(cacheKey);
  if (box === undefined) {
    box = createSecretBox(loadEncryptionKey({ ENCRYPTION_KEY: config.chain.encryptionKey }, config.dataDir));
    boxes.set(cacheKey, box);
  }
  return box;
}

/** Characters of the key shown at each end of the hint. */
const HINT_CHARS = 4;

/** The API key's first and last 4 characters; a key too short to hide anything shows none. */
export function apiKeyHint(apiKey: string): string {
  if (apiKey.length < HINT_CHARS * 3) return '****';
  return `${apiKey.slice(0, HINT_CHARS)}…${apiKey.slice(-HINT_CHARS)}`;
}
