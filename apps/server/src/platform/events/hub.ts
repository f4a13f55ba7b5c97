import pg from 'pg';
import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { readWireJson, REALTIME_CLOSE_CODES, type RealtimeEvent } from '@referwell/shared';
import type { Database } from '../../db/client';
import { notifyEnvelopeSchema, REALTIME_CHANNEL, socketText, type JobsChange, type SessionChange } from './wire';

const FIRST_RETRY_MS = 200;
const MAX_RETRY_MS = 10_000;

/**
 * A socket's session is asked again before a delivery once this long has passed since it was last found standing:
 * the bound on how long a revocation nobody announced (a session expiring, a row deleted by hand) can go unseen by an
 * open socket, on top of the session cache's own few seconds (SESSION_CACHE_TTL_MS).
 */
export const SOCKET_SESSION_RECHECK_MS = 3_000;
/** Events held for one socket while its session is asked; past this many the tab is told to refetch instead. */
const MAX_HELD = 100;
/** Close code when the session could not be asked (the database is away): the tab reconnects later. */
const TRY_AGAIN_LATER = 1013;

/** What a socket's session is now, compared with what it was when the socket opened. */
export type SessionVerdict = 'same' | 'changed' | 'ended';

/** The session a socket was opened with, and how to ask whether it still stands. */
export interface SocketSession {
  /** The session's token hash: a change naming it asks again. */
  tokenHash: string;
  userId: string;
  companyId: string | null;
  /**
   * Reads the session again (through the process's session cache: cheap while it is kept): 'same' while it stands
   * as the socket saw it, 'changed' when its company or role moved, 'ended' when it is gone.
   */
  verify(): Promise<SessionVerdict>;
}

/** One open socket and the state of its session's check. */
interface Bound {
  socket: WebSocket;
  session: SocketSession;
  /** performance.now() when the session was last found standing; -Infinity before the first check. */
  verifiedAt: number;
  /** A check is under way: deliveries wait in `held`, in order. */
  verifying: boolean;
  /** A session change came while the check was under way (its read may predate it): ask once more. */
  askAgain: boolean;
  held: string[];
}

/**
 * Closes a connection that may still be opening. end() alone says goodbye and waits for the server, which a
 * stalled server never answers; the socket is destroyed so nothing is left half-open.
 */
async function abandon(client: pg.Client): Promise<void> {
  const ended = client.end().catch(() => {});
  client.connection.stream.destroy();
  await ended;
}

/**
 * This process's open sockets by user, fed by PostgreSQL LISTEN: every process listens on the
 * same channel, so a change committed by any process reaches every tab of the user wherever it is
 * connected.
 */
export class RealtimeHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private readonly bound = new Map<WebSocket, Bound>();
  /** The LISTEN connection once it listens, and one being opened (at start or reconnecting): stop() ends both. */
  private listening: pg.Client | null = null;
  private opening: pg.Client | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = FIRST_RETRY_MS;
  private closed = false;
  private readonly sessionListeners: ((change: SessionChange) => void)[] = [];
  private readonly jobsListeners: ((change: JobsChange) => void)[] = [];
  private readonly talentListeners: (() => void)[] = [];

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.listen();
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const { listening, opening } = this;
    this.listening = this.opening = null;
    await Promise.all([listening?.end().catch(() => {}), opening && abandon(opening)]);
    for (const set of this.sockets.values()) for (const socket of set) socket.close(1001, 'server shutting down');
    this.sockets.clear();
    this.bound.clear();
  }

  /**
   * Registers a socket bound to the session it was opened with, and asks that session at once: the handshake read it
   * through the cache, and a revocation announced between that read and now would otherwise go unseen. Until the
   * answer, what is sent to the socket waits.
   */
  add(socket: WebSocket, session: SocketSession): void {
    let set = this.sockets.get(session.userId);
    if (!set) this.sockets.set(session.userId, (set = new Set()));
    set.add(socket);
    const bound: Bound = { socket, session, verifiedAt: -Infinity, verifying: false, askAgain: false, held: [] };
    this.bound.set(socket, bound);
    this.verify(bound);
  }

  remove(socket: WebSocket): void {
    const bound = this.bound.get(socket);
    if (!bound) return;
    this.bound.delete(socket);
    const set = this.sockets.get(bound.session.userId);
    set?.delete(socket);
    if (set?.size === 0) this.sockets.delete(bound.session.userId);
  }

  /** Sends one event to one socket, once its session is known to stand. */
  sendTo(socket: WebSocket, event: RealtimeEvent): void {
    const bound = this.bound.get(socket);
    if (bound) this.push(bound, socketText(event));
  }

  /** Asks the socket's session now (a tab's keep-alive): closed if it ended or changed. */
  check(socket: WebSocket): void {
    const bound = this.bound.get(socket);
    if (bound) this.verify(bound);
  }

  /** Calls `listener` for every session change any process publishes (and with `all` after a lost connection). */
  onSessionChange(listener: (change: SessionChange) => void): void {
    this.sessionListeners.push(listener);
  }

  /**
   * Calls `listener` whenever any process writes job_postings (and with `true`, anything, after a lost connection):
   * with the open jobs added when a statement only inserted.
   */
  onJobsChange(listener: (change: JobsChange) => void): void {
    this.jobsListeners.push(listener);
  }

  /** Calls `listener` whenever any process writes talent_profiles (and after a lost connection). */
  onTalentChange(listener: () => void): void {
    this.talentListeners.push(listener);
  }

  /** Open sockets of a user in this process. */
  socketsOf(userId: string): ReadonlySet<WebSocket> {
    return this.sockets.get(userId) ?? new Set();
  }

  get connectionCount(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  /** Sends one event to every local socket of the given users (each once its session is known to stand). */
  deliver(userIds: string[], event: RealtimeEvent): void {
    let text: string | null = null;
    for (const userId of userIds) {
      for (const socket of this.sockets.get(userId) ?? []) {
        const bound = this.bound.get(socket);
        if (bound) this.push(bound, (text ??= socketText(event)));
      }
    }
  }

  /**
   * Every delivery passes here. A socket whose session was found standing less than SOCKET_SESSION_RECHECK_MS ago,
   * with no session change since, is sent the text at once; otherwise the text waits while the session is asked
   * (through the session cache), and goes out, in order, only if it still stands. So a revocation whose notice this
   * process missed still stops deliveries within that bound, and one it heard of stops them at once: the notice
   * arrives on the same connection, and in commit order, before any later delivery.
   */
  private push(bound: Bound, text: string): void {
    const { socket } = bound;
    if (socket.readyState !== socket.OPEN) return;
    if (!bound.verifying && performance.now() - bound.verifiedAt < SOCKET_SESSION_RECHECK_MS) {
      socket.send(text);
      return;
    }
    if (bound.held.length >= MAX_HELD) bound.held = [socketText({ type: 'resync' })];
    else bound.held.push(text);
    this.verify(bound);
  }

  private verify(bound: Bound): void {
    if (bound.verifying) {
      bound.askAgain = true;
      return;
    }
    bound.verifying = true;
    bound.askAgain = false;
    bound.session.verify().then(
      (verdict) => this.verified(bound, verdict),
      (err: unknown) => {
        this.log.warn({ err }, 'realtime: a socket session could not be checked');
        this.end(bound, TRY_AGAIN_LATER, 'session not checked');
      },
    );
  }

  private verified(bound: Bound, verdict: SessionVerdict): void {
    bound.verifying = false;
    if (!this.bound.has(bound.socket)) return; // closed meanwhile
    if (verdict === 'ended') return this.end(bound, REALTIME_CLOSE_CODES.sessionEnded, 'session ended');
    if (verdict === 'changed') return this.end(bound, REALTIME_CLOSE_CODES.sessionChanged, 'session changed');
    if (bound.askAgain) return this.verify(bound);
    bound.verifiedAt = performance.now();
    const held = bound.held;
    bound.held = [];
    const { socket } = bound;
    if (socket.readyState === socket.OPEN) for (const text of held) socket.send(text);
  }

  /** Closes the socket without sending it what waited; it leaves the registry at once. */
  private end(bound: Bound, code: number, reason: string): void {
    bound.held = [];
    this.remove(bound.socket);
    bound.socket.close(code, reason);
  }

  /** A session change (from any process): the sockets it names ask their session again before anything else. */
  private sessionsChanged(change: SessionChange): void {
    const tokens = new Set(change.tokens);
    const users = new Set(change.users);
    const companies = new Set(change.companies);
    for (const bound of this.bound.values()) {
      const { session } = bound;
      if (
        change.all ||
        tokens.has(session.tokenHash) ||
        users.has(session.userId) ||
        (session.companyId !== null && companies.has(session.companyId))
      )
        this.verify(bound);
    }
  }

  /**
   * The parts of a notification's JSON meant for sockets of this process, or null when none is: with several
   * processes, most message notifications concern sockets elsewhere, and validating them (the schema is the costly
   * part of reading one) would be wasted. Other envelopes (jobs, talent, sessions, or an unknown shape) pass whole.
   */
  private localPart(value: unknown): unknown {
    if (typeof value !== 'object' || value === null) return value;
    if ('batch' in value && Array.isArray(value.batch)) {
      const batch = value.batch.filter((one: unknown) => !this.elsewhere(one));
      return batch.length ? { batch } : null;
    }
    return this.elsewhere(value) ? null : value;
  }

  /** A well-formed delivery (`users` a list) none of whose users has a socket here. */
  private elsewhere(delivery: unknown): boolean {
    if (typeof delivery !== 'object' || delivery === null || !('users' in delivery)) return false;
    const { users } = delivery;
    return Array.isArray(users) && !users.some((id) => this.sockets.has(id as string));
  }

  private onPayload = (payload: string) => {
    const value = this.localPart(readWireJson(payload));
    if (value === null) return;
    const envelope = notifyEnvelopeSchema.safeParse(value).data;
    if (!envelope) this.log.warn('realtime: unreadable notification payload');
    else if ('jobs' in envelope) for (const listener of this.jobsListeners) listener(envelope.jobs);
    else if ('talent' in envelope) for (const listener of this.talentListeners) listener();
    else if ('sessions' in envelope) {
      for (const listener of this.sessionListeners) listener(envelope.sessions);
      this.sessionsChanged(envelope.sessions); // after the listeners: the session cache has dropped what changed
    } else if ('batch' in envelope) for (const one of envelope.batch) this.deliver(one.users, one.event);
    else this.deliver(envelope.users, envelope.event);
  };

  /**
   * Opens the dedicated LISTEN connection. Stopped meanwhile, it ends the connection and throws: stop() ends the
   * connection being opened too, but a connect that had already finished would otherwise stay open.
   */
  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.database.url });
    this.opening = client;
    client.on('notification', (message) => {
      if (message.channel === REALTIME_CHANNEL && message.payload) this.onPayload(message.payload);
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${REALTIME_CHANNEL}`);
      if (this.closed) throw new Error('realtime hub stopped');
    } catch (error) {
      if (this.opening === client) this.opening = null;
      await abandon(client);
      throw error;
    }
    this.opening = null;
    this.listening = client;
    this.retryMs = FIRST_RETRY_MS;
  }

  /** The LISTEN connection dropped: re-open it with backoff (a connection still opening reports through listen()). */
  private lost(client: pg.Client): void {
    if (this.closed || this.listening !== client) return;
    this.listening = null;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const wait = (this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS));
    this.log.warn(`realtime: LISTEN connection lost, reconnecting in ${wait} ms`);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed) return;
      this.listen().then(
        () => this.resync(),
        () => {
          if (!this.closed) this.scheduleReconnect();
        },
      );
    }, wait);
  }

  /** After a reconnect: anything published while the connection was away may have been missed. */
  private resync(): void {
    for (const listener of this.sessionListeners) listener({ all: true });
    this.sessionsChanged({ all: true }); // a revocation may be among what was missed
    for (const listener of this.jobsListeners) listener(true);
    for (const listener of this.talentListeners) listener();
    // Tabs may have missed events while the listener was away: tell them to refetch (once their session stands).
    const resync = socketText({ type: 'resync' });
    for (const bound of this.bound.values()) this.push(bound, resync);
  }
}
