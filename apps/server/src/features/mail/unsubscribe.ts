import { eq } from 'drizzle-orm';
import { EMAIL_CATEGORY_INFO, MAIL_MESSAGES } from '@referwell/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { UnsubscribeScope } from '../../lib/mail/templates/template';
import { verifyUnsubscribeToken } from '../../lib/mail/unsubscribe';
import { turnOffSearchAlert } from '../saved-searches/port';
import { savePreferences, turnOffDigest } from '../../platform/notifications/preferences';

const SAVED_SEARCH_PREFIX = 'saved-search:';

export const scopeLabel = (scope: UnsubscribeScope) =>
  scope.startsWith(SAVED_SEARCH_PREFIX)
    ? 'Job alerts for this saved search'
    : scope === 'daily-digest'
      ? 'Daily digest'
      : scope === 'weekly-digest'
        ? 'Weekly digest'
        : EMAIL_CATEGORY_INFO[scope as keyof typeof EMAIL_CATEGORY_INFO].label;

/** Reads a one-click token without acting on it (the page that asks for the click). */
export async function readUnsubscribeToken(db: Db, secret: string, token: string) {
  const parsed = verifyUnsubscribeToken(secret, token);
  const [user] = parsed ? await db.select({ id: users.id }).from(users).where(eq(users.id, parsed.userId)) : [];
  if (!parsed || !user) throw badRequest(MAIL_MESSAGES.unsubscribeInvalid);
  return { ...parsed, label: scopeLabel(parsed.scope) };
}

/** Switches off exactly what the signed token names (one category, or one digest), for its user only. */
export async function unsubscribe(db: Db, secret: string, token: string) {
  const { userId, scope, label } = await readUnsubscribeToken(db, secret, token);
  if (scope.startsWith(SAVED_SEARCH_PREFIX))
    await turnOffSearchAlert(db, userId, scope.slice(SAVED_SEARCH_PREFIX.length));
  else if (scope === 'daily-digest' || scope === 'weekly-digest')
    await turnOffDigest(db, userId, scope === 'daily-digest' ? 'daily' : 'weekly');
  else await savePreferences(db, userId, { preferences: { [scope as keyof typeof EMAIL_CATEGORY_INFO]: 'off' } });
  return { scope, label };
}
