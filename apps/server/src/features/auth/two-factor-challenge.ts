// The second login step's state (ADR 0035): after the password is accepted for an account with a second factor, the
// browser holds a signed cookie naming the account and when the step ends; no session exists until a code is accepted.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TWO_FACTOR_CHALLENGE_MINUTES } from '@referwell/shared';

export const CHALLENGE_COOKIE = 'rw_2fa';
const COOKIE_PATH = '/api/auth';

export function startChallenge(app: FastifyInstance, reply: FastifyReply, userId: string) {
  const expires = Date.now() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000;
  reply.setCookie(CHALLENGE_COOKIE, `${userId}.${expires}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.secureCookies,
    path: COOKIE_PATH,
    maxAge: TWO_FACTOR_CHALLENGE_MINUTES * 60,
  });
}

/** The account whose password this browser gave in the last few minutes, or null. */
export function challengedUser(request: FastifyRequest): string | null {
  const raw = request.cookies[CHALLENGE_COOKIE];
  if (!raw || raw.length > 200) return null;
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || !value) return null;
  const [userId, expires] = value.split('.');
  return userId && Number(expires) > Date.now() ? userId : null;
}

export function endChallenge(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(CHALLENGE_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.secureCookies,
    path: COOKIE_PATH,
  });
}
