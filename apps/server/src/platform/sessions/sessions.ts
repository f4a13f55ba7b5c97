import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import { preparedRows } from '../../db/prepared';
import { sessions } from '../../db/schema';
import { peopleWithCompany } from '../membership/people';
import { publishSessionChange } from '../events/publish';
import { hashToken, newSecretToken } from '../../lib/tokens';

/** A session ends after 7 days without use, and 30 days after login whatever happens. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_INTERVAL_SECONDS = 300;

export const SESSION_COOKIE = 'rw_session';

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export async function createSession(db: Executor, userId: string, meta: SessionMeta): Promise<string> {
  const token = newSecretToken(32);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_SECONDS * 1000),
    userAgent: meta.userAgent?.slice(0, 300),
    ip: meta.ip,
  });
  return token;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user and their company role; null for a visitor (set by request-auth.ts on /api requests). */
    auth: AuthContext | null;
  }
}

export interface AuthContext {
  tokenHash: string;
  user: {
    id: string;
    name: string;
    email: string;
    type: 'jobseeker' | 'referrer';
    avatarUrl: string | null;
    referralCode: string | null;
  };
  company: {
    id: string;
    name: string;
    slug: string;
    role: 'companyAdmin' | 'member';
    /** Holds the `compliance` permission (reads the self-identification report), whatever the role. */
    compliance: boolean;
  } | null;
  /**
   * An admin of a company that requires two-factor, with neither an authenticator app nor a passkey: only setting one
   * up is allowed (ADR 0035, 0040).
   */
  twoFactorSetupRequired: boolean;
}

interface SessionRow {
  last_seen_at: string;
  id: string;
  name: string;
  email: string;
  type: AuthContext['user']['type'];
  avatar_url: string | null;
  referral_code: string | null;
  company_id: string | null;
  company_name: string | null;
  company_slug: string | null;
  member_role: 'admin' | 'member' | null;
  company_compliance: boolean | null;
  two_factor_setup_required: boolean;
}

function authOf(row: Omit<SessionRow, 'last_seen_at'>, tokenHash: string): AuthContext {
  return {
    tokenHash,
    user: {
      id: row.id,
      name: row.name,
      email: row.email,
      type: row.type,
      avatarUrl: row.avatar_url,
      referralCode: row.referral_code,
    },
    company:
      row.company_id && row.company_name && row.company_slug && row.member_role
        ? {
            id: row.company_id,
            name: row.company_name,
            slug: row.company_slug,
            role: row.member_role === 'admin' ? 'companyAdmin' : 'member',
            compliance: row.company_compliance === true,
          }
        : null,
    twoFactorSetupRequired: row.two_factor_setup_required,
  };
}

/**
 * The user behind a token hash, or null when the session is unknown, idle too long or past its end. Every signed-in
 * request asks this (through the session cache), so it runs as one prepared statement.
 */
export async function readSession(db: Db, tokenHash: string): Promise<AuthContext | null> {
  const [row] = await preparedRows<SessionRow>(
    db,
    sql`select s.last_seen_at, u.id, u.name, u.email, u.type, u.avatar_url, u.referral_code,
          u.company_id, u.company_name, u.company_slug, u.company_role as member_role, u.company_compliance,
          (u.company_role = 'admin' and co.require_two_factor_for_admins
            and not exists (select 1 from two_factor tf where tf.user_id = u.id and tf.enabled_at is not null)
            and not exists (select 1 from passkeys pk where pk.user_id = u.id)
          ) is true as two_factor_setup_required
        from sessions s
        join ${peopleWithCompany} u on u.id = s.user_id
        left join companies co on co.id = u.company_id
        where s.token_hash = ${tokenHash} and s.expires_at > now()
          and s.last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_SECONDS})
        limit 1`,
  );
  if (!row) return null;

  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_SECONDS * 1000) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
  }
  return authOf(row, tokenHash);
}

/**
 * The user as a request of theirs would carry them, for a request that proves who they are without a session (a
 * signed Slack interaction from their linked Slack user): no session token, so nothing here can end a session.
 */
export async function authOfUser(db: Db, userId: string): Promise<AuthContext | null> {
  const [row] = await preparedRows<Omit<SessionRow, 'last_seen_at'>>(
    db,
    sql`select u.id, u.name, u.email, u.type, u.avatar_url, u.referral_code,
          u.company_id, u.company_name, u.company_slug, u.company_role as member_role, u.company_compliance,
          (u.company_role = 'admin' and co.require_two_factor_for_admins
            and not exists (select 1 from two_factor tf where tf.user_id = u.id and tf.enabled_at is not null)
            and not exists (select 1 from passkeys pk where pk.user_id = u.id)
          ) is true as two_factor_setup_required
        from ${peopleWithCompany} u
        left join companies co on co.id = u.company_id
        where u.id = ${userId} limit 1`,
  );
  return row ? authOf(row, '') : null;
}

/** The user behind a cookie token, read from the database (not cached). */
export function resolveSession(db: Db, token: string): Promise<AuthContext | null> {
  return readSession(db, hashToken(token));
}

export async function revokeSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  await publishSessionChange(db, { tokens: [tokenHash] });
}

/** Ends every session of a user, except `keepTokenHash` when given. */
export async function revokeUserSessions(db: Executor, userId: string, keepTokenHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
        : eq(sessions.userId, userId),
    );
  await publishSessionChange(db, { users: [userId] });
}
