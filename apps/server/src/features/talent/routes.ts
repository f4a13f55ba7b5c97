import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TALENT_MESSAGES,
  candidateSearchQuerySchema,
  candidateSearchResponseSchema,
  endorsementSchema,
  kudosFormSchema,
  kudosInvitationSchema,
  kudosRequestSchema,
  kudosSchema,
  kudosTokenParamSchema,
  resumeUploadResponseSchema,
  talentIdOrSlugParamSchema,
  talentProfileFormSchema,
  talentProfileSchema,
  talentPublicProfileSchema,
  uuidParamSchema,
} from '@referwell/shared';
import { sendJsonText } from '../../lib/kept-json';
import { createRateLimiter } from '../../lib/rate-limit';
import { errorResponses } from '../../lib/errors';
import { sendDownload } from '../../lib/storage';
import { searchCandidatesJson } from './search';
import { forgetTalentSearches } from './search-cache';
import { readResumeUpload, RESUME_MULTIPART_LIMITS } from './resume-upload';
import { resumeForDownload, storeResume } from './resume-files';
import { authOf, companyAuthOf, type Access } from '../../platform/access/route-access';
import { endorseTalent, getOwnProfile, getPublicProfile, updateOwnProfile } from './service';
import { getKudosInvitation, ownKudos, requestKudos, submitKudos } from './kudos';

const errors = errorResponses(400, 401, 403, 404, 409);
/** The job seeker's own profile, kudos and résumé. */
const SEEKERS: Access = { role: 'jobseeker', refused: TALENT_MESSAGES.onlyJobseekers };

/** A person uploads a few versions of a résumé; each one costs a parse in a worker thread. */
export const RESUME_UPLOAD_LIMIT = { max: 20, windowSeconds: 60 * 60 } as const;

export const talentRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db, app.config.rateLimitScale);
  app.realtime.onTalentChange(() => forgetTalentSearches(app.db));
  // Scoped to this plugin: only the resume upload takes multipart bodies.
  await app.register(multipart, RESUME_MULTIPART_LIMITS);

  app.get(
    '/api/talent/profile',
    {
      config: { access: SEEKERS },
      schema: {
        tags: ['talent'],
        summary: "The job seeker's own talent profile (created on first use)",
        response: { 200: talentProfileSchema, ...errors },
      },
    },
    async (request) => getOwnProfile(app.db, authOf(request)),
  );

  app.put(
    '/api/talent/profile',
    {
      config: { access: SEEKERS },
      schema: {
        tags: ['talent'],
        summary: 'Save the Edit Profile form (job seekers)',
        body: talentProfileFormSchema,
        response: { 200: talentProfileSchema, ...errors },
      },
    },
    async (request) => updateOwnProfile(app.db, authOf(request), request.body),
  );

  app.post(
    '/api/talent/resume',
    {
      config: { access: { role: 'jobseeker', refused: 'Only job seekers can upload a resume.' } },
      schema: {
        tags: ['talent'],
        summary: 'Upload a resume (PDF, DOC or DOCX by content, at most 5 MB): stored, parsed, kept as json_resume_pdf',
        consumes: ['multipart/form-data'],
        response: {
          200: resumeUploadResponseSchema,
          ...errors,
          ...errorResponses(413, 415, 422, 429),
        },
      },
    },
    async (request) => {
      const me = authOf(request);
      await limiter.consume({
        key: `resume-upload:user:${me.user.id}`,
        ...RESUME_UPLOAD_LIMIT,
        message: 'Too many resume uploads.',
      });
      const parsed = await readResumeUpload(app, request);
      const resume = await storeResume(app.db, app.storage, me, parsed);
      return { ...parsed.fields, kind: parsed.kind, resume };
    },
  );

  app.get(
    '/api/talent/search',
    {
      config: { access: { role: 'companyUser', refused: TALENT_MESSAGES.searchOnlyCompanies } },
      schema: {
        tags: ['talent'],
        summary: 'Find Candidates (company users): filters, facets, optional match ranking for a job',
        querystring: candidateSearchQuerySchema,
        response: { 200: candidateSearchResponseSchema, ...errors },
      },
    },
    // Written as JSON text from kept parts and this viewer's contact details (search-answer.ts).
    async (request, reply) =>
      sendJsonText(reply, await searchCandidatesJson(app.db, companyAuthOf(request), request.query)),
  );

  app.get(
    '/api/talent/kudos',
    {
      config: { access: SEEKERS },
      schema: {
        tags: ['talent'],
        summary: "The job seeker's kudos (dashboard)",
        response: { 200: z.array(kudosSchema), ...errors },
      },
    },
    async (request) => ownKudos(app.db, authOf(request)),
  );

  app.post(
    '/api/talent/kudos-requests',
    {
      config: { access: SEEKERS },
      schema: {
        tags: ['talent'],
        summary: 'Ask a recommender for kudos: e-mails them a one-time link',
        body: kudosRequestSchema,
        response: { 201: z.object({ sent: z.literal(true) }), ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await requestKudos(app.db, limiter, authOf(request), request.body.recommenderEmail);
      return reply.status(201).send({ sent: true as const });
    },
  );

  app.get(
    '/api/talent/:idOrSlug',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['talent'],
        summary: 'View Talent Profile by user id or name slug',
        params: talentIdOrSlugParamSchema,
        response: { 200: talentPublicProfileSchema, ...errors },
      },
    },
    async (request) => getPublicProfile(app.db, authOf(request), request.params.idOrSlug),
  );

  app.get(
    '/api/talent/:id/resume',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['talent'],
        summary: "Download a talent's resume (the owner, and companies the talent applied to)",
        params: uuidParamSchema,
        response: { 200: z.unknown().describe('The resume file (PDF, DOC or DOCX)'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await resumeForDownload(app.db, app.storage, authOf(request), request.params.id);
      return sendDownload(reply, file, file.originalName);
    },
  );

  app.post(
    '/api/talent/:id/endorsements',
    {
      config: { access: { role: 'companyUser', refused: TALENT_MESSAGES.onlyCompaniesEndorse } },
      schema: {
        tags: ['talent'],
        summary: 'Endorse a talent for your company (once per company)',
        params: uuidParamSchema,
        response: { 201: z.array(endorsementSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await endorseTalent(app.db, companyAuthOf(request), request.params.id)),
  );

  app.get(
    '/api/kudos/:token',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['talent'],
        summary: 'The kudos invitation behind an e-mailed link (public)',
        params: kudosTokenParamSchema,
        response: { 200: kudosInvitationSchema, ...errors },
      },
    },
    async (request) => getKudosInvitation(app.db, request.params.token),
  );

  app.post(
    '/api/kudos/:token',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['talent'],
        summary: 'Write the kudos (public, once per link)',
        params: kudosTokenParamSchema,
        body: kudosFormSchema,
        response: { 201: kudosSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await submitKudos(app.db, request.params.token, request.body)),
  );
};
