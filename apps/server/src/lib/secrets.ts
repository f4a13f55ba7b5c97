/**
 * The one way the app keeps a secret at rest (a payee's TIN today; integrations' credentials next): AES-256-GCM under
 * the data-encryption key, each value bound to where it belongs (`context`, authenticated but not stored), so a
 * sealed value copied to another row or field does not open there.
 *
 * The key is DATA_ENCRYPTION_KEY (32 bytes, base64). Without it and without DATABASE_URL (the self-contained
 * default) one is generated once and kept owner-only in DATA_DIR; with DATABASE_URL it is required at start-up
 * (config.ts), since instances sharing a database must share the key and a DATA_DIR is per instance.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
/** Where the generated key is kept in DATA_DIR. */
export const DATA_KEY_FILE = 'data-encryption.key';

export interface Secrets {
  /** The value sealed for `context` (e.g. `payee-tin:<company>:<user>`): `v1.<iv>.<tag>.<ciphertext>`. */
  seal(plain: string, context: string): string;
  /** The value a `seal` with the same context made; throws when it was altered, moved or sealed under another key. */
  open(sealed: string, context: string): string;
}

export class SecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretError';
  }
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

export function createSecrets(key: Buffer): Secrets {
  if (key.length !== KEY_BYTES) throw new SecretError(`The data-encryption key must be ${KEY_BYTES} bytes.`);
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined)
        throw new SecretError('Not a sealed value.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretError('The sealed value does not open with this key and context.');
      }
    },
  };
}

/** Decodes a configured key (base64 or base64url of 32 bytes), or null when it is not one. */
export function decodeDataKey(value: string): Buffer | null {
  const key = Buffer.from(value.trim(), value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
  return key.length === KEY_BYTES ? key : null;
}

/**
 * The data-encryption key: the configured one, else the one kept in DATA_DIR (generated on the first start, written
 * owner-only; a file that others can read is made owner-only again). Never generated next to DATABASE_URL.
 */
export function dataEncryptionKey(config: Pick<Config, 'dataEncryptionKey' | 'databaseUrl' | 'dataDir'>): Buffer {
  if (config.dataEncryptionKey) {
    const key = decodeDataKey(config.dataEncryptionKey);
    if (!key) throw new SecretError('DATA_ENCRYPTION_KEY must be 32 bytes in base64.');
    return key;
  }
  if (config.databaseUrl) throw new SecretError('DATA_ENCRYPTION_KEY is required with DATABASE_URL.');
  const file = path.join(config.dataDir, DATA_KEY_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const key = decodeDataKey(readFileSync(file, 'utf8'));
  if (!key) throw new SecretError(`${file} does not hold a 32-byte key in base64.`);
  return key;
}
