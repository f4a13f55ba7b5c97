import websocket from '@fastify/websocket';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { parseWireMessage, realtimeClientMessageSchema, type RealtimeEvent } from '@referwell/shared';
import { AppError } from '../../lib/errors';
import { assertSameOrigin } from '../../platform/sessions/request-auth';
import { authOf } from '../../platform/access/route-access';
import type { AuthContext } from '../../platform/sessions/sessions';
import type { SessionVerdict, SocketSession } from '../../platform/events/hub';
import { unreadTotals } from '../../platform/events/unread';
import { setViewing } from '../messaging/port';

/** Server pings every socket this often and drops the ones that did not answer the last ping. */
const HEARTBEAT_MS = 30_000;

/**
 * Limits for one process (issue 21, finding 4). A tab sends a frame when it opens a conversation
 * and a ping every 25 s, so a socket over FRAMES_PER_WINDOW in FRAME_WINDOW_MS is not a tab: it
 * is closed (1008). 'viewing' changes are written at most once per VIEWING_FLUSH_MS per socket,
 * only the latest one counts. Tabs per user and sockets per address are capped at the handshake, and so is the
 * process's total (REALTIME_MAX_SOCKETS: a full process answers 503 and the tab retries, on another instance behind a
 * balancer).
 */
export const REALTIME_LIMITS = {
  maxSocketsPerUser: 20,
  /** Per address (an office behind one NAT shares it); RATE_LIMIT_SCALE multiplies it. */
  maxSocketsPerIp: 250,
  framesPerWindow: 30,
  frameWindowMs: 10_000,
  viewingFlushMs: 1_000,
} as const;

/** The session now, compared with the one a socket was opened with (user, company and role). */
export function sessionVerdict(opened: AuthContext, now: AuthContext | null): SessionVerdict {
  if (!now || now.user.id !== opened.user.id) return 'ended';
  if (now.company?.id !== opened.company?.id || now.company?.role !== opened.company?.role) return 'changed';
  return 'same';
}

/**
 * GET /api/realtime (WebSocket): pushes new messages, read receipts, unread totals and
 * notifications to every open tab of the logged-in user. Authenticated by the session cookie;
 * the Origin must be this site (browsers send it on every WebSocket handshake). Each socket is bound to the session
 * it was opened with (the hub asks it again on every session change and before deliveries): when that session ends
 * (log out, password change or reset, account deletion) or its role or company changes, the socket is closed
 * (REALTIME_CLOSE_CODES) on whichever process holds it.
 */
export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  const hub = app.realtime;

  await app.register(websocket, { options: { maxPayload: 4096 } });
  const allowedOrigins = new Set([new URL(app.config.publicUrl).origin]);

  const socketsByIp = new Map<string, number>();
  const maxSocketsPerIp = Math.max(1, Math.round(REALTIME_LIMITS.maxSocketsPerIp * app.config.rateLimitScale));
  const tooMany = () => new AppError(429, 'RATE_LIMITED', 'Too many open connections. Close a tab and try again.');
  const full = () => new AppError(503, 'BUSY', 'The server is busy. Try again in a moment.');

  // Browsers always send Origin on a WebSocket handshake; one without it is not our page.
  const checkOrigin = async (request: FastifyRequest) =>
    assertSameOrigin(request, allowedOrigins, { requireOrigin: true });
  const checkHandshake = async (request: FastifyRequest) => {
    const me = authOf(request);
    if (hub.socketsOf(me.user.id).size >= REALTIME_LIMITS.maxSocketsPerUser) throw tooMany();
    if ((socketsByIp.get(request.ip) ?? 0) >= maxSocketsPerIp) throw tooMany();
    if (hub.connectionCount >= app.config.realtimeMaxSockets) throw full();
  };

  const heartbeat = setInterval(() => {
    for (const socket of alive.keys()) {
      if (!alive.get(socket)) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const alive = new Map<WebSocket, boolean>();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  app.get(
    '/api/realtime',
    { config: { access: 'signedIn' }, websocket: true, onRequest: checkOrigin, preHandler: checkHandshake },
    (socket, request) => {
      const opened = authOf(request);
      const userId = opened.user.id;
      const ip = request.ip;
      let viewing: string | null = null;
      const session: SocketSession = {
        tokenHash: opened.tokenHash,
        userId,
        companyId: opened.company?.id ?? null,
        verify: async () => sessionVerdict(opened, await app.sessions.resolveHash(app.db, opened.tokenHash)),
      };
      hub.add(socket, session);
      socketsByIp.set(ip, (socketsByIp.get(ip) ?? 0) + 1);
      alive.set(socket, true);
      socket.on('pong', () => alive.set(socket, true));

      const send = (event: RealtimeEvent) => hub.sendTo(socket, event);
      void unreadTotals(app.db, userId)
        .then((totals) => send({ type: 'hello', userId, ...totals }))
        .catch((err: unknown) => request.log.warn({ err }, 'realtime: unread totals failed'));

      /** Another tab of this user in this process still shows the conversation. */
      const otherTabViewing = (conversationId: string) =>
        [...hub.socketsOf(userId)].some((s) => s !== socket && viewingBySocket.get(s) === conversationId);

      // Presence is written to the database at most once per flush interval: in between, frames
      // only change what this socket shows and remember the conversations it left.
      const left = new Set<string>();
      let flushTimer: NodeJS.Timeout | null = null;
      let lastFlush = 0;
      const flushViewing = async () => {
        flushTimer = null;
        lastFlush = Date.now();
        const gone = [...left].filter((c) => c !== viewing && !otherTabViewing(c));
        left.clear();
        for (const conversationId of gone) await setViewing(app.db, userId, conversationId, false);
        if (viewing) await setViewing(app.db, userId, viewing, true);
      };
      const scheduleFlush = () => {
        if (flushTimer) return;
        const wait = Math.max(0, lastFlush + REALTIME_LIMITS.viewingFlushMs - Date.now());
        flushTimer = setTimeout(() => {
          flushViewing().catch((err: unknown) => request.log.warn({ err }, 'realtime: viewing update failed'));
        }, wait);
      };
      const show = (conversationId: string | null) => {
        if (viewing && viewing !== conversationId) left.add(viewing);
        viewing = conversationId;
        if (viewing) viewingBySocket.set(socket, viewing);
        else viewingBySocket.delete(socket);
        scheduleFlush();
      };

      let windowStart = Date.now();
      let frames = 0;
      const overLimit = () => {
        const now = Date.now();
        if (now - windowStart >= REALTIME_LIMITS.frameWindowMs) {
          windowStart = now;
          frames = 0;
        }
        return ++frames > REALTIME_LIMITS.framesPerWindow;
      };

      socket.on('message', (data) => {
        alive.set(socket, true);
        if (overLimit()) {
          socket.close(1008, 'too many messages');
          return;
        }
        const message = parseWireMessage(realtimeClientMessageSchema, data);
        if (!message) return;
        if (message.type === 'viewing') {
          if (message.conversationId !== viewing) show(message.conversationId);
          return;
        }
        // Tabs ping every 25 s: the session is asked again (closed if it ended or changed, even with nothing to
        // deliver); a viewing tab keeps its presence fresh.
        hub.check(socket);
        if (viewing) scheduleFlush();
      });

      socket.on('close', () => {
        hub.remove(socket);
        alive.delete(socket);
        const open = (socketsByIp.get(ip) ?? 1) - 1;
        if (open > 0) socketsByIp.set(ip, open);
        else socketsByIp.delete(ip);
        show(null);
        if (flushTimer) clearTimeout(flushTimer);
        flushViewing().catch((err: unknown) => request.log.warn({ err }, 'realtime: leave failed'));
      });
    },
  );
  const viewingBySocket = new Map<WebSocket, string>();
};
