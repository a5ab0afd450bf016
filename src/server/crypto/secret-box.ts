import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption of small secrets (exchange API keys) at rest: AES-256-GCM with a random 12-byte IV.
 * Sealed text: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. Any change to a sealed value, or opening it
 * with another key, fails with SecretBoxError instead of returning garbage.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

export const SECRET_BOX_KEY_BYTES = 32;
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = 'aes-256-gcm';
const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodePart(part: string, what: string): Buffer {
  if (!BASE64URL.test(part)) throw new SecretBoxError(`The sealed value's ${what} is not base64url.`);
  return Buffer.from(part, 'base64url');
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== SECRET_BOX_KEY_BYTES) {
    throw new SecretBoxError(`The encryption key must be ${SECRET_BOX_KEY_BYTES} bytes, not ${key.length}.`);
  }
  // A private copy: later changes to the caller's buffer do not change this box's key.
  const secret = Buffer.from(key);

  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, secret, iv, { authTagLength: TAG_BYTES });
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
    },

    open(sealed) {
      const parts = sealed.split('.');
      if (parts.length !== 4) throw new SecretBoxError('The sealed value is not in the v1.<iv>.<tag>.<ciphertext> format.');
      const [version, ivText, tagText, ciphertextText] = parts as [string, string, string, string];
      if (version !== VERSION) throw new SecretBoxError(`Unknown sealed value version "${version}".`);
      const iv = decodePart(ivText, 'IV');
      const tag = decodePart(tagText, 'tag');
      const ciphertext = decodePart(ciphertextText, 'ciphertext');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
        throw new SecretBoxError('The sealed value has a damaged IV or tag.');
      }
      const decipher = createDecipheriv(ALGORITHM, secret, iv, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('The sealed value was altered or sealed with another key.');
      }
    },
  };
}
