/**
 * The one way the app keeps a secret at rest (TINs, integrations' credentials, TOTP secrets, self-ID answers: every
 * sealed column is listed in lib/sealed-columns.ts): AES-256-GCM under the data-encryption key, each value bound to
 * where it belongs (`context`, authenticated but not stored), so a sealed value copied to another row or field does
 * not open there.
 *
 * The key is DATA_ENCRYPTION_KEY (32 bytes, base64). Without it and without DATABASE_URL (the self-contained
 * default) one is generated once and kept owner-only in DATA_DIR; with DATABASE_URL it is required at start-up
 * (config.ts), since instances sharing a database must share the key and a DATA_DIR is per instance.
 *
 * Rotation (ADR 0038): values are sealed as `v2.<key id>.<iv>.<tag>.<ciphertext>` under the current key; the key ring
 * also holds DATA_ENCRYPTION_KEYS_OLD, which still open what they sealed (found by the key id; a `v1` value, sealed
 * before key ids, is tried under each key) until the queued re-seal (lib/sealed-columns.ts) has moved every value.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

const VERSION = 'v2';
/** Sealed before key ids: `v1.<iv>.<tag>.<ciphertext>`, still opened (under each key of the ring). */
const LEGACY_VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
/** Where the generated key is kept in DATA_DIR. */
export const DATA_KEY_FILE = 'data-encryption.key';

export interface Secrets {
  /** The value sealed for `context` (e.g. `payee-tin:<company>:<user>`): `v2.<key id>.<iv>.<tag>.<ciphertext>`. */
  seal(plain: string, context: string): string;
  /** The value a `seal` with the same context made; throws when it was altered, moved or sealed under another key. */
  open(sealed: string, context: string): string;
  /** The current key's id (a keyed hash of it: names the key in sealed values, reveals nothing of it). */
  readonly currentKeyId: string;
  /** The ids of every key the ring opens with, the current one first. */
  readonly keyIds: readonly string[];
  /** Whether a sealed value is under the current key already (a `v1` value never is: it has no key id). */
  isCurrent(sealed: string): boolean;
}

export class SecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretError';
  }
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

/** A key's id: the first 48 bits of HMAC-SHA-256(key, "referwell data key id"), 8 characters of base64url. */
export function dataKeyId(key: Buffer): string {
  return b64(createHmac('sha256', key).update('referwell data key id').digest().subarray(0, 6));
}

function openWith(key: Buffer, iv: string, tag: string, body: string, context: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** The key ring: `current` seals; it and each of `old` open. */
export function createSecrets(current: Buffer, old: readonly Buffer[] = []): Secrets {
  for (const key of [current, ...old])
    if (key.length !== KEY_BYTES) throw new SecretError(`The data-encryption key must be ${KEY_BYTES} bytes.`);
  const currentKeyId = dataKeyId(current);
  const ring = new Map<string, Buffer>([[currentKeyId, current]]);
  for (const key of old) if (!ring.has(dataKeyId(key))) ring.set(dataKeyId(key), key);
  const refused = () => new SecretError('The sealed value does not open with this key and context.');
  return {
    currentKeyId,
    keyIds: [...ring.keys()],
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, currentKeyId, b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.');
    },
    open(sealed, context) {
      const parts = sealed.split('.');
      if (parts[0] === VERSION && parts.length === 5) {
        const [, keyId, iv, tag, body] = parts as [string, string, string, string, string];
        const key = ring.get(keyId);
        if (!key)
          throw new SecretError(
            `The sealed value is under key ${keyId}, which neither DATA_ENCRYPTION_KEY nor DATA_ENCRYPTION_KEYS_OLD holds.`,
          );
        try {
          return openWith(key, iv, tag, body, context);
        } catch {
          throw refused();
        }
      }
      if (parts[0] === LEGACY_VERSION && parts.length === 4) {
        const [, iv, tag, body] = parts as [string, string, string, string];
        for (const key of ring.values()) {
          try {
            return openWith(key, iv, tag, body, context);
          } catch {
            // the next key of the ring
          }
        }
        throw refused();
      }
      throw new SecretError('Not a sealed value.');
    },
    isCurrent: (sealed) => sealed.startsWith(`${VERSION}.${currentKeyId}.`),
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

/** The previous keys (DATA_ENCRYPTION_KEYS_OLD), which still open what they sealed until the re-seal has run. */
export function oldDataEncryptionKeys(config: Pick<Config, 'dataEncryptionKeysOld'>): Buffer[] {
  return config.dataEncryptionKeysOld.map((value) => {
    const key = decodeDataKey(value);
    if (!key)
      throw new SecretError('DATA_ENCRYPTION_KEYS_OLD must be a comma-separated list of 32-byte keys in base64.');
    return key;
  });
}
