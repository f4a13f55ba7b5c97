// Rotating DATA_ENCRYPTION_KEY (ADR 0038): an old key keeps opening what it sealed while the queued re-seal moves
// every sealed column to the new key; afterwards the new key alone works, and a key that opens nothing stops the
// start-up, naming the key the values need. Proved through two-factor sign-in, which opens a sealed TOTP secret.
import { createCipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { twoFactor } from '../db/schema';
import { createTestApp, openTestDatabase, signUp, TEST_PASSWORD, type SignedUp, type TestApp } from '../test/harness';
import { drainQueue } from '../test/queue';
import { resealStep, SEALED_TABLES, sealedContext, type ResealProgress } from './sealed-columns';
import { createSecrets, dataKeyId } from './secrets';

const [key1, key2, key3] = [randomBytes(32), randomBytes(32), randomBytes(32)];
const b64 = (key: Buffer) => key.toString('base64');

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const start = (current: Buffer, old: Buffer[] = []) =>
  createTestApp({
    database,
    env: { DATA_ENCRYPTION_KEY: b64(current), DATA_ENCRYPTION_KEYS_OLD: old.map(b64).join(',') },
  });

const codes = (secret: string) => {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return { now: () => totp.generate(), next: () => totp.generate({ timestamp: Date.now() + 30_000 }) };
};

let ip = 0;
/** Password, then the authenticator's code: the second step opens the sealed TOTP secret. */
async function signInWithCode(t: TestApp, who: SignedUp, code: string) {
  const remoteAddress = `172.31.0.${++ip}`;
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.body.user.email, password: TEST_PASSWORD },
    remoteAddress,
  });
  const challenge = first.cookies.find((c) => c.name === 'rw_2fa')?.value;
  expect(challenge, first.body).toBeTruthy();
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login/two-factor',
    payload: { code },
    remoteAddress,
    cookies: { rw_2fa: challenge! },
  });
}

const setUp = async (t: TestApp, who: SignedUp) =>
  (
    await t.app.inject({ method: 'POST', url: '/api/account/two-factor/setup', cookies: { rw_session: who.token } })
  ).json<{
    secret: string;
  }>().secret;

const turnOn = (t: TestApp, who: SignedUp, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/two-factor/enable',
    cookies: { rw_session: who.token },
    payload: { code },
  });

const sealedTotps = async () =>
  (await database.db.select({ sealed: twoFactor.totpSealed }).from(twoFactor)).map((r) => r.sealed);

/** A value as the app sealed it before key ids (`v1.<iv>.<tag>.<ciphertext>`). */
function sealedBeforeKeyIds(key: Buffer, plain: string, context: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}

describe('rotating the data-encryption key', () => {
  it('old key → new key with the old one kept → queued re-seal → the new key alone; a wrong key refuses to start', async () => {
    // Under the first key: one account with two-factor on, one half set up, one sealed before key ids.
    const t1 = await start(key1);
    const enabled = await signUp(t1);
    const enabledSecret = await setUp(t1, enabled);
    expect((await turnOn(t1, enabled, codes(enabledSecret).now())).statusCode).toBe(200);
    const pending = await signUp(t1);
    const pendingSecret = await setUp(t1, pending);
    const legacy = await signUp(t1);
    const legacySecret = await setUp(t1, legacy);
    await database.db
      .update(twoFactor)
      .set({ totpSealed: sealedBeforeKeyIds(key1, legacySecret, sealedContext.totp(legacy.body.user.id)) })
      .where(eq(twoFactor.userId, legacy.body.user.id));
    await t1.close();
    expect((await sealedTotps()).filter((s) => s.startsWith(`v2.${dataKeyId(key1)}.`))).toHaveLength(2);

    // The new key without the old one: the start-up stops and says which key the values need.
    await expect(start(key2)).rejects.toThrow(
      new RegExp(`two_factor.totpSealed are sealed under key ${dataKeyId(key1)}, which neither DATA_ENCRYPTION_KEY`),
    );

    // The new key with the old one kept: what the old key sealed still opens, and the queue re-seals it all.
    const t2 = await start(key2, [key1]);
    expect((await signInWithCode(t2, enabled, codes(enabledSecret).next())).statusCode).toBe(200);
    await drainQueue(database);
    const after = await sealedTotps();
    expect(after).toHaveLength(3);
    expect(after.every((s) => s.startsWith(`v2.${dataKeyId(key2)}.`))).toBe(true);
    await t2.close();

    // The new key alone: every secret opens (the one sealed before key ids too).
    const t3 = await start(key2);
    await database.db.update(twoFactor).set({ lastUsedStep: null }).where(eq(twoFactor.userId, enabled.body.user.id));
    expect((await signInWithCode(t3, enabled, codes(enabledSecret).now())).statusCode).toBe(200);
    expect((await turnOn(t3, pending, codes(pendingSecret).now())).statusCode).toBe(200);
    expect((await turnOn(t3, legacy, codes(legacySecret).now())).statusCode).toBe(200);
    await t3.close();

    // The old key alone no longer opens anything: refused at start-up, naming the new key.
    await expect(start(key1)).rejects.toThrow(new RegExp(`sealed under key ${dataKeyId(key2)}`));
  });

  it('re-seals in resumable batches, each row once, and a second run changes nothing', async () => {
    const ring = createSecrets(key3, [key2]);
    const steps: string[] = [];
    // One row per step; the run stops after the first step (a crash) and resumes from the payload it left.
    let progress: ResealProgress | null = { keyId: ring.currentKeyId };
    let resealed = 0;
    while (progress) {
      const step = await resealStep(database.db, ring, progress, 1);
      steps.push(`${step.table}:${step.resealed - resealed}`);
      resealed = step.resealed;
      progress = step.next;
    }
    expect(resealed).toBe(3);
    expect(steps.filter((s) => s.startsWith('two_factor:1'))).toHaveLength(3);
    expect(steps.at(-1)).toBe(`${SEALED_TABLES.at(-1)!.name}:0`);
    // A step for another key (an instance not restarted yet) is refused and left to the queue's retry.
    await expect(resealStep(database.db, createSecrets(key2), { keyId: ring.currentKeyId })).rejects.toThrow(
      /this instance seals under/,
    );
    expect((await sealedTotps()).every((s) => ring.isCurrent(s))).toBe(true);

    let again: ResealProgress | null = { keyId: ring.currentKeyId };
    while (again) {
      const step = await resealStep(database.db, ring, again);
      expect([step.resealed, step.failed]).toEqual([0, 0]);
      again = step.next;
    }
  });

  it('counts a value that opens under no key (moved to another row) as failed and leaves it as it was', async () => {
    const rows = await database.db.select().from(twoFactor);
    const [from, to] = [rows[0]!, rows[1]!];
    await database.db.update(twoFactor).set({ totpSealed: from.totpSealed }).where(eq(twoFactor.userId, to.userId));
    const ring = createSecrets(randomBytes(32), [key3]);
    let progress: ResealProgress | null = { keyId: ring.currentKeyId };
    let last = { resealed: 0, failed: 0 };
    while (progress) {
      const step = await resealStep(database.db, ring, progress);
      last = { resealed: step.resealed, failed: step.failed };
      progress = step.next;
    }
    expect(last).toEqual({ resealed: rows.length - 1, failed: 1 });
    const [moved] = await database.db.select().from(twoFactor).where(eq(twoFactor.userId, to.userId));
    expect(moved!.totpSealed).toBe(from.totpSealed);
  });
});
