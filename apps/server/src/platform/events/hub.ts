import pg from 'pg';
import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { readWireJson, type RealtimeEvent } from '@referwell/shared';
import type { Database } from '../../db/client';
import { notifyEnvelopeSchema, REALTIME_CHANNEL, socketText, type SessionChange } from './wire';

const FIRST_RETRY_MS = 200;
const MAX_RETRY_MS = 10_000;

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
  /** The LISTEN connection once it listens, and one being opened (at start or reconnecting): stop() ends both. */
  private listening: pg.Client | null = null;
  private opening: pg.Client | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = FIRST_RETRY_MS;
  private closed = false;
  private readonly sessionListeners: ((change: SessionChange) => void)[] = [];
  private readonly jobsListeners: (() => void)[] = [];
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
  }

  add(userId: string, socket: WebSocket): void {
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Set()));
    set.add(socket);
  }

  remove(userId: string, socket: WebSocket): void {
    const set = this.sockets.get(userId);
    set?.delete(socket);
    if (set?.size === 0) this.sockets.delete(userId);
  }

  /** Calls `listener` for every session change any process publishes (and with `all` after a lost connection). */
  onSessionChange(listener: (change: SessionChange) => void): void {
    this.sessionListeners.push(listener);
  }

  /** Calls `listener` whenever any process writes job_postings (and after a lost connection). */
  onJobsChange(listener: () => void): void {
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

  /** Sends one event to every local socket of the given users. */
  deliver(userIds: string[], event: RealtimeEvent): void {
    const text = socketText(event);
    for (const userId of userIds) {
      for (const socket of this.sockets.get(userId) ?? []) {
        if (socket.readyState === socket.OPEN) socket.send(text);
      }
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
    else if ('jobs' in envelope) for (const listener of this.jobsListeners) listener();
    else if ('talent' in envelope) for (const listener of this.talentListeners) listener();
    else if ('sessions' in envelope) for (const listener of this.sessionListeners) listener(envelope.sessions);
    else if ('batch' in envelope) for (const one of envelope.batch) this.deliver(one.users, one.event);
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
    for (const listener of this.jobsListeners) listener();
    for (const listener of this.talentListeners) listener();
    // Tabs may have missed events while the listener was away: tell them to refetch.
    for (const set of this.sockets.values()) for (const socket of set) socket.send(socketText({ type: 'resync' }));
  }
}
