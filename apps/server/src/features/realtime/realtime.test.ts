import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { REALTIME_CLOSE_CODES, type RealtimeEvent } from '@referwell/shared';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { openTestDatabase, signUp, withSession, type SignedUp, type TestApp } from '../../test/harness';
import { createNotification } from '../../platform/notifications/service';
import { SOCKET_SESSION_RECHECK_MS } from '../../platform/events/hub';
import { SESSION_CACHE_TTL_MS } from '../../platform/sessions/session-cache';
import { sessions } from '../../db/schema';
import { REALTIME_LIMITS } from './routes';

/**
 * Two server instances on one database, each with its own connection pool. Each has its own LISTEN; a change committed through
 * one reaches sockets connected to the other.
 */
let shared: Database;
let second: Database;
let dataDir: string;
const apps: FastifyInstance[] = [];
const urls: string[] = [];

async function startInstance(database: Database, env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  urls.push(`127.0.0.1:${(app.server.address() as AddressInfo).port}`);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'referwell-realtime-'));
  shared = await openTestDatabase();
  second = await openDatabase({ databaseUrl: shared.url });
  await startInstance(shared);
  await startInstance(second);
  await startInstance(second, { REALTIME_MAX_SOCKETS: '3' }); // a small process for its cap
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await second.close();
  await shared.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `t`-like handle for the harness's signUp on instance 0. */
const harness = () => ({ app: apps[0]! }) as unknown as TestApp;

interface Client {
  socket: WebSocket;
  events: RealtimeEvent[];
  waitFor<T extends RealtimeEvent>(match: (e: RealtimeEvent) => e is T, ms?: number): Promise<T>;
  waitFor(match: (e: RealtimeEvent) => boolean, ms?: number): Promise<RealtimeEvent>;
  close(): Promise<void>;
}

function connect(instance: number, who: SignedUp | null, origin?: string): Promise<Client> {
  const host = urls[instance]!;
  const socket = new WebSocket(`ws://${host}/api/realtime`, {
    headers: {
      origin: origin ?? `http://${host}`,
      ...(who ? { cookie: `rw_session=${who.token}` } : {}),
    },
  });
  const events: RealtimeEvent[] = [];
  const waiters: { match: (e: RealtimeEvent) => boolean; resolve: (e: RealtimeEvent) => void }[] = [];
  socket.on('message', (data) => {
    const event = JSON.parse(String(data)) as RealtimeEvent;
    events.push(event);
    for (const w of [...waiters]) {
      if (w.match(event)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
  });
  const client: Client = {
    socket,
    events,
    waitFor: (match: (e: RealtimeEvent) => boolean, ms = 3000) =>
      new Promise<RealtimeEvent>((resolve, reject) => {
        const seen = events.find(match);
        if (seen) return resolve(seen);
        const timer = setTimeout(
          () => reject(new Error(`no matching event within ${ms} ms: ${JSON.stringify(events)}`)),
          ms,
        );
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      }),
    close: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.terminate();
      }),
  } as Client;
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

const api = (instance: number, method: 'GET' | 'POST', url: string, who: SignedUp, payload?: object) =>
  apps[instance]!.inject({ method, url, payload, ...withSession(who.token) });

let company: SignedUp;
let seeker: SignedUp;

beforeAll(async () => {
  company = await signUp(harness(), { role: 'companyHR', companyType: 'create', companyName: 'Realtime Health' });
  seeker = await signUp(harness(), { name: 'Rae Realtime' });
});

describe('the /api/realtime socket', () => {
  it('refuses a visitor without a session and a foreign Origin', async () => {
    await expect(connect(0, null)).rejects.toThrow('handshake refused: 401');
    await expect(connect(0, seeker, 'https://evil.example')).rejects.toThrow('handshake refused: 403');
  });

  it('greets with the unread totals', async () => {
    const client = await connect(0, seeker);
    const hello = await client.waitFor((e) => e.type === 'hello');
    expect(hello).toMatchObject({ type: 'hello', userId: seeker.body.user.id, messages: expect.any(Number) });
    await client.close();
  });
});

describe('a socket is bound to its session (issue 40, finding 1)', () => {
  const closed = (client: Client) =>
    new Promise<number>((resolve) => {
      if (client.socket.readyState === WebSocket.CLOSED) return resolve(-1);
      client.socket.once('close', (code) => resolve(code));
    });
  const tokenOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === 'rw_session')!.value;
  /** Texts of the messages a tab was pushed. */
  const texts = (client: Client) =>
    client.events.flatMap((e) => (e.type === 'message.new' && e.message ? [e.message.text] : []));

  /** A conversation from the company admin to `who`, and a way to write in it (through instance 0). */
  async function conversationWith(who: SignedUp) {
    const started = await api(0, 'POST', '/api/conversations', company, {
      recipientId: who.body.user.id,
      message: 'Opening line',
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().conversation.id as string;
    return (text: string) => api(0, 'POST', `/api/conversations/${id}/messages`, company, { text });
  }

  it('logging out on instance A closes the tab on instance B at once; what follows the logout never reaches it', async () => {
    const leaving = await signUp(harness(), { name: 'Lee Leaving' });
    const write = await conversationWith(leaving);
    const tab = await connect(1, leaving);
    await tab.waitFor((e) => e.type === 'hello');
    await write('Before the logout');
    await tab.waitFor((e) => e.type === 'message.new' && e.message?.text === 'Before the logout');
    const ended = closed(tab);
    expect((await api(0, 'POST', '/api/auth/logout', leaving)).statusCode).toBe(204);
    await write('After the logout'); // committed after the logout: its notice comes after the session change
    expect(await ended).toBe(REALTIME_CLOSE_CODES.sessionEnded);
    expect(texts(tab)).not.toContain('After the logout');
  });

  it("a password change on instance A closes every older session's tab on B; the new session's tab is served", async () => {
    const owner = await signUp(harness(), { name: 'Pat Password' });
    const login = await apps[0]!.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.body.user.email, password: owner.password },
      remoteAddress: '10.66.0.1',
    });
    const second = { ...owner, token: tokenOf(login) };
    const write = await conversationWith(owner);
    const intruder = await connect(1, owner);
    const mine = await connect(1, second);
    await Promise.all([intruder, mine].map((tab) => tab.waitFor((e) => e.type === 'hello')));
    const ends = [closed(intruder), closed(mine)];
    const changed = await api(0, 'POST', '/api/auth/password', second, {
      currentPassword: owner.password,
      newPassword: 'an entirely new passphrase',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await write('After the password change');
    expect(await Promise.all(ends)).toEqual([REALTIME_CLOSE_CODES.sessionEnded, REALTIME_CLOSE_CODES.sessionEnded]);
    for (const tab of [intruder, mine]) expect(texts(tab)).not.toContain('After the password change');

    const fresh = await connect(1, { ...owner, token: tokenOf(changed) });
    await fresh.waitFor((e) => e.type === 'hello');
    await write('To the new session');
    await fresh.waitFor((e) => e.type === 'message.new' && e.message?.text === 'To the new session');
    await fresh.close();
    await expect(connect(1, owner)).rejects.toThrow('handshake refused: 401');
  });

  it("a role change and a removal from the company close the member's tabs on the other instance", async () => {
    const companyId = company.body.company!.id;
    const { inviteCode } = (await api(0, 'GET', `/api/companies/${companyId}/team`, company)).json();
    const member = await signUp(harness(), { role: 'referrer', inviteCode });
    const memberId = member.body.user.id;

    const before = await connect(1, member);
    await before.waitFor((e) => e.type === 'hello');
    const promoted = closed(before);
    const patch = await apps[0]!.inject({
      method: 'PATCH',
      url: `/api/companies/${companyId}/members/${memberId}`,
      payload: { role: 'Admin' },
      ...withSession(company.token),
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(await promoted).toBe(REALTIME_CLOSE_CODES.sessionChanged);

    // The session stands with its new role: a new tab opens, and is closed when the member is removed.
    const after = await connect(1, member);
    await after.waitFor((e) => e.type === 'hello');
    const removed = closed(after);
    const removal = await apps[0]!.inject({
      method: 'DELETE',
      url: `/api/companies/${companyId}/members/${memberId}`,
      ...withSession(company.token),
    });
    expect(removal.statusCode, removal.body).toBeLessThan(300);
    expect(await removed).toBe(REALTIME_CLOSE_CODES.sessionChanged);
  });

  it('a revocation nobody announced (the session row deleted by hand) stops deliveries within seconds', async () => {
    const quiet = await signUp(harness(), { name: 'Quinn Quiet' });
    const tab = await connect(1, quiet);
    await tab.waitFor((e) => e.type === 'hello');
    let code: number | null = null;
    void closed(tab).then((c) => (code = c));
    await shared.db.delete(sessions).where(eq(sessions.userId, quiet.body.user.id)); // no NOTIFY
    const notify = (n: number) =>
      shared.db.transaction((tx) =>
        createNotification(tx, {
          userId: quiet.body.user.id,
          title: 'Quiet',
          message: `Delivery ${n}`,
          type: 'referral_update',
          referenceId: `quiet-${n}`,
        }),
      );
    // Deliveries keep coming; one arriving past the socket's re-check interval asks the session, which is gone.
    const deadline = performance.now() + SOCKET_SESSION_RECHECK_MS + SESSION_CACHE_TTL_MS + 5_000;
    let sent = 0;
    while (code === null && performance.now() < deadline) {
      await notify(++sent);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(code).toBe(REALTIME_CLOSE_CODES.sessionEnded);
    const delivered = tab.events.flatMap((e) => (e.type === 'notification.new' ? [e.notification.referenceId] : []));
    expect(delivered).not.toContain(`quiet-${sent}`);
    await tab.close();
  });
});

describe('fan-out between two server instances on one database', () => {
  it('delivers a message sent through instance A to every tab of the recipient on instance B', async () => {
    const tab1 = await connect(1, seeker);
    const tab2 = await connect(1, seeker);
    const senderTab = await connect(0, company);
    await tab1.waitFor((e) => e.type === 'hello');
    await tab2.waitFor((e) => e.type === 'hello');

    const started = await api(0, 'POST', '/api/conversations', company, {
      recipientId: seeker.body.user.id,
      message: 'Across instances',
    });
    expect(started.statusCode).toBe(201);
    const conversationId = started.json().conversation.id;
    for (const tab of [tab1, tab2]) {
      const got = await tab.waitFor((e) => e.type === 'message.new' && e.conversationId === conversationId);
      expect(got).toMatchObject({ message: { text: 'Across instances', senderId: company.body.user.id } });
      await tab.waitFor((e) => e.type === 'unread' && e.messages >= 1);
      await tab.waitFor(
        (e) =>
          e.type === 'notification.new' &&
          e.notification.type === 'message' &&
          e.notification.referenceId === conversationId,
      );
    }
    // The sender's own other tabs hear it too.
    await senderTab.waitFor((e) => e.type === 'message.new' && e.conversationId === conversationId);

    // Read receipt: the seeker reads on instance B, the sender on instance A hears it.
    await api(1, 'POST', `/api/conversations/${conversationId}/read`, seeker);
    await senderTab.waitFor(
      (e) =>
        e.type === 'conversation.read' && e.conversationId === conversationId && e.readerId === seeker.body.user.id,
    );
    await tab1.waitFor((e) => e.type === 'unread' && e.messages === 0);
    await Promise.all([tab1.close(), tab2.close(), senderTab.close()]);
  });

  it('createNotification pushes only after the transaction commits, and nothing on rollback', async () => {
    const tab = await connect(1, seeker);
    await tab.waitFor((e) => e.type === 'hello');
    await expect(
      shared.db.transaction(async (tx) => {
        await createNotification(tx, {
          userId: seeker.body.user.id,
          title: 'Rolled back',
          message: 'never seen',
          type: 'referral_update',
          referenceId: 'r-1',
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await shared.db.transaction(async (tx) => {
      await createNotification(tx, {
        userId: seeker.body.user.id,
        title: 'Referral Status Updated',
        message: 'The status for Rae has been updated to accepted',
        type: 'referral_update',
        referenceId: 'r-2',
      });
    });
    const pushed = await tab.waitFor((e) => e.type === 'notification.new' && e.notification.referenceId === 'r-2');
    expect(pushed).toMatchObject({ notification: { title: 'Referral Status Updated', isRead: false } });
    expect(tab.events.some((e) => e.type === 'notification.new' && e.notification.referenceId === 'r-1')).toBe(false);
    const list = (await api(0, 'GET', '/api/notifications', seeker)).json();
    expect(list.items.map((n: { referenceId: string }) => n.referenceId)).not.toContain('r-1');
    await tab.close();
  });
});

describe('reconnect', () => {
  it('a message sent while the socket is down is there when the client reconnects and refetches', async () => {
    const started = await api(0, 'POST', '/api/conversations', company, {
      recipientId: seeker.body.user.id,
      message: 'Before the drop',
      subject: 'Reconnect test',
    });
    const conversationId = started.json().conversation.id;
    const first = await connect(1, seeker);
    await first.waitFor((e) => e.type === 'hello');
    await first.close();

    await api(0, 'POST', `/api/conversations/${conversationId}/messages`, company, { text: 'While you were away' });
    expect(first.events.some((e) => e.type === 'message.new' && e.message?.text === 'While you were away')).toBe(false);

    const again = await connect(1, seeker);
    const hello = await again.waitFor((e) => e.type === 'hello');
    expect(hello).toMatchObject({ messages: expect.any(Number) });
    expect((hello as { messages: number }).messages).toBeGreaterThanOrEqual(1);
    const detail = (await api(1, 'GET', `/api/conversations/${conversationId}`, seeker)).json();
    expect(detail.messages.map((m: { text: string }) => m.text).slice(-2)).toEqual([
      'Before the drop',
      'While you were away',
    ]);
    // And live delivery works again on the new socket.
    await api(0, 'POST', `/api/conversations/${conversationId}/messages`, company, { text: 'Back online' });
    await again.waitFor((e) => e.type === 'message.new' && e.message?.text === 'Back online');
    await again.close();
  });

  it('a tab viewing the conversation suppresses the message notification', async () => {
    const started = await api(0, 'POST', '/api/conversations', company, {
      recipientId: seeker.body.user.id,
      message: 'Viewing test',
      subject: 'Viewing',
    });
    const conversationId = started.json().conversation.id;
    await api(1, 'POST', `/api/conversations/${conversationId}/read`, seeker);
    const tab = await connect(1, seeker);
    await tab.waitFor((e) => e.type === 'hello');
    tab.socket.send(JSON.stringify({ type: 'viewing', conversationId }));
    // Give the server a moment to record the presence.
    await new Promise((r) => setTimeout(r, 200));
    await api(0, 'POST', `/api/conversations/${conversationId}/messages`, company, { text: 'Seen live' });
    await tab.waitFor((e) => e.type === 'message.new' && e.message?.text === 'Seen live');
    const unread = (await api(0, 'GET', '/api/notifications', seeker))
      .json()
      .items.filter((n: { referenceId: string; isRead: boolean }) => n.referenceId === conversationId && !n.isRead);
    expect(unread).toEqual([]);
    await tab.close();
  });
});

describe('limits (issue 21, finding 4)', () => {
  const closed = (client: Client) =>
    new Promise<number>((resolve) => {
      if (client.socket.readyState === WebSocket.CLOSED) return resolve(-1);
      client.socket.once('close', (code) => resolve(code));
    });

  it('closes a socket that floods frames (1008) and coalesces viewing updates', async () => {
    const flooder = await signUp(harness());
    const tab = await connect(0, flooder);
    await tab.waitFor((e) => e.type === 'hello');
    const ended = closed(tab);
    for (let i = 0; i < 2_000; i++) {
      if (tab.socket.readyState !== WebSocket.OPEN) break;
      tab.socket.send(JSON.stringify({ type: 'viewing', conversationId: i % 2 ? null : crypto.randomUUID() }));
    }
    expect(await ended).toBe(1008);
    // The server still answers promptly.
    const started = performance.now();
    expect((await apps[0]!.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it(`refuses more than ${REALTIME_LIMITS.maxSocketsPerUser} sockets for one user`, async () => {
    const hoarder = await signUp(harness());
    const tabs: Client[] = [];
    try {
      for (let i = 0; i < REALTIME_LIMITS.maxSocketsPerUser; i++) tabs.push(await connect(0, hoarder));
      await expect(connect(0, hoarder)).rejects.toThrow('handshake refused: 429');
      // Closing one tab makes room again.
      await tabs.pop()!.close();
      await new Promise((r) => setTimeout(r, 50));
      tabs.push(await connect(0, hoarder));
    } finally {
      for (const tab of tabs) await tab.close();
    }
  });

  it(`refuses more than ${REALTIME_LIMITS.maxSocketsPerIp} sockets from one address`, async () => {
    const cap = Math.round(REALTIME_LIMITS.maxSocketsPerIp * apps[1]!.config.rateLimitScale);
    const people = await Promise.all(Array.from({ length: Math.ceil(cap / 15) }, () => signUp(harness())));
    const tabs: Client[] = [];
    try {
      for (let i = 0; i < cap; i++) tabs.push(await connect(1, people[i % people.length]!));
      const fresh = await signUp(harness());
      await expect(connect(1, fresh)).rejects.toThrow('handshake refused: 429');
    } finally {
      for (const tab of tabs) await tab.close();
    }
  });

  it('refuses sockets past the process cap with 503, and takes one again once a socket closes', async () => {
    const people = await Promise.all([0, 1, 2, 3].map(() => signUp(harness())));
    const tabs: Client[] = [];
    try {
      for (const person of people.slice(0, 3)) tabs.push(await connect(2, person));
      await expect(connect(2, people[3]!)).rejects.toThrow('handshake refused: 503');
      await tabs.pop()!.close();
      await new Promise((r) => setTimeout(r, 50));
      tabs.push(await connect(2, people[3]!));
    } finally {
      for (const tab of tabs) await tab.close();
    }
  });
});
