import websocket from '@fastify/websocket';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { RealtimeClientMessage, RealtimeEvent } from '@referwell/shared';
import { AppError, unauthorized } from '../../lib/errors';
import { SESSION_COOKIE } from '../auth/sessions';
import { unreadTotals } from '../../lib/realtime';
import { setViewing } from '../messaging/service';

/** Server pings every socket this often and drops the ones that did not answer the last ping. */
const HEARTBEAT_MS = 30_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseClientMessage(data: unknown): RealtimeClientMessage | null {
  try {
    const value = JSON.parse(String(data)) as Partial<RealtimeClientMessage>;
    if (value.type === 'ping') return { type: 'ping' };
    if (value.type === 'viewing') {
      const id = (value as { conversationId?: unknown }).conversationId;
      if (id === null) return { type: 'viewing', conversationId: null };
      if (typeof id === 'string' && UUID.test(id)) return { type: 'viewing', conversationId: id };
    }
  } catch {
    // ignored below
  }
  return null;
}

/**
 * GET /api/realtime (WebSocket): pushes new messages, read receipts, unread totals and
 * notifications to every open tab of the logged-in user. Authenticated by the session cookie;
 * the Origin must be this site (browsers send it on every WebSocket handshake).
 */
export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  const hub = app.realtime;

  await app.register(websocket, { options: { maxPayload: 4096 } });
  const allowedOrigin = new URL(app.config.publicUrl).origin;

  const checkHandshake = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (!origin || (origin !== allowedOrigin && origin !== `${request.protocol}://${request.host}`)) {
      throw new AppError(403, 'CSRF', 'This connection came from another site and was refused.');
    }
    if (!request.auth) throw unauthorized();
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

  app.get('/api/realtime', { websocket: true, preHandler: checkHandshake }, (socket, request) => {
    const userId = request.auth!.user.id;
    let viewing: string | null = null;
    hub.add(userId, socket);
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));

    const send = (event: RealtimeEvent) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
    };
    void unreadTotals(app.db, userId)
      .then((totals) => send({ type: 'hello', userId, ...totals }))
      .catch((err: unknown) => request.log.warn({ err }, 'realtime: unread totals failed'));

    /** Another tab of this user in this process still shows the conversation. */
    const otherTabViewing = (conversationId: string) =>
      [...hub.socketsOf(userId)].some((s) => s !== socket && viewingBySocket.get(s) === conversationId);

    const leave = async () => {
      const previous = viewing;
      viewing = null;
      viewingBySocket.delete(socket);
      if (previous && !otherTabViewing(previous)) await setViewing(app.db, userId, previous, false);
    };

    socket.on('message', (data) => {
      alive.set(socket, true);
      const message = parseClientMessage(data);
      if (!message) return;
      const work = async () => {
        if (message.type === 'ping') {
          // Tabs ping every 25 s: a session that ended meanwhile (logout elsewhere, password
          // change) closes the socket; a viewing tab keeps its presence fresh.
          const token = request.cookies[SESSION_COOKIE];
          if (!token || (await app.sessions.resolve(app.db, token))?.user.id !== userId) {
            socket.close(4401, 'session ended');
            return;
          }
          if (viewing) await setViewing(app.db, userId, viewing, true);
          return;
        }
        if (message.conversationId !== viewing) await leave();
        viewing = message.conversationId;
        if (viewing) {
          viewingBySocket.set(socket, viewing);
          await setViewing(app.db, userId, viewing, true);
        }
      };
      work().catch((err: unknown) => request.log.warn({ err }, 'realtime: client message failed'));
    });

    socket.on('close', () => {
      hub.remove(userId, socket);
      alive.delete(socket);
      leave().catch((err: unknown) => request.log.warn({ err }, 'realtime: leave failed'));
    });
  });
  const viewingBySocket = new Map<WebSocket, string>();
};
