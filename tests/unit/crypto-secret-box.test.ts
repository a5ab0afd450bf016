import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENCRYPTION_KEY_FILE, loadEncryptionKey } from '../../src/server/crypto/encryption-key';
import { createSecretBox, SecretBoxError } from '../../src/server/crypto/secret-box';

const key = Buffer.alloc(32, 7);

describe('secret box', () => {
  it('round-trips text, including unicode and the empty string', () => {
    const box = createSecretBox(key);
    for (const text of ['', 'api-secret-123', 'ключ 🔑 with spaces', 'x'.repeat(10_000)]) {
      expect(box.open(box.seal(text))).toBe(text);
    }
  });

  it('writes the versioned base64url format with a fresh 12-byte IV each time', () => {
    const box = createSecretBox(key);
    const a = box.seal('same secret');
    const b = box.seal('same secret');
    expect(a).not.toBe(b);
    const [version, iv, tag, ciphertext] = a.split('.');
    expect(version).toBe('v1');
    expect(Buffer.from(iv ?? '', 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(ciphertext ?? '', 'base64url')).toHaveLength('same secret'.length);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(a).not.toContain('same secret');
  });

  it('refuses a tampered ciphertext, tag or IV', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('withdrawal-free key');
    const parts = sealed.split('.');
    for (const index of [1, 2, 3]) {
      const bytes = Buffer.from(parts[index] ?? '', 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      const altered = parts.map((p, i) => (i === index ? bytes.toString('base64url') : p)).join('.');
      expect(() => box.open(altered)).toThrow(SecretBoxError);
    }
  });

  it('refuses another key, another version and malformed text', () => {
    const sealed = createSecretBox(key).seal('secret');
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow(/altered or sealed with another key/);
    expect(() => createSecretBox(key).open(sealed.replace(/^v1/, 'v2'))).toThrow(/Unknown sealed value version "v2"/);
    expect(() => createSecretBox(key).open('not-sealed')).toThrow(/format/);
    expect(() => createSecretBox(key).open('v1.@@.@@.@@')).toThrow(/base64url/);
    expect(() => createSecretBox(key).open('v1.AAAA.AAAA.AAAA')).toThrow(/IV or tag/);
  });

  it('needs a 32-byte key', () => {
    expect(() => createSecretBox(Buffer.alloc(16))).toThrow(/32 bytes, not 16/);
  });

  it('keeps its own copy of the key', () => {
    const mutable = Buffer.from(key);
    const box = createSecretBox(mutable);
    const sealed = box.seal('secret');
    mutable.fill(0);
    expect(box.open(sealed)).toBe('secret');
  });
});

describe('loadEncryptionKey', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerloop-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('takes ENCRYPTION_KEY from the environment (base64 or base64url) and writes no file', () => {
    const dir = tempDir();
    const raw = randomBytes(32);
    expect(loadEncryptionKey({ ENCRYPTION_KEY: raw.toString('base64') }, dir).equals(raw)).toBe(true);
    expect(loadEncryptionKey({ ENCRYPTION_KEY: raw.toString('base64url') }, dir).equals(raw)).toBe(true);
    expect(() => statSync(join(dir, ENCRYPTION_KEY_FILE))).toThrow();
  });

  it('refuses an ENCRYPTION_KEY that is not 32 bytes of base64', () => {
    const dir = tempDir();
    expect(() => loadEncryptionKey({ ENCRYPTION_KEY: randomBytes(16).toString('base64') }, dir)).toThrow(
      /ENCRYPTION_KEY must decode to 32 bytes, not 16/,
    );
    expect(() => loadEncryptionKey({ ENCRYPTION_KEY: 'not base64!' }, dir)).toThrow(/ENCRYPTION_KEY must be 32 bytes/);
  });

  it('generates the key file once (mode 0600) and reuses it', () => {
    const dir = join(tempDir(), 'nested', 'data');
    const first = loadEncryptionKey({}, dir);
    const file = join(dir, ENCRYPTION_KEY_FILE);
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const contents = readFileSync(file, 'utf8');

    const second = loadEncryptionKey({ ENCRYPTION_KEY: '' }, dir);
    expect(second.equals(first)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(contents);

    // What one start sealed, the next start opens.
    const sealed = createSecretBox(first).seal('exchange secret');
    expect(createSecretBox(loadEncryptionKey({}, dir)).open(sealed)).toBe('exchange secret');
  });

  it('never replaces a damaged key file', () => {
    const dir = tempDir();
    const file = join(dir, ENCRYPTION_KEY_FILE);
    writeFileSync(file, 'short\n');
    expect(() => loadEncryptionKey({}, dir)).toThrow(/encryption-key must decode to 32 bytes/);
    expect(readFileSync(file, 'utf8')).toBe('short\n');
  });
});
