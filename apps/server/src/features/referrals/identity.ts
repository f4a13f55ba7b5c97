/**
 * One person, one candidate: a person a referrer describes (e-mail, LinkedIn address, phone) is matched to the
 * account they already have or the candidate an earlier referral made, never created twice.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { normaliseEmail, normaliseLinkedinUrl, REFERRAL_MESSAGES } from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { talentProfiles, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { toE164 } from '../../lib/phone';

export interface PersonKeys {
  email: string | null;
  linkedinKey: string | null;
  phoneKey: string | null;
}

/** The person's keys in the forms they are compared in; a phone that cannot be a number is a 400. */
export function personKeys(input: {
  email?: string | undefined;
  linkedinUrl?: string | undefined;
  phone?: string | undefined;
}) {
  const phoneKey = input.phone ? toE164(input.phone) : null;
  if (input.phone && !phoneKey)
    throw badRequest(REFERRAL_MESSAGES.phoneInvalid, { phone: REFERRAL_MESSAGES.phoneInvalid });
  const linkedinKey = input.linkedinUrl ? normaliseLinkedinUrl(input.linkedinUrl) : null;
  if (input.linkedinUrl && !linkedinKey)
    throw badRequest(REFERRAL_MESSAGES.linkedinInvalid, { linkedinUrl: REFERRAL_MESSAGES.linkedinInvalid });
  return { email: input.email ? normaliseEmail(input.email) : null, linkedinKey, phoneKey } satisfies PersonKeys;
}

export interface MatchedPerson {
  id: string;
  name: string;
  type: 'jobseeker' | 'referrer';
  unclaimed: boolean;
  /** What matched: the e-mail, else the LinkedIn address, else the phone. */
  by: 'email' | 'linkedin' | 'phone';
}

const person = { id: users.id, name: users.name, type: users.type, unclaimed: users.unclaimed };

/**
 * The account these keys belong to, in order of trust: the e-mail address (any account: a company member cannot be
 * referred), then the LinkedIn address, then the phone number of a job seeker's profile (a claimed account before an
 * unclaimed one, the oldest first). Erased accounts match nothing.
 */
export async function matchPerson(tx: Executor, keys: PersonKeys): Promise<MatchedPerson | null> {
  if (keys.email) {
    const [byEmail] = await tx
      .select(person)
      .from(users)
      .where(and(sql`lower(${users.email}) = ${keys.email}`, isNull(users.deletedAt)));
    if (byEmail) return { ...byEmail, by: 'email' };
  }
  for (const [by, column, value] of [
    ['linkedin', talentProfiles.linkedinKey, keys.linkedinKey],
    ['phone', talentProfiles.phoneKey, keys.phoneKey],
  ] as const) {
    if (!value) continue;
    const [found] = await tx
      .select(person)
      .from(talentProfiles)
      .innerJoin(users, eq(users.id, talentProfiles.id))
      .where(and(eq(column, value), eq(users.type, 'jobseeker'), isNull(users.deletedAt)))
      .orderBy(asc(users.unclaimed), asc(users.createdAt))
      .limit(1);
    if (found) return { ...found, by };
  }
  return null;
}

/**
 * Serialises the matching and creation of one person (two referrers typing the same address at once): a
 * transaction-scoped lock per key, taken in one order.
 */
export async function lockPersonKeys(tx: Executor, keys: PersonKeys): Promise<void> {
  const held = [
    keys.email && `email:${keys.email}`,
    keys.linkedinKey && `linkedin:${keys.linkedinKey}`,
    keys.phoneKey && `phone:${keys.phoneKey}`,
  ]
    .filter((k): k is string => !!k)
    .sort();
  for (const key of held) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`person:${key}`}))`);
}
