import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import { companies, companyMembers, sessions, users } from '../../db/schema';
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
  company: { id: string; name: string; slug: string; role: 'companyAdmin' | 'member' } | null;
}

/** The user behind a cookie token, or null when the session is unknown, idle too long or past its end. */
export async function resolveSession(db: Db, token: string): Promise<AuthContext | null> {
  const tokenHash = hashToken(token);
  const idleCutoff = new Date(Date.now() - SESSION_IDLE_SECONDS * 1000);
  const [row] = await db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        type: users.type,
        avatarUrl: users.avatarUrl,
        referralCode: users.referralCode,
      },
      companyId: companies.id,
      companyName: companies.name,
      companySlug: companies.slug,
      memberRole: companyMembers.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, idleCutoff)),
    )
    .limit(1);
  if (!row) return null;

  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_SECONDS * 1000) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
  }
  return {
    tokenHash,
    user: row.user,
    company:
      row.companyId && row.companyName && row.companySlug && row.memberRole
        ? {
            id: row.companyId,
            name: row.companyName,
            slug: row.companySlug,
            role: row.memberRole === 'admin' ? 'companyAdmin' : 'member',
          }
        : null,
  };
}

export async function revokeSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
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
}
