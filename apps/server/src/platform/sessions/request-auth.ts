import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SessionCache } from './session-cache';
import { SESSION_ABSOLUTE_SECONDS, SESSION_COOKIE, type AuthContext } from './sessions';
import { AppError } from '../../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Session reads of this process, dropped on every session change (see SessionCache). */
    sessions: SessionCache;
  }
  interface FastifyContextConfig {
    /**
     * The route never changes a session (logout, revocation, role, membership): its answer leaves this process's
     * session reads in place. For hot writes such as sending a message, whose next request would otherwise read
     * the session again.
     */
    sessionsUnchanged?: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard: a state-changing API call must come from our own origin.
 * Browsers send Origin on such requests; when a privacy setting or an old browser leaves it out,
 * the Referer's origin is checked instead. A request with neither (curl, server-to-server)
 * carries no ambient cookie risk unless the browser marks it cross-site.
 */
export function assertSameOrigin(
  request: FastifyRequest,
  allowedOrigins: Set<string>,
  { requireOrigin = false }: { requireOrigin?: boolean } = {},
) {
  const origin = request.headers.origin ?? (requireOrigin ? 'null' : refererOrigin(request.headers.referer));
  if (origin !== undefined) {
    if (!allowedOrigins.has(origin) && origin !== `${request.protocol}://${request.host}`) {
      throw new AppError(403, 'CSRF', 'This request came from another site and was refused.');
    }
    return;
  }
  if (request.headers['sec-fetch-site'] === 'cross-site') {
    throw new AppError(403, 'CSRF', 'This request came from another site and was refused.');
  }
}

/**
 * The same guard for a page's form posted as plain HTML (login, sign-up; ADR 0017). Under our no-referrer policy such a
 * same-origin post carries `Origin: null`, so the browser's Sec-Fetch-Site decides: only 'same-origin' passes. A
 * browser too old to send it must send our Origin. Stops a forger from logging a visitor into the forger's account.
 */
export function assertSameOriginFormPost(request: FastifyRequest, allowedOrigins: Set<string>) {
  const site = request.headers['sec-fetch-site'];
  if (site === undefined) return assertSameOrigin(request, allowedOrigins, { requireOrigin: true });
  if (site !== 'same-origin') throw new AppError(403, 'CSRF', 'This request came from another site and was refused.');
}

/** The origin of a Referer header; 'null' (never allowed) when it is present but not a URL. */
function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

export function registerAuth(app: FastifyInstance) {
  const allowedOrigins = new Set([new URL(app.config.publicUrl).origin]);
  const cache = new SessionCache();
  app.decorate('sessions', cache);
  app.realtime.onSessionChange((change) => cache.forget(change));
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (UNSAFE_METHODS.has(request.method)) assertSameOrigin(request, allowedOrigins);
    request.auth = await sessionOf(app, request);
  });
  // A write may have changed sessions; its notification reaches this process a moment after the commit, so the
  // caller's next request must not beat it to a stale entry. Other processes rely on the notification alone.
  app.addHook('onSend', (request, _reply, _payload, done) => {
    const mayChangeSessions = !request.routeOptions.config.sessionsUnchanged && UNSAFE_METHODS.has(request.method);
    if (mayChangeSessions && request.url.startsWith('/api/')) cache.forget({ all: true });
    done();
  });
}

/** The signed-in user behind the request's session cookie, or null (API requests have it as `request.auth`). */
export async function sessionOf(app: FastifyInstance, request: FastifyRequest): Promise<AuthContext | null> {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 100 ? app.sessions.resolve(app.db, token) : null;
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.secureCookies,
    path: '/',
    maxAge: SESSION_ABSOLUTE_SECONDS,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: app.config.secureCookies, path: '/' });
}
