import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SECRET_BOX_KEY_BYTES } from './secret-box';

export const ENCRYPTION_KEY_FILE = 'encryption-key';

const HINT = 'for example the output of `openssl rand -base64 32`';

/** Decodes a base64 (or base64url) key of exactly 32 bytes; anything else is refused with a clear message. */
export function parseEncryptionKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) {
    throw new Error(`${source} must be ${SECRET_BOX_KEY_BYTES} bytes encoded in base64 (${HINT}).`);
  }
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== SECRET_BOX_KEY_BYTES) {
    throw new Error(`${source} must decode to ${SECRET_BOX_KEY_BYTES} bytes, not ${key.length} (${HINT}).`);
  }
  return key;
}

function readKeyFile(file: string): Buffer | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // A damaged key file is never replaced: values sealed with the old key would become unreadable.
  return parseEncryptionKey(text, file);
}

/**
 * The key that encrypts secrets at rest: ENCRYPTION_KEY (base64, 32 bytes) from the environment; without it, a
 * key generated once into `<dataDir>/encryption-key` (mode 0600) and reused on every later start. Several
 * processes starting at once agree on one key: the first to create the file wins.
 */
export function loadEncryptionKey(env: Readonly<Record<string, string | undefined>>, dataDir: string): Buffer {
  const fromEnv = env.ENCRYPTION_KEY;
  if (fromEnv !== undefined && fromEnv.trim() !== '') return parseEncryptionKey(fromEnv, 'ENCRYPTION_KEY');

  const file = join(dataDir, ENCRYPTION_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) return existing;

  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(SECRET_BOX_KEY_BYTES);
  // Written in full under a private name, then linked into place: the key file never exists half-written, and
  // link() fails if another process got there first.
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    try {
      linkSync(draft, file);
    } catch (error) {
      // File systems without hard links: create the file exclusively instead.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
      writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    }
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const created = readKeyFile(file);
    if (!created) throw error;
    return created;
  } finally {
    rmSync(draft, { force: true });
  }
}
