import { and, eq, sql } from 'drizzle-orm';
import {
  KUDOS_REQUEST_TTL_DAYS,
  TALENT_MESSAGES,
  type Kudos,
  type KudosInput,
  type KudosInvitation,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/repository';
import { kudos, kudosRequests, talentProfiles, users } from '../../db/schema';
import type { AuthContext } from '../../platform/sessions/sessions';
import { badRequest, notFound } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail/send';
import type { RateLimiter } from '../../lib/rate-limit';
import { hashToken, newSecretToken } from '../../lib/tokens';
import { ensureTalentProfile, listKudos, toKudos } from './service';

// Kudos: a job seeker asks a former colleague by e-mail; the colleague writes them once through the link.

export const KUDOS_LIMITS = { requestsPerUser: { max: 10, windowSeconds: 60 * 60 } } as const;

export async function requestKudos(
  db: Db,
  limiter: RateLimiter,
  me: AuthContext,
  recommenderEmail: string,
): Promise<void> {
  const email = recommenderEmail.toLowerCase();
  if (email === me.user.email.toLowerCase())
    throw badRequest(TALENT_MESSAGES.cannotRequestSelf, { recommenderEmail: TALENT_MESSAGES.cannotRequestSelf });
  await limiter.consume({
    key: `kudos-request:user:${me.user.id}`,
    ...KUDOS_LIMITS.requestsPerUser,
    message: 'You have sent many kudos requests.',
  });
  await ensureTalentProfile(db, me.user);
  const token = newSecretToken(32);
  const tokenHash = hashToken(token);
  await db.transaction(async (tx) => {
    await tx.insert(kudosRequests).values({
      tokenHash,
      talentId: me.user.id,
      recommenderEmail: email,
      expiresAt: new Date(Date.now() + KUDOS_REQUEST_TTL_DAYS * 24 * 3600 * 1000),
    });
    await enqueueMail(tx, {
      key: `kudos-request:${tokenHash}`,
      template: 'kudos-request',
      to: email,
      props: { talentName: me.user.name, path: `/kudos/${encodeURIComponent(token)}`, days: KUDOS_REQUEST_TTL_DAYS },
    });
  });
}

const openRequest = (token: string) =>
  and(
    eq(kudosRequests.tokenHash, hashToken(token)),
    sql`${kudosRequests.usedAt} is null`,
    sql`${kudosRequests.expiresAt} > now()`,
  );

export async function getKudosInvitation(db: Db, token: string): Promise<KudosInvitation> {
  const [row] = await db
    .select({ talentName: users.name, recommenderEmail: kudosRequests.recommenderEmail })
    .from(kudosRequests)
    .innerJoin(users, eq(users.id, kudosRequests.talentId))
    .where(openRequest(token));
  if (!row) throw notFound(TALENT_MESSAGES.kudosLinkInvalid);
  return row;
}

/** Writes the kudos once per link; the talent's rating becomes the average of their kudos. */
export async function submitKudos(db: Db, token: string, input: KudosInput): Promise<Kudos> {
  const created = await inTransaction(db, async (tx) => {
    const [request] = await tx
      .update(kudosRequests)
      .set({ usedAt: new Date() })
      .where(openRequest(token))
      .returning({ id: kudosRequests.id, talentId: kudosRequests.talentId });
    if (!request) throw notFound(TALENT_MESSAGES.kudosLinkInvalid);
    const [row] = await tx
      .insert(kudos)
      .values({ ...input, talentId: request.talentId, requestId: request.id })
      .returning();
    await tx
      .update(talentProfiles)
      .set({
        rating: sql`(select round(avg(${kudos.rating})::numeric, 1)::real from ${kudos} where ${kudos.talentId} = ${request.talentId})`,
      })
      .where(eq(talentProfiles.id, request.talentId));
    return row!;
  });
  return toKudos(created);
}

export async function ownKudos(db: Db, me: AuthContext): Promise<Kudos[]> {
  return listKudos(db, me.user.id);
}
