import { and, eq, isNull } from 'drizzle-orm';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JobShareLink } from '@referwell/shared';
import type { Db } from '../../db/client';

import { candidatePipelines, referrals, users } from '../../db/schema';
import { isUniqueViolation, type Tx } from '../../db/repository';
import { randomCode } from '../../lib/tokens';
import type { AuthContext } from '../../platform/sessions/sessions';
import { findCompanyMember, findJob, findVisibleJob } from './access';
import { insertReferral } from './create';

/** The cookie that remembers, from arrival to application, whose shared link brought a job seeker to which job. */
export const SHARED_LINK_COOKIE = 'rw_ref';
/** How long a shared link's attribution lasts after the visit. */
export const SHARED_LINK_DAYS = 30;
const CODE = /^[A-Z0-9]{6,20}$/;

/** A referrer's code, made on first share and kept (the same column as a job seeker's invite code: one code each). */
async function referralCodeOf(db: Db, userId: string): Promise<string> {
  for (;;) {
    const [existing] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
    if (existing?.code) return existing.code;
    try {
      await db
        .update(users)
        .set({ referralCode: `REF${randomCode(8)}` })
        .where(and(eq(users.id, userId), isNull(users.referralCode)));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // another user has that code: draw again
    }
  }
}

/**
 * The link to share for a job. A member of the job's company gets it with their referral code (`?ref=`), so a job
 * seeker who applies through it is referred by them; anyone else gets the plain link.
 */
export async function jobShareLink(db: Db, me: AuthContext, jobId: string, origin: string): Promise<JobShareLink> {
  const job = await findVisibleJob(db, me, jobId);
  const url = new URL(`/job/${job.id}`, origin);
  const member = me.company?.id === job.companyId ? await findCompanyMember(db, job.companyId, me.user.id) : null;
  if (!member) return { url: url.toString(), referralCode: null };
  const referralCode = await referralCodeOf(db, me.user.id);
  url.searchParams.set('ref', referralCode);
  return { url: url.toString(), referralCode };
}

/** On arrival at /job/{id}?ref=CODE: remember the code for that job until the visitor applies (signed, httpOnly). */
export function rememberSharedLink(request: FastifyRequest, reply: FastifyReply, jobId: string, secure: boolean) {
  const ref =
    typeof (request.query as Record<string, unknown>).ref === 'string' ? (request.query as { ref: string }).ref : '';
  const code = ref.trim().toUpperCase();
  if (!CODE.test(code)) return;
  const options: CookieSerializeOptions = {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SHARED_LINK_DAYS * 86_400,
  };
  reply.setCookie(SHARED_LINK_COOKIE, `${jobId}.${code}`, options);
}

/** The referral code remembered for this job, if the visitor arrived through a shared link to it. */
export function sharedLinkCode(request: FastifyRequest, jobId: string): string | null {
  const raw = request.cookies[SHARED_LINK_COOKIE];
  if (!raw) return null;
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || !value) return null;
  const [forJob, code] = value.split('.');
  return forJob === jobId && code && CODE.test(code) ? code : null;
}

/**
 * Inside the application's transaction: the link's owner refers the applicant (consent given: they applied through
 * it), and the pipeline records the shared link as its source. Nothing happens when the code is unknown, its owner
 * is no longer at the job's company, is the applicant, or someone already referred them for this job: the
 * application itself always goes through.
 */
export async function attributeSharedLink(tx: Tx, jobId: string, talentId: string, code: string): Promise<void> {
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
  if (!owner || owner.id === talentId) return;
  const job = await findJob(tx, jobId);
  const referrer = await findCompanyMember(tx, job.companyId, owner.id);
  if (!referrer) return;
  const [referred] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.jobId, jobId), eq(referrals.talentId, talentId)));
  if (referred) return;
  await insertReferral(tx, {
    job,
    referrer,
    talentId,
    notes: null,
    relationship: null,
    consent: 'confirmed',
    requestId: null,
  });
  await tx
    .update(candidatePipelines)
    .set({ source: 'shared_link' })
    .where(and(eq(candidatePipelines.jobId, jobId), eq(candidatePipelines.talentId, talentId)));
}
