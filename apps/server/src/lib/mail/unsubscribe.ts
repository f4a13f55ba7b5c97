import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_CATEGORIES } from '@referwell/shared';
import type { UnsubscribeScope } from './templates/template';

const SCOPES: readonly string[] = [...EMAIL_CATEGORIES, 'daily-digest', 'weekly-digest'];
const SAVED_SEARCH_SCOPE = /^saved-search:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isScope = (scope: string) => SCOPES.includes(scope) || SAVED_SEARCH_SCOPE.test(scope);

const sign = (secret: string, userId: string, scope: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${scope}`).digest('base64url');

/** A link token that lets its holder switch off one scope of one user's mail, and nothing else. */
export function unsubscribeToken(secret: string, userId: string, scope: UnsubscribeScope): string {
  return `${userId}.${scope}.${sign(secret, userId, scope)}`;
}

export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; scope: UnsubscribeScope } | null {
  const [userId, scope, signature, extra] = token.split('.');
  if (!userId || !scope || !signature || extra !== undefined || !isScope(scope)) return null;
  const expected = Buffer.from(sign(secret, userId, scope));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, scope: scope as UnsubscribeScope };
}
