import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/storage';
import {
  emailTokens,
  kudosRequests,
  notifications,
  passkeyChallenges,
  passwordResetTokens,
  rateLimitBuckets,
  referralInvitations,
  sentMails,
  sessions,
  signupRequests,
  ssoLoginAttempts,
  ssoUsedAssertions,
  teamInvitations,
} from '../../db/schema';

/** How long rows stay after they stop mattering (the longest rate-limit window is one hour). */
export const RETENTION = {
  rateLimitHours: 24,
  readNotificationDays: 90,
  anyNotificationDays: 365,
  sentMailDays: 30,
  answeredTokenDays: 7,
  /** A streamed file's part this old belongs to a dead process: exports finish in minutes (stale jobs: 10). */
  unfinishedFileHours: 1,
} as const;

const ago = (unit: 'hours' | 'days', n: number) => sql`now() - make_interval(${sql.raw(unit)} => ${n})`;

/**
 * Deletes expired sessions, tokens, sign-ups, single sign-on attempts and assertion ids, passkey challenges, rate-limit windows and old
 * notifications; returns the counts.
 */
export async function pruneExpired(db: Db): Promise<Record<string, number>> {
  const spent = (usedAt: PgColumn, expiresAt: PgColumn) =>
    or(lt(expiresAt, sql`now()`), and(isNotNull(usedAt), lt(usedAt, ago('days', RETENTION.answeredTokenDays))));
  const counts = await Promise.all([
    db
      .delete(sessions)
      .where(lt(sessions.expiresAt, sql`now()`))
      .returning({ k: sessions.tokenHash }),
    db
      .delete(passwordResetTokens)
      .where(spent(passwordResetTokens.usedAt, passwordResetTokens.expiresAt))
      .returning({ k: passwordResetTokens.tokenHash }),
    db
      .delete(emailTokens)
      .where(spent(emailTokens.usedAt, emailTokens.expiresAt))
      .returning({ k: emailTokens.tokenHash }),
    db
      .delete(kudosRequests)
      .where(spent(kudosRequests.usedAt, kudosRequests.expiresAt))
      .returning({ k: kudosRequests.id }),
    db
      .delete(referralInvitations)
      .where(lt(referralInvitations.expiresAt, sql`now()`))
      .returning({ k: referralInvitations.tokenHash }),
    db
      .delete(teamInvitations)
      .where(and(lt(teamInvitations.expiresAt, sql`now()`), sql`${teamInvitations.acceptedAt} is null`))
      .returning({ k: teamInvitations.id }),
    db
      .delete(rateLimitBuckets)
      .where(lt(rateLimitBuckets.windowStartedAt, ago('hours', RETENTION.rateLimitHours)))
      .returning({ k: rateLimitBuckets.key }),
    db
      .delete(notifications)
      .where(
        or(
          and(sql`${notifications.isRead}`, lt(notifications.createdAt, ago('days', RETENTION.readNotificationDays))),
          lt(notifications.createdAt, ago('days', RETENTION.anyNotificationDays)),
        ),
      )
      .returning({ k: notifications.id }),
    db
      .delete(sentMails)
      .where(lt(sentMails.sentAt, ago('days', RETENTION.sentMailDays)))
      .returning({ k: sentMails.messageId }),
    db
      .delete(signupRequests)
      .where(lt(signupRequests.expiresAt, sql`now()`))
      .returning({ k: signupRequests.tokenHash }),
    db
      .delete(ssoLoginAttempts)
      .where(lt(ssoLoginAttempts.expiresAt, sql`now()`))
      .returning({ k: ssoLoginAttempts.stateHash }),
    db
      .delete(passkeyChallenges)
      .where(lt(passkeyChallenges.expiresAt, sql`now()`))
      .returning({ k: passkeyChallenges.challenge }),
    db
      .delete(ssoUsedAssertions)
      .where(lt(ssoUsedAssertions.expiresAt, sql`now()`))
      .returning({ k: ssoUsedAssertions.assertionId }),
  ]);
  const names = [
    'sessions',
    'passwordResetTokens',
    'emailTokens',
    'kudosRequests',
    'referralInvitations',
    'teamInvitations',
    'rateLimitBuckets',
    'notifications',
    'sentMails',
    'signupRequests',
    'ssoLoginAttempts',
    'passkeyChallenges',
    'ssoUsedAssertions',
  ];
  return Object.fromEntries(names.map((name, i) => [name, counts[i]!.length]));
}

/** Removes what streamed file writes left behind when their process died mid-write; returns how many. */
export function sweepUnfinishedFiles(storage: FileStorage): Promise<number> {
  return storage.sweepParts(RETENTION.unfinishedFileHours * 3600);
}
