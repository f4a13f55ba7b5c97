import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/repository';
import { relayDatabase, type DatabaseRelay } from '../../test/db-relay';
import { openTestDatabase } from '../../test/harness';
import { RealtimeHub } from './hub';

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
