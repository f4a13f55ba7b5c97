import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REFERRAL_MESSAGES,
  acceptReferralRequestSchema,
  createReferralRequestSchema,
  createReferralSchema,
  declineReferralRequestSchema,
  jobCommentFormSchema,
  jobCommentSchema,
  markBonusPaidSchema,
  referralConsentSchema,
  referralListQuerySchema,
  referralRequestListQuerySchema,
  referralRequestSchema,
  referralDetailSchema,
  referralSummarySchema,
  referralTotalsSchema,
  referrerDetailsFormSchema,
  referrerDetailsPromptSchema,
  referrerListSchema,
  referrerProfileFormSchema,
  referrerProfileSchema,
  trackingEntrySchema,
  trackingUpdateSchema,
  updateReferralStatusSchema,
  hireStartDateSchema,
  uuidParamSchema,
  jobIdParamSchema,
  jobShareLinkSchema,
} from '@referwell/shared';
import { createReferral } from './create';
import { answerReferralConsent, markReferralBonusPaid, setHireStartDate, updateReferralStatus } from './decisions';
import { getReferral, listReferrals, referralTotals } from './read';
import { acceptReferralRequest, createReferralRequest, declineReferralRequest, listReferralRequests } from './requests';
import {
  getReferrerProfile,
  listCompanyReferrers,
  referrerDetailsPrompt,
  saveReferrerDetails,
  skipReferrerDetails,
  updateMyReferrerProfile,
} from './referrers';
import { addJobComment, listJobComments, listTracking, setTracking } from './tracking';
import { undoChange } from './pipeline';
import { jobShareLink } from './shared-links';
import { errorResponses } from '../../lib/errors';
import { authOf, companyAuthOf } from '../../platform/access/route-access';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['referrals'];

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  // ----- Referrers -----
  app.get(
    '/api/companies/:company/referrers',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "A company's referrers a job seeker may ask (company slug or name; signed-in users)",
        params: z.object({ company: z.string().min(1).max(200) }),
        querystring: z.object({ jobId: z.uuid().optional() }),
        response: { 200: referrerListSchema, ...errors },
      },
    },
    async (request) => listCompanyReferrers(app.db, authOf(request), request.params.company, request.query.jobId),
  );

  app.get(
    '/api/referrers/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'A referrer profile (signed-in users; contact details only for the referrer and colleagues)',
        params: uuidParamSchema,
        response: { 200: referrerProfileSchema, ...errors },
      },
    },
    async (request) => getReferrerProfile(app.db, authOf(request), request.params.id),
  );

  app.put(
    '/api/referrers/me',
    {
      config: { access: { role: 'companyUser', refused: 'Only company members have a referrer profile.' } },
      schema: {
        tags,
        summary: 'Edit your own referrer profile (company members)',
        body: referrerProfileFormSchema,
        response: { 200: referrerProfileSchema, ...errors },
      },
    },
    async (request) => updateMyReferrerProfile(app.db, companyAuthOf(request), request.body),
  );

  const MEMBERS = { role: 'companyUser', refused: 'Only company members have a referrer profile.' } as const;

  app.get(
    '/api/referrers/me/details-prompt',
    {
      config: { access: MEMBERS },
      schema: {
        tags,
        summary: 'Whether to ask you, at sign-in, for your title, department, team and start date (company members)',
        response: { 200: referrerDetailsPromptSchema, ...errors },
      },
    },
    async (request) => referrerDetailsPrompt(app.db, companyAuthOf(request)),
  );

  app.put(
    '/api/referrers/me/details',
    {
      config: { access: MEMBERS },
      schema: {
        tags,
        summary: 'Save your title, department, team and start date at the company (the sign-in prompt)',
        body: referrerDetailsFormSchema,
        response: { 200: referrerProfileSchema, ...errors },
      },
    },
    async (request) => saveReferrerDetails(app.db, companyAuthOf(request), request.body),
  );

  app.post(
    '/api/referrers/me/details/skip',
    {
      config: { access: MEMBERS },
      schema: {
        tags,
        summary: "Not now: don't ask for your details at sign-in again",
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await skipReferrerDetails(app.db, companyAuthOf(request));
      return reply.status(204).send(null);
    },
  );

  // ----- Referral requests -----
  app.post(
    '/api/referral-requests',
    {
      config: { access: { role: 'jobseeker', refused: REFERRAL_MESSAGES.onlyJobseekersRequest } },
      schema: {
        tags,
        summary: 'Ask a referrer for a referral (job seekers)',
        body: createReferralRequestSchema,
        response: { 201: referralRequestSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReferralRequest(app.db, authOf(request), request.body)),
  );

  app.get(
    '/api/referral-requests',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Your sent requests (job seekers) or received requests (referrers)',
        querystring: referralRequestListQuerySchema,
        response: { 200: z.array(referralRequestSchema), ...errors },
      },
    },
    async (request) => listReferralRequests(app.db, authOf(request), request.query),
  );

  app.post(
    '/api/referral-requests/:id/accept',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          'Accept a request with your notes and how you know the candidate: creates the referral (409 when the rule forbids it)',
        params: uuidParamSchema,
        body: acceptReferralRequestSchema,
        response: { 200: referralRequestSchema, ...errors },
      },
    },
    async (request) => acceptReferralRequest(app.db, authOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/referral-requests/:id/decline',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Decline a request with an optional reason',
        params: uuidParamSchema,
        body: declineReferralRequestSchema,
        response: { 200: referralRequestSchema, ...errors },
      },
    },
    async (request) => declineReferralRequest(app.db, authOf(request), request.params.id, request.body.reason),
  );

  // ----- Referrals -----
  app.post(
    '/api/referrals',
    {
      config: { access: { role: 'companyUser', refused: REFERRAL_MESSAGES.onlyCompanyRefers } },
      schema: {
        tags,
        summary: "Refer a job seeker for one of your company's open jobs",
        body: createReferralSchema,
        response: { 201: referralDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReferral(app.db, companyAuthOf(request), request.body)),
  );

  app.get(
    '/api/referrals',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Referrals: yours, your company’s (admins) or about you',
        querystring: referralListQuerySchema,
        response: { 200: z.array(referralSummarySchema), ...errors },
      },
    },
    async (request) => listReferrals(app.db, authOf(request), request.query),
  );

  app.get(
    '/api/referrals/totals',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: "The signed-in referrer's figures", response: { 200: referralTotalsSchema, ...errors } },
    },
    async (request) => referralTotals(app.db, authOf(request)),
  );

  app.get(
    '/api/referrals/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'One referral, with the credit rule and the viewer’s part of its ledger',
        params: uuidParamSchema,
        response: { 200: referralDetailSchema, ...errors },
      },
    },
    async (request) => getReferral(app.db, authOf(request), request.params.id),
  );

  app.patch(
    '/api/referrals/:id/status',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Change the status (company admins)',
        params: uuidParamSchema,
        body: updateReferralStatusSchema,
        response: { 200: referralDetailSchema, ...errors },
      },
    },
    async (request) =>
      updateReferralStatus(app.db, authOf(request), request.params.id, request.body.status, request.body.startDate, {
        reason: request.body.reason,
        reasonNote: request.body.reasonNote,
      }),
  );

  app.put(
    '/api/referrals/:id/start-date',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          "Give or correct a hire's start date (company admins); a bonus still to be paid becomes due the policy's " +
          'delay after it',
        params: uuidParamSchema,
        body: hireStartDateSchema,
        response: { 200: referralDetailSchema, ...errors },
      },
    },
    async (request) => setHireStartDate(app.db, authOf(request), request.params.id, request.body.startDate),
  );

  app.post(
    '/api/referrals/:id/consent',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The candidate confirms or declines being put forward',
        params: uuidParamSchema,
        body: referralConsentSchema,
        response: { 200: referralDetailSchema, ...errors },
      },
    },
    async (request) => answerReferralConsent(app.db, authOf(request), request.params.id, request.body.decision),
  );

  app.post(
    '/api/referrals/:id/bonus-paid',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Mark a due referral bonus paid (company admins)',
        params: uuidParamSchema,
        body: markBonusPaidSchema,
        response: { 200: referralDetailSchema, ...errors },
      },
    },
    async (request) => markReferralBonusPaid(app.db, authOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/pipeline-changes/:id/undo',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Undo your stage or referral status change while its notifications are held (10 s)',
        params: uuidParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await undoChange(app.db, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ----- Applicant tracking and comments on a job -----
  const jobTalentParams = z.object({ id: z.uuid(), talentId: z.uuid() });

  app.get(
    '/api/jobs/:id/tracking',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Talent Tracking for a job (its creator and the company's admins)",
        params: uuidParamSchema,
        response: { 200: z.array(trackingEntrySchema), ...errors },
      },
    },
    async (request) => listTracking(app.db, authOf(request), request.params.id),
  );

  app.put(
    '/api/jobs/:id/tracking/:talentId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Set a candidate's tracking status for a job",
        params: jobTalentParams,
        body: trackingUpdateSchema,
        response: { 200: trackingEntrySchema, ...errors },
      },
    },
    async (request) =>
      setTracking(
        app.db,
        authOf(request),
        request.params.id,
        request.params.talentId,
        request.body.status,
        request.body.startDate,
        { reason: request.body.reason, reasonNote: request.body.reasonNote },
        { dob: request.body.dob, npi: request.body.npi },
      ),
  );

  app.get(
    '/api/jobs/:id/comments',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "A job's comments (its company team)",
        params: uuidParamSchema,
        response: { 200: z.array(jobCommentSchema), ...errors },
      },
    },
    async (request) => listJobComments(app.db, authOf(request), request.params.id),
  );

  app.post(
    '/api/jobs/:id/comments',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Comment on a job',
        params: uuidParamSchema,
        body: jobCommentFormSchema,
        response: { 201: jobCommentSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addJobComment(app.db, authOf(request), request.params.id, request.body.body)),
  );

  app.get(
    '/api/jobs/:id/share-link',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['referrals'],
        summary: "The job's address to share; a member of its company gets it with their referral code (?ref=)",
        params: jobIdParamSchema,
        response: { 200: jobShareLinkSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => jobShareLink(app.db, authOf(request), request.params.id, new URL(app.config.publicUrl).origin),
  );
};
