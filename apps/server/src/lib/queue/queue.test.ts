import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { rateLimitBuckets, sentMails, sessions, storedFiles } from '../../db/schema';
import { selectRows } from '../../db/repository';
import { pruneExpired } from '../../features/maintenance/prune';
import { openDatabase } from '../../db/client';
import { relayDatabase } from '../../test/db-relay';
import { waitFor } from '../../test/server-process';
import { createTestApp, openTestDatabase, signUp, type TestApp } from '../../test/harness';
import { drainQueue, dueJobs } from '../../test/queue';
import { messageIdFor } from '../mail/compose';
import { enqueueMail } from '../mail/send';
import { enqueue } from './enqueue';
import { releaseJobsOfDeadWorkers } from './stale';
import { QUEUE_APPLICATION_NAME, startQueue } from './runner';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mail = (key: string, to: string) =>
  ({ key, template: 'kudos-request', to, props: { talentName: 'Queue Test', path: '/kudos/x', days: 14 } }) as const;

const outboxFiles = async (to: string) =>
  (await readdir(path.join(t.app.config.dataDir, 'outbox')).catch(() => [] as string[])).filter((f) =>
    f.endsWith(`-${to}.txt`),
  );

const sentCount = async (keys: string[]) =>
  (
    await t.database.db
      .select()
      .from(sentMails)
      .where(
        inArray(
          sentMails.messageId,
          keys.map((k) => messageIdFor(k, t.app.config.publicUrl)),
        ),
      )
  ).length;

describe('enqueue', () => {
  it('adds nothing when the transaction rolls back', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueMail(tx, mail('rolled-back', 'rollback@example.com'));
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await dueJobs(t.database, 'send-mail')).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outboxFiles('rollback@example.com')).toHaveLength(0);
  });

  it('runs a committed job once, and a repeat of the same mail key sends nothing more', async () => {
    await t.database.db.transaction((tx) => enqueueMail(tx, mail('committed-1', 'committed@example.com')));
    await drainQueue(t.database);
    expect(await outboxFiles('committed@example.com')).toHaveLength(1);
    await enqueueMail(t.database.db, mail('committed-1', 'committed@example.com'));
    await drainQueue(t.database);
    expect(await outboxFiles('committed@example.com')).toHaveLength(1);
    expect(await sentCount(['committed-1'])).toBe(1);
  });

  it('shares the work between two runners on one database: each job runs once', async () => {
    const second = await buildApp({ config: t.app.config, database: t.database, logger: false });
    await second.ready();
    try {
      const keys = Array.from({ length: 60 }, (_, i) => `two-runners-${i}`);
      await t.database.db.transaction(async (tx) => {
        for (const key of keys) await enqueueMail(tx, mail(key, 'two.runners@example.com'));
      });
      await drainQueue(t.database);
      expect(await outboxFiles('two.runners@example.com')).toHaveLength(60);
      expect(await sentCount(keys)).toBe(60);
    } finally {
      await second.close();
    }
  });

  it('hands the jobs of a dead worker back to the queue', async () => {
    await enqueueMail(t.database.db, mail('orphan', 'orphan@example.com'));
    // What a process killed mid-job leaves behind: the job locked by a worker that no longer exists.
    await t.database.db.execute(sql`update graphile_worker._private_jobs
      set locked_by = 'worker-dead', locked_at = now() - interval '11 minutes'
      where key = ${'mail:orphan'}`);
    expect(await releaseJobsOfDeadWorkers(t.database.db, 600)).toBe(1);
    await drainQueue(t.database);
    expect(await outboxFiles('orphan@example.com')).toHaveLength(1);
  });
});

describe('stopping', () => {
  const queueConnections = async (name: string) => {
    const [row] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = ${name} and application_name = ${QUEUE_APPLICATION_NAME}`,
    );
    return row?.n ?? 0;
  };

  it('closes every connection of the queue before it returns, so the database can be dropped at once', async () => {
    const database = await openTestDatabase();
    const name = new URL(database.url).pathname.slice(1);
    const queue = await startQueue({
      connectionString: database.url,
      tasks: { 'prune-expired': async () => {} },
      crontab: '',
      concurrency: 4,
      log: t.app.log,
    });
    try {
      await enqueue(database.db, 'prune-expired', {});
      await drainQueue(database);
      expect(await queueConnections(name)).toBeGreaterThan(0);
    } finally {
      await queue.stop();
    }
    expect(await queueConnections(name)).toBe(0);
    await database.close();
  });

  it('stops within its time limit when a job never ends, and hands that job back to the queue', async () => {
    const database = await openTestDatabase();
    const name = new URL(database.url).pathname.slice(1);
    let started = false;
    const queue = await startQueue({
      connectionString: database.url,
      // A job that ignores its abort signal and never settles, as a call with no time limit of its own would.
      tasks: {
        'prune-expired': () => {
          started = true;
          return new Promise<void>(() => {});
        },
      },
      crontab: '',
      concurrency: 1,
      log: t.app.log,
      stopWithinMs: 1000,
    });
    await enqueue(database.db, 'prune-expired', {});
    await waitFor(async () => started, 10_000, 'the job to start');
    const stopping = performance.now();
    await queue.stop();
    // Graceful stop 1 s, then graphile-worker's forceful shutdown (its own 5 s limit at most).
    expect(performance.now() - stopping).toBeLessThan(9000);
    expect(await queueConnections(name)).toBe(0);
    const [job] = await selectRows<{ locked: boolean; attempts: number; lastError: string }>(
      database.db,
      sql`select locked_by is not null as locked, attempts, last_error as "lastError" from graphile_worker.jobs`,
    );
    expect(job).toEqual({ locked: false, attempts: 1, lastError: 'the job runner did not stop in time' });
    await database.close();
  }, 30_000);
});

describe('a database outage', () => {
  it('does not stop the queue: jobs added after the database comes back still run', async () => {
    const database = await openTestDatabase();
    const relay = await relayDatabase(database.url);
    const throughRelay = await openDatabase({ databaseUrl: relay.url });
    const app = await buildApp({ config: t.app.config, database: throughRelay, logger: false });
    await app.ready();
    try {
      relay.cut();
      // Long enough for the workers' connections to fail and the runner to notice.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      relay.restore();
      await enqueueMail(database.db, mail('after-outage', 'after.outage@example.com'));
      // Waits for this mail, not for the whole queue: a scheduled job the cut caught mid-run stays locked until its
      // runner is replaced or release-stale-jobs frees it, which is not what this test is about.
      await waitFor(
        async () => (await outboxFiles('after.outage@example.com')).length === 1,
        60_000,
        'the mail queued after the outage to be sent',
      );
    } finally {
      await app.close();
      await throughRelay.close();
      await relay.close();
      await database.close();
    }
  }, 90_000);
});

describe('prune-expired', () => {
  it("deletes expired sessions, old rate-limit windows and dead writes' file parts, keeps live ones", async () => {
    const { body } = await signUp(t);
    await t.database.db.insert(sessions).values({
      tokenHash: 'expired-session',
      userId: body.user.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    await t.database.db.insert(rateLimitBuckets).values([
      { key: 'old-window', windowStartedAt: new Date(Date.now() - 48 * 3600_000), hits: 3 },
      { key: 'live-window', windowStartedAt: new Date(), hits: 1 },
    ]);
    const part = { contentType: 'text/csv', sizeBytes: 0, content: Buffer.alloc(0) };
    await t.database.db.insert(storedFiles).values([
      { key: 'exports/dead.zip.part', ...part, createdAt: new Date(Date.now() - 2 * 3600_000) },
      { key: 'exports/live.zip.part', ...part },
    ]);
    await enqueue(t.database.db, 'prune-expired', {});
    await drainQueue(t.database);
    const files = await t.database.db.select({ key: storedFiles.key }).from(storedFiles);
    expect(files.map((f) => f.key)).toEqual(['exports/live.zip.part']); // a dead process's part, swept
    expect(await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, 'expired-session'))).toEqual([]);
    const buckets = await selectRows<{ key: string }>(t.database.db, sql`select key from rate_limit_buckets`);
    expect(buckets.map((b) => b.key)).toContain('live-window');
    expect(buckets.map((b) => b.key)).not.toContain('old-window');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, body.user.id))).toHaveLength(1);
    expect((await pruneExpired(t.database.db)).sessions).toBe(0);
  });
});
