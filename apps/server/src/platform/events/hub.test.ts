import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/repository';
import { relayDatabase, type DatabaseRelay } from '../../test/db-relay';
import { openTestDatabase } from '../../test/harness';
import type { WebSocket } from 'ws';
import { RealtimeHub } from './hub';
import { REALTIME_CHANNEL } from './wire';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe('the realtime hub stopped while its LISTEN connection is away', () => {
  let database: Database;
  let relay: DatabaseRelay;
  let hub: RealtimeHub;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  /** Connections to this test's database that are listening (the hub's only). */
  const listeners = async () =>
    (
      await selectRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      )
    )[0]!.n;

  const startHub = async () => {
    relay = await relayDatabase(database.url);
    hub = new RealtimeHub({ ...database, url: relay.url }, pino({ level: 'silent' }));
    await hub.start();
    expect(await listeners()).toBe(1);
  };

  it('leaves no connection open and never reconnects when stopped while the reconnect is connecting', async () => {
    await startHub();
    relay.hold(); // the connection drops; the reconnect's connection is accepted but left unanswered
    await until(() => relay.held > 0);
    await hub.stop();
    relay.restore(); // the held connection (if still open) now reaches PostgreSQL
    await sleep(1_000);
    expect(await listeners()).toBe(0);
    expect(relay.held).toBe(0);
    await relay.close();
  });

  it('leaves no connection open and never reconnects when stopped while waiting to reconnect', async () => {
    await startHub();
    relay.cut();
    await sleep(50); // the drop is seen; the reconnect waits 400 ms
    await hub.stop();
    relay.restore();
    await sleep(1_000);
    expect(await listeners()).toBe(0);
    await relay.close();
  });

  it('still reconnects when not stopped', async () => {
    await startHub();
    relay.hold();
    await until(() => relay.held > 0);
    relay.restore();
    let n = 0;
    for (let i = 0; i < 50 && n !== 1; i++) {
      await sleep(100);
      n = await listeners();
    }
    expect(n).toBe(1);
    await hub.stop();
    await sleep(200);
    expect(await listeners()).toBe(0);
    await relay.close();
  });
});

describe('the realtime hub reading notifications', () => {
  it('delivers only the parts meant for its own sockets and leaves the rest unread', async () => {
    const database = await openTestDatabase();
    const warnings: string[] = [];
    const hub = new RealtimeHub(database, pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) }));
    await hub.start();
    const frames: string[] = [];
    const socket = { OPEN: 1, readyState: 1, send: (text: string) => frames.push(text), close: () => {} };
    hub.add(socket as unknown as WebSocket, {
      tokenHash: 'token',
      userId: 'here',
      companyId: null,
      verify: () => Promise.resolve('same'),
    });
    const notify = (payload: object) =>
      database.db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(payload)})`);
    const unread = (messages: number) => ({ type: 'unread', messages, notifications: 0 });
    try {
      // Not a valid event, but for nobody connected here: dropped before it is validated, so no warning.
      await notify({ users: ['elsewhere'], event: { type: 'nonsense' } });
      await notify({
        batch: [
          { users: ['elsewhere'], event: unread(1) },
          { users: ['here', 'elsewhere'], event: unread(2) },
        ],
      });
      await notify({ users: ['here'], event: { type: 'nonsense' } });
      await until(() => warnings.length === 1); // notifications arrive in order: everything before was read
      expect(frames.map((frame) => JSON.parse(frame))).toEqual([unread(2)]);
      expect(warnings[0]).toContain('unreadable notification payload');
    } finally {
      await hub.stop();
      await database.close();
    }
  });
});
