/**
 * Messaging area (issue #8): starts the built server on loopback with a fresh database
 * (the embedded PostgreSQL, or a throw-away database on DATABASE_URL), connects 200 WebSocket clients (both
 * participants of 100 conversations), and measures delivery latency from the send request to the
 * other participant's socket receiving the message (p50/p95), paced (100 messages per second) and
 * as a burst (100 at once). Then the throughput of GET /api/conversations for a user with 500
 * conversations (autocannon).
 *
 *   npm run build && BENCH_ONLY=messaging node --import tsx bench/run.ts
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import type { Database } from '../apps/server/src/db/client';
import { createSession } from '../apps/server/src/platform/sessions/sessions';
import { seedConversationPairs, type Pair } from './people';
import {
  bareRow,
  driver,
  latencySummary,
  load,
  measureBare,
  prepareDatabase,
  report,
  startServer,
  type BareCeiling,
  type Row,
} from './support';
import { cpuMeter, loadAverage } from './cpu';
import { HOT_MAX_P99_MS, HOT_MIN_RATIO, judgedLoad, serverRows, SHOWN, verdict } from './targets';

const CONVERSATIONS = 100;
const LIST_CONVERSATIONS = 500;
const ROUNDS = Number(process.env.BENCH_MESSAGING_ROUNDS ?? 5);
const TARGET_P95_MS = 50;

/** Users, sessions and conversations written straight into the database before the server opens it. */
async function seedMessaging(database: Database) {
  const { db } = database;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const session = (userId: string) => createSession(db, userId, { userAgent: 'bench' });
  // 100 referrers of one company and 100 job seekers, one conversation per pair.
  const pairs = await seedConversationPairs(database, CONVERSATIONS);

  // The demo admin gets 500 conversations with 500 job seekers, two messages each.
  const [admin] = await rows<{ id: string }>(sql`select id from users where email = 'admin@referwell.demo'`);
  const listToken = await session(admin!.id);
  await db.execute(sql`
      with people as (
        insert into users (email, name, password_hash, type)
        select 'bench.list.' || n || '@example.com', 'List Person ' || n, 'x', 'jobseeker'
        from generate_series(1, ${LIST_CONVERSATIONS}) as n
        returning id),
      numbered as (select id, row_number() over () as n from people),
      convs as (
        insert into conversations (subject, updated_at)
        select 'List conversation ' || n, now() - (n || ' minutes')::interval from generate_series(1, ${LIST_CONVERSATIONS}) as n
        returning id, subject),
      conv_numbered as (select id, cast(substring(subject from 19) as int) as n from convs),
      parts as (
        insert into conversation_participants (conversation_id, user_id, unread_count)
        select c.id, ${admin!.id}::uuid, 1 from conv_numbered c
        union all
        select c.id, p.id, 0 from conv_numbered c join numbered p on p.n = c.n
        returning 1)
      insert into messages (conversation_id, sender_id, content, created_at)
      select c.id, p.id, 'Hello number ' || c.n || ' about the role', now() - (c.n || ' minutes')::interval
      from conv_numbered c join numbered p on p.n = c.n`);
  await db.execute(sql`analyze`);
  return { pairs, listToken };
}

function connect(baseUrl: string, token: string): Promise<WebSocket> {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/realtime`, {
    headers: { origin: baseUrl, cookie: `rw_session=${token}` },
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * Sends one message per conversation per round and times each until the recipient's socket has it.
 * `spacingMs` spreads the sends of a round (10 ms: 100 messages per second; 0: all at once).
 */
async function measureDelivery(
  baseUrl: string,
  pairs: Pair[],
  sockets: Map<string, WebSocket>,
  rounds: number,
  spacingMs: number,
) {
  const latencies: number[] = [];
  let failures = 0;
  /**
   * Answers other than 201 by status, and sends that got no answer by error code, printed: a failure's cause (an
   * overloaded machine answers 503; a refused connection is ECONNRESET).
   */
  const refusals = new Map<number | string, number>();
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      pairs.map(async (pair, i) => {
        await new Promise((r) => setTimeout(r, i * spacingMs));
        const text = `bench ${round} ${i} ${randomBytes(4).toString('hex')}`;
        const socket = sockets.get(pair.recipient.id)!;
        const received = new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => {
            socket.off('message', onMessage);
            reject(new Error('not delivered within 10 s'));
          }, 10_000);
          const onMessage = (data: WebSocket.RawData) => {
            const event = JSON.parse(String(data)) as { type: string; message?: { text: string } | null };
            if (event.type === 'message.new' && event.message?.text === text) {
              clearTimeout(timer);
              socket.off('message', onMessage);
              resolve(performance.now());
            }
          };
          socket.on('message', onMessage);
        });
        const started = performance.now();
        const status = await fetch(`${baseUrl}/api/conversations/${pair.conversationId}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `rw_session=${pair.sender.token}`, origin: baseUrl },
          body: JSON.stringify({ text }),
        }).then(
          async (response) => (await response.arrayBuffer(), response.status),
          (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
        );
        if (status !== 201) {
          // Nothing will arrive: the wait's timeout must not end the run as an unhandled rejection.
          received.catch(() => {});
          failures++;
          refusals.set(status, (refusals.get(status) ?? 0) + 1);
          return;
        }
        try {
          latencies.push((await received) - started);
        } catch {
          failures++;
        }
      }),
    );
  }
  if (refusals.size)
    console.log(`sends not answered 201, by status or error: ${JSON.stringify(Object.fromEntries(refusals))}`);
  return { samples: latencies.length, failures, ...latencySummary(latencies) };
}

async function main() {
  const prepared = await prepareDatabase('msg', seedMessaging);
  const { pairs, listToken } = prepared.data;
  const rows: Row[] = [];
  let failed = false;
  const sockets = new Map<string, WebSocket>();
  let bare: BareCeiling | undefined;
  try {
    const server = await startServer(prepared, { RATE_LIMIT_SCALE: '1000' });
    const { baseUrl } = server;
    try {
      for (const pair of pairs) {
        sockets.set(pair.sender.id, await connect(baseUrl, pair.sender.token));
        sockets.set(pair.recipient.id, await connect(baseUrl, pair.recipient.token));
      }
      console.log(`${sockets.size} WebSocket clients connected in ${pairs.length} conversations (${driver})`);

      bare = await measureBare();
      rows.push(bareRow(bare));
      await measureDelivery(baseUrl, pairs, sockets, 1, 10); // warm-up
      const meter = cpuMeter(server.pid, prepared);
      const paced = await measureDelivery(baseUrl, pairs, sockets, ROUNDS, 10);
      const pacedCpu = meter.perRequest(paced.samples + paced.failures);
      const burstMeter = cpuMeter(server.pid, prepared);
      const burst = await measureDelivery(baseUrl, pairs, sockets, 1, 0);
      const burstCpu = burstMeter.perRequest(burst.samples + burst.failures);
      failed ||= paced.failures > 0 || paced.p95 > TARGET_P95_MS;
      rows.push({
        scenario: `delivery, 100 msg/s for ${ROUNDS} s (send request → other's socket)`,
        samples: paced.samples,
        failures: paced.failures,
        'p50 ms': paced.p50,
        'p95 ms': paced.p95,
        target: `p95 ≤ ${TARGET_P95_MS} ms`,
        verdict: verdict(paced.failures === 0 && paced.p95 <= TARGET_P95_MS),
        'server CPU ms/req': pacedCpu.serverMs,
        'db CPU ms/req': pacedCpu.databaseMs,
        'load avg': loadAverage(),
      });
      rows.push({
        scenario: 'delivery, burst of 100 sends at once',
        samples: burst.samples,
        failures: burst.failures,
        'p50 ms': burst.p50,
        'p95 ms': burst.p95,
        target: '—',
        verdict: burst.failures === 0 ? SHOWN : 'FAILURES',
        'server CPU ms/req': burstCpu.serverMs,
        'db CPU ms/req': burstCpu.databaseMs,
        'load avg': loadAverage(),
      });

      const listLoad = () =>
        load({ url: `${baseUrl}/api/conversations`, headers: { cookie: `rw_session=${listToken}` } });
      await listLoad(); // warm-up pass is discarded
      const list = await judgedLoad(
        `GET /api/conversations (user with ${LIST_CONVERSATIONS} conversations, page of 20)`,
        listLoad,
        server,
        prepared,
        bare,
        { minRatio: HOT_MIN_RATIO, maxP99Ms: HOT_MAX_P99_MS },
      );
      failed ||= !list.ok;
      rows.push(list.row);
      const serverCheck = serverRows(server.pid, server.startupMs);
      failed ||= !serverCheck.ok;
      rows.push(...serverCheck.rows);
    } finally {
      for (const socket of sockets.values()) socket.terminate();
      await server.stop();
    }
  } finally {
    await prepared.cleanup();
  }
  report('messaging', rows, { clients: sockets.size, conversations: CONVERSATIONS, bare });
  if (failed) process.exitCode = 1;
}

await main();
