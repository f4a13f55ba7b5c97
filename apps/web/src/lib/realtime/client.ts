import {
  parseWireMessage,
  REALTIME_CLOSE_CODES,
  realtimeEventSchema,
  type RealtimeClientMessage,
  type RealtimeEvent,
} from '@referwell/shared';

type Listener = (event: RealtimeEvent) => void;
type StatusListener = (status: { connected: boolean; reconnected: boolean; sessionChanged?: boolean }) => void;

/** The server closed the socket because the session it was opened with ended or changed. */
const SESSION_CLOSE_CODES: ReadonlySet<number> = new Set(Object.values(REALTIME_CLOSE_CODES));

/** Backoff between reconnect attempts: 0.5 s doubling to 15 s, with jitter. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const base = Math.min(15_000, 500 * 2 ** attempt);
  return Math.round(base / 2 + random() * (base / 2));
}

const PING_MS = 25_000;

/**
 * One WebSocket to /api/realtime per tab. Reconnects with backoff; after a reconnect the status
 * listeners hear `reconnected: true` so the app can refetch what it may have missed.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private listeners = new Set<Listener>();
  private statusListeners = new Set<StatusListener>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ping: ReturnType<typeof setInterval> | undefined;
  private stopped = true;
  private everConnected = false;
  private viewing: string | null = null;

  constructor(private readonly url: string) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.ping);
    this.socket?.close();
    this.socket = null;
    this.everConnected = false;
  }

  on(listener: Listener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  onStatus(listener: StatusListener) {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  }

  /** Tells the server which conversation this tab shows (no notifications for it meanwhile). */
  setViewing(conversationId: string | null) {
    this.viewing = conversationId;
    this.send({ type: 'viewing', conversationId });
  }

  get connected() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  private send(message: RealtimeClientMessage) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private open() {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      const reconnected = this.everConnected;
      this.everConnected = true;
      this.attempt = 0;
      if (this.viewing) this.send({ type: 'viewing', conversationId: this.viewing });
      clearInterval(this.ping);
      this.ping = setInterval(() => this.send({ type: 'ping' }), PING_MS);
      for (const l of this.statusListeners) l({ connected: true, reconnected });
    });
    socket.addEventListener('message', (message) => {
      const event = parseWireMessage(realtimeEventSchema, message.data);
      if (event) for (const l of this.listeners) l(event);
    });
    socket.addEventListener('close', (event) => {
      clearInterval(this.ping);
      if (this.socket !== socket) return;
      this.socket = null;
      const sessionChanged = SESSION_CLOSE_CODES.has(event.code);
      for (const l of this.statusListeners) l({ connected: false, reconnected: false, sessionChanged });
      if (this.stopped) return;
      this.timer = setTimeout(() => this.open(), reconnectDelay(this.attempt++));
    });
  }
}

let shared: RealtimeClient | null = null;

/** The tab's one client (created on first use). */
export function realtimeClient(): RealtimeClient {
  if (!shared) {
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    shared = new RealtimeClient(`${protocol}//${window.location.host}/api/realtime`);
  }
  return shared;
}
