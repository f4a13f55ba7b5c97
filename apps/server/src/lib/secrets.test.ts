import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import {
  createSecrets,
  DATA_KEY_FILE,
  dataEncryptionKey,
  dataKeyId,
  oldDataEncryptionKeys,
  SecretError,
} from './secrets';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'referwell-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('secrets at rest', () => {
  it('seals a value that opens only with its key and context, and never the same way twice', () => {
    const secrets = createSecrets(randomBytes(32));
    const sealed = secrets.seal('123456789', 'payee-tin:a:b');
    expect(sealed).toMatch(/^v2\.[\w-]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('123456789');
    expect(secrets.seal('123456789', 'payee-tin:a:b')).not.toBe(sealed);
    expect(secrets.open(sealed, 'payee-tin:a:b')).toBe('123456789');
    // Moved to another row, altered, or opened under another key: refused.
    expect(() => secrets.open(sealed, 'payee-tin:a:c')).toThrow(SecretError);
    const [v, kid, iv, tag, body] = sealed.split('.');
    const flipped = `${v}.${kid}.${iv}.${tag}.${body!.slice(0, -2)}${body!.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => secrets.open(flipped, 'payee-tin:a:b')).toThrow(SecretError);
    expect(() => createSecrets(randomBytes(32)).open(sealed, 'payee-tin:a:b')).toThrow(SecretError);
    expect(() => secrets.open('plain text', 'payee-tin:a:b')).toThrow(SecretError);
    expect(() => createSecrets(randomBytes(16))).toThrow(SecretError);
  });

  it('generates the key once, owner-only, in DATA_DIR when none is configured and there is no DATABASE_URL', () => {
    const dataDir = tempDir();
    const first = dataEncryptionKey({ dataDir, databaseUrl: undefined, dataEncryptionKey: undefined });
    const file = path.join(dataDir, DATA_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first).toHaveLength(32);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    // The next start reads the same key; a file others could read is made owner-only again.
    chmodSync(file, 0o644);
    expect(dataEncryptionKey({ dataDir, databaseUrl: undefined, dataEncryptionKey: undefined }).equals(first)).toBe(
      true,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('uses the configured key, and requires one at start-up with DATABASE_URL', () => {
    const key = randomBytes(32);
    const dataDir = tempDir();
    expect(
      dataEncryptionKey({ dataDir, databaseUrl: 'postgres://x', dataEncryptionKey: key.toString('base64') }).equals(
        key,
      ),
    ).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/referwell' })).toThrow(
      /DATA_ENCRYPTION_KEY: required with DATABASE_URL/,
    );
    try {
      loadConfig({ DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: 'too-short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toContain('DATA_ENCRYPTION_KEY: must be 32 random bytes');
    }
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://db/referwell',
      DATA_ENCRYPTION_KEY: key.toString('base64'),
    });
    expect(config.dataEncryptionKey).toBe(key.toString('base64'));
  });
});

/** A value as the app sealed it before key ids (`v1.<iv>.<tag>.<ciphertext>`). */
function sealedBeforeKeyIds(key: Buffer, plain: string, context: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

describe('the key ring (rotation)', () => {
  it('seals under the current key, names it, and opens what an old key sealed', () => {
    const [oldKey, newKey, otherKey] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const before = createSecrets(oldKey);
    const sealedOld = before.seal('s3cret', 'totp:u1');
    expect(sealedOld.split('.')[1]).toBe(dataKeyId(oldKey));

    const ring = createSecrets(newKey, [oldKey]);
    expect(ring.currentKeyId).toBe(dataKeyId(newKey));
    expect(ring.keyIds).toEqual([dataKeyId(newKey), dataKeyId(oldKey)]);
    expect(ring.open(sealedOld, 'totp:u1')).toBe('s3cret');
    expect(ring.isCurrent(sealedOld)).toBe(false);
    const resealed = ring.seal('s3cret', 'totp:u1');
    expect(ring.isCurrent(resealed)).toBe(true);

    // Only the new key: the old value names a key it does not hold, and says so.
    const newOnly = createSecrets(newKey);
    expect(newOnly.open(resealed, 'totp:u1')).toBe('s3cret');
    expect(() => newOnly.open(sealedOld, 'totp:u1')).toThrow(
      new RegExp(`under key ${dataKeyId(oldKey)}, which neither DATA_ENCRYPTION_KEY nor DATA_ENCRYPTION_KEYS_OLD`),
    );
    expect(() => createSecrets(otherKey).open(resealed, 'totp:u1')).toThrow(SecretError);
  });

  it('opens a value sealed before key ids under whichever key of the ring sealed it', () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const legacy = sealedBeforeKeyIds(oldKey, '123456789', 'payee-tin:a:b');
    expect(createSecrets(newKey, [oldKey]).open(legacy, 'payee-tin:a:b')).toBe('123456789');
    expect(createSecrets(oldKey).open(legacy, 'payee-tin:a:b')).toBe('123456789');
    expect(createSecrets(oldKey).isCurrent(legacy)).toBe(false);
    expect(() => createSecrets(newKey).open(legacy, 'payee-tin:a:b')).toThrow(SecretError);
    expect(() => createSecrets(newKey, [oldKey]).open(legacy, 'payee-tin:a:c')).toThrow(SecretError);
  });

  it('reads DATA_ENCRYPTION_KEYS_OLD as a comma-separated list, refusing a key of the wrong size at start-up', () => {
    const dataDir = tempDir();
    const [a, b] = [randomBytes(32), randomBytes(32)];
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      DATA_ENCRYPTION_KEYS_OLD: ` ${a.toString('base64')}, ${b.toString('base64url')} ,`,
    });
    expect(oldDataEncryptionKeys(config).map((key) => key.toString('hex'))).toEqual([
      a.toString('hex'),
      b.toString('hex'),
    ]);
    expect(loadConfig({ DATA_DIR: dataDir }).dataEncryptionKeysOld).toEqual([]);
    expect(() => loadConfig({ DATA_DIR: dataDir, DATA_ENCRYPTION_KEYS_OLD: `${a.toString('base64')},short` })).toThrow(
      /DATA_ENCRYPTION_KEYS_OLD: must be a comma-separated list of 32-byte keys/,
    );
  });
});
