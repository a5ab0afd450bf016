import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reads DATA_DIR/secret-key, creating it (48 random bytes, base64url, mode 0600) on first start so a local
 * installation keeps its CSRF signatures valid across restarts without any setup.
 */
export function loadOrCreateSecretKey(dataDir: string): string {
  const file = join(dataDir, 'secret-key');
  const existing = readKey(file);
  if (existing !== undefined) return existing;
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(48).toString('base64url');
  try {
    // 'wx' fails if another process created the file meanwhile; then that process's key wins.
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return key;
  } catch (error) {
    const created = readKey(file);
    if (created !== undefined) return created;
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new Error(`${file} holds no usable key (at least 32 characters): remove it or set SECRET_KEY.`);
    }
    throw error;
  }
}

function readKey(file: string): string | undefined {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return text.length >= 32 ? text : undefined;
  } catch {
    return undefined;
  }
}
