import pg from 'pg';
import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { parseWireMessage, type RealtimeEvent } from '@referwell/shared';
import type { Database } from '../../db/client';
import { notifyEnvelopeSchema, REALTIME_CHANNEL, type SessionChange } from './publish';

type Unsubscribe = () => Promise<void>;

/**
 * This process's open sockets by user, fed by PostgreSQL LISTEN: every process listens on the
 * same channel, so a change committed by any process reaches every tab of the user wherever it is
 * connected.
 */
export class RealtimeHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private unsubscribe: Unsubscribe | null = null;
  private closed = false;
  private readonly sessionListeners: ((change: SessionChange) => void)[] = [];
  private readonly jobsListeners: (() => void)[] = [];
  private readonly talentListeners: (() => void)[] = [];

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.listen(200);
  }

  async stop(): Promise<void> {
    this.closed = true;
    await this.unsubscribe?.();
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
    const text = JSON.stringify(event);
    for (const userId of userIds) {
      for (const socket of this.sockets.get(userId) ?? []) {
        if (socket.readyState === socket.OPEN) socket.send(text);
      }
    }
  }

  private onPayload = (payload: string) => {
    const envelope = parseWireMessage(notifyEnvelopeSchema, payload);
    if (!envelope) this.log.warn('realtime: unreadable notification payload');
    else if ('jobs' in envelope) for (const listener of this.jobsListeners) listener();
    else if ('talent' in envelope) for (const listener of this.talentListeners) listener();
    else if ('sessions' in envelope) for (const listener of this.sessionListeners) listener(envelope.sessions);
    else if ('batch' in envelope) for (const one of envelope.batch) this.deliver(one.users, one.event);
    else this.deliver(envelope.users, envelope.event);
  };

  /** A dedicated connection for LISTEN, re-opened with backoff when it drops. */
  private async listen(retryMs: number): Promise<Unsubscribe> {
    const client = new pg.Client({ connectionString: this.database.url });
    let current: pg.Client | null = client;
    const reconnect = () => {
      if (this.closed || !current) return;
      current = null;
      const wait = Math.min(retryMs * 2, 10_000);
      this.log.warn(`realtime: LISTEN connection lost, reconnecting in ${wait} ms`);
      setTimeout(() => {
        if (this.closed) return;
        this.listen(wait)
          .then((unsubscribe) => {
            this.unsubscribe = unsubscribe;
            // Session changes may have been missed too.
            for (const listener of this.sessionListeners) listener({ all: true });
            for (const listener of this.jobsListeners) listener();
            for (const listener of this.talentListeners) listener();
            // Tabs may have missed events while the listener was away: tell them to refetch.
            for (const set of this.sockets.values())
              for (const socket of set) socket.send(JSON.stringify({ type: 'resync' }));
          })
          .catch(() => reconnect());
      }, wait);
    };
    client.on('notification', (message) => {
      if (message.channel === REALTIME_CHANNEL && message.payload) this.onPayload(message.payload);
    });
    client.on('error', reconnect);
    client.on('end', reconnect);
    await client.connect();
    await client.query(`LISTEN ${REALTIME_CHANNEL}`);
    return async () => {
      current = null;
      await client.end().catch(() => {});
    };
  }
}
