// Browsers known to belong to an account's owner: one that logged in to it, or completed a password reset for it
// (the link reached the owner's mailbox). The per-account turns and budget of log-in attempts (AUTH_LIMITS.loginAccount)
// do not apply to them, so guessing at an account from elsewhere never locks its owner out (OWASP's device cookies).
// Kept in the browser only: a signed cookie listing short tags of the accounts, sent to the auth routes alone.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const DEVICE_COOKIE = 'rw_device';
/** Accounts remembered per browser, the most recent first. */
const MAX_ACCOUNTS = 5;
/** Browsers cap a cookie's life at 400 days. */
const DEVICE_DAYS = 400;

/** A short tag of an account: the cookie does not carry account ids as they are. */
const tagOf = (userId: string) => createHash('sha256').update(`device:${userId}`).digest('base64url').slice(0, 16);

function knownTags(request: FastifyRequest): string[] {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw || raw.length > 400) return [];
  const { valid, value } = request.unsignCookie(raw);
  return valid && value ? value.split('.').slice(0, MAX_ACCOUNTS) : [];
}

/** Whether this browser proved before that it is the owner's of `userId`'s account. */
export const knowsAccount = (request: FastifyRequest) => {
  const tags = knownTags(request);
  return (userId: string) => tags.includes(tagOf(userId));
};

/** Remembers that this browser belongs to the owner of `userId`'s account. */
export function rememberDevice(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, userId: string) {
  const tag = tagOf(userId);
  const tags = [tag, ...knownTags(request).filter((t) => t !== tag)].slice(0, MAX_ACCOUNTS);
  reply.setCookie(DEVICE_COOKIE, tags.join('.'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.secureCookies,
    path: '/api/auth',
    maxAge: DEVICE_DAYS * 86_400,
  });
}
