// Referring anyone, the credit rule's answers and ledger, and the referred person's e-mailed invitation (ADR 0028).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REFERRAL_MESSAGES,
  claimProfileSchema,
  creditLedgerQuerySchema,
  creditLedgerSchema,
  externalReferralSchema,
  invitationConsentSchema,
  invitationTokenParamSchema,
  referralCheckResultSchema,
  referralCheckSchema,
  referralDetailSchema,
  referralInvitationSchema,
  referralResumeUploadSchema,
  uuidParamSchema,
} from '@referwell/shared';
import { eq } from 'drizzle-orm';
import { referrals, resumeFiles } from '../../db/schema';
import { errorResponses, notFound } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rate-limit';
import { sendDownload } from '../../lib/storage';
import { authOf, companyAuthOf } from '../../platform/access/route-access';
import { setSessionCookie } from '../../platform/sessions/request-auth';
import { readResumeUpload, RESUME_MULTIPART_LIMITS } from '../talent/port';
import { canReadReferral } from './access';
import { creditLedger } from './credit';
import { checkReferral, createExternalReferral, externalReferralLimit } from './external';
import { answerInvitation, claimInvitation, getInvitation } from './invitations';
import { keepReferralUpload, REFERRAL_UPLOAD_LIMIT } from './uploads';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['referrals'];
const REFERS = { role: 'companyUser', refused: REFERRAL_MESSAGES.onlyCompanyRefers } as const;

/** How often one referrer may ask "will this count?" (typed as they fill the form) and refer someone new. */
export const REFERRAL_CHECK_LIMIT = { max: 300, windowSeconds: 60 * 60 } as const;
/** Choosing a password from a mailed link: per address, like sign-up. */
export const CLAIM_LIMIT = { max: 20, windowSeconds: 60 * 60 } as const;

export const externalReferralRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db, app.config.rateLimitScale);
  // Scoped to this plugin: the referral résumé upload takes a multipart body.
  await app.register(multipart, RESUME_MULTIPART_LIMITS);

  app.post(
    '/api/referrals/resume',
    {
      config: { access: REFERS },
      schema: {
        tags,
        summary: 'Upload the résumé of a person you are referring (PDF, DOC or DOCX, at most 5 MB): kept and parsed',
        consumes: ['multipart/form-data'],
        response: { 201: referralResumeUploadSchema, ...errors, ...errorResponses(413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const me = companyAuthOf(request);
      await limiter.consume({
        key: `referral-upload:user:${me.user.id}`,
        ...REFERRAL_UPLOAD_LIMIT,
        message: 'Too many résumé uploads.',
      });
      const file = await readResumeUpload(app, request);
      return reply.status(201).send(await keepReferralUpload(app.db, app.storage, me, file));
    },
  );

  app.post(
    '/api/referrals/check',
    {
      config: { access: REFERS },
      schema: {
        tags,
        summary: 'Will this referral count? The ownership rule answers for a job and a person, before submit',
        body: referralCheckSchema,
        response: { 200: referralCheckResultSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request) => {
      const me = companyAuthOf(request);
      await limiter.consume({
        key: `referral-check:user:${me.user.id}`,
        ...REFERRAL_CHECK_LIMIT,
        message: 'Too many checks. Please wait a little.',
      });
      return checkReferral(app.db, me, request.body);
    },
  );

  app.post(
    '/api/referrals/external',
    {
      config: { access: REFERS },
      schema: {
        tags,
        summary: 'Refer a person by their details (not on Referwell, or not found in Find Candidates)',
        body: externalReferralSchema,
        response: { 201: referralDetailSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const me = companyAuthOf(request);
      await limiter.consume(externalReferralLimit(me.user.id));
      return reply.status(201).send(await createExternalReferral(app.db, app.accounts, me, request.body));
    },
  );

  app.get(
    '/api/referrals/:id/resume',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The résumé sent with a referral (its referrer, the candidate, and the company once they confirmed)',
        params: uuidParamSchema,
        response: { 200: z.unknown().describe('The résumé file (PDF, DOC or DOCX)'), ...errors },
      },
    },
    async (request, reply) => {
      const [row] = await app.db
        .select({ referral: referrals, key: resumeFiles.storedName, originalName: resumeFiles.originalName })
        .from(referrals)
        .leftJoin(resumeFiles, eq(resumeFiles.id, referrals.resumeFileId))
        .where(eq(referrals.id, request.params.id));
      if (!row || !canReadReferral(authOf(request), row.referral)) throw notFound(REFERRAL_MESSAGES.notFound);
      const file = row.key ? await app.storage.get(row.key) : null;
      if (!file || !row.originalName) throw notFound('This referral has no résumé.');
      return sendDownload(reply, file, row.originalName);
    },
  );

  app.get(
    '/api/referral-credit',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The credit ledger: a referrer's decisions, a candidate's, or (admins) the whole company's",
        querystring: creditLedgerQuerySchema,
        response: { 200: creditLedgerSchema, ...errors },
      },
    },
    async (request) => creditLedger(app.db, authOf(request), request.query),
  );

  // ----- The referred person's link (it carries its own token) -----
  app.get(
    '/api/referral-invitations/:token',
    {
      config: { access: 'visitor' },
      schema: {
        tags,
        summary: 'A referred person’s referrals, from the link mailed to them',
        params: invitationTokenParamSchema,
        response: { 200: referralInvitationSchema, ...errors },
      },
    },
    async (request) => getInvitation(app.db, request.params.token),
  );

  app.post(
    '/api/referral-invitations/:token/consent',
    {
      config: { access: 'visitor' },
      schema: {
        tags,
        summary: 'The referred person confirms or declines a referral from their link',
        params: invitationTokenParamSchema,
        body: invitationConsentSchema,
        response: { 200: referralInvitationSchema, ...errors },
      },
    },
    async (request) => answerInvitation(app.db, request.params.token, request.body),
  );

  app.post(
    '/api/referral-invitations/:token/claim',
    {
      config: { access: 'visitor' },
      schema: {
        tags,
        summary: 'The referred person claims their profile by choosing a password (signs them in)',
        params: invitationTokenParamSchema,
        body: claimProfileSchema,
        response: { 200: z.object({ userId: z.uuid() }), ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await limiter.consume({ key: `claim:ip:${request.ip}`, ...CLAIM_LIMIT, message: 'Too many attempts.' });
      const { userId, sessionToken } = await claimInvitation(app.db, request.params.token, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(app, reply, sessionToken);
      return { userId };
    },
  );
};
