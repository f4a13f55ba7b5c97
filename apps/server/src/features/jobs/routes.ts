import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMPANY_JOBS_MESSAGES,
  JOB_MESSAGES,
  companyJobsQuerySchema,
  companyJobsResponseSchema,
  createJobQuerySchema,
  jobApplySchema,
  jobApplicationSchema,
  jobFormSchema,
  jobIdParamSchema,
  jobPayExemptionSchema,
  jobSchema,
  jobSearchQuerySchema,
  jobSearchResponseSchema,
  jobStatusChangeSchema,
  rolesToReferQuerySchema,
  rolesToReferSchema,
  whereIStandQuerySchema,
  whereIStandSchema,
} from '@referwell/shared';
import { listCompanyJobs, recordJobVisit } from './company-jobs';
import { rolesToRefer } from './roles-to-refer';
import {
  applyToJob,
  closeJob,
  createJob,
  getJob,
  listApplications,
  POSTERS,
  setJobStatus,
  updateJob,
  whereIStand,
} from './service';
import { forgetAddedJobs, forgetJobSearches, searchJobsJson } from './search';
import { setPayExemption } from './pay-transparency';
import { sharedLinkCode } from '../referrals/port';
import { errorResponses } from '../../lib/errors';
import { sendKeptJson } from '../../lib/kept-json';
import { authOf, companyAuthOf } from '../../platform/access/route-access';

const errors = errorResponses(400, 401, 403, 404, 409, 422);

export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  // Open jobs added change only the kept searches they match (taken in, or dropped); any other change drops them all.
  app.realtime.onJobsChange((change) => {
    if (change === true) forgetJobSearches(app.db);
    else void forgetAddedJobs(app.db, change.added);
  });

  app.get(
    '/api/jobs',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['jobs'],
        summary: 'Search open jobs (full text, filters, cursor pagination)',
        querystring: jobSearchQuerySchema,
        response: { 200: jobSearchResponseSchema, ...errorResponses(400) },
      },
    },
    // Kept as JSON text, compressed once (search.ts, lib/kept-json.ts).
    async (request, reply) => sendKeptJson(request, reply, await searchJobsJson(app.db, request.auth, request.query)),
  );

  app.post(
    '/api/jobs',
    {
      config: { access: POSTERS },
      schema: {
        tags: ['jobs'],
        summary:
          'Post a job (or save it as a draft with ?draft=true). 422 PAY_RANGE_REQUIRED names the pay-transparency law ' +
          'a job without a range breaks; with ?imported=true such a job is kept as a draft with the reason instead',
        querystring: createJobQuerySchema,
        body: jobFormSchema,
        response: { 201: jobSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createJob(app.db, companyAuthOf(request), request.body, request.query)),
  );

  // Before /api/jobs/:id, which would otherwise take "where-i-stand" for an id.
  app.get(
    '/api/jobs/where-i-stand',
    {
      config: { access: { role: 'jobseeker', refused: 'Only job seekers have a standing on jobs.' } },
      schema: {
        tags: ['jobs'],
        summary: 'Where the signed-in job seeker stands on each of these jobs (search cards)',
        querystring: whereIStandQuerySchema,
        response: { 200: whereIStandSchema, ...errors },
      },
    },
    async (request) => whereIStand(app.db, authOf(request), request.query.ids),
  );

  app.get(
    '/api/jobs/:id',
    {
      config: { access: 'visitor' },
      schema: { tags: ['jobs'], summary: 'One job', params: jobIdParamSchema, response: { 200: jobSchema, ...errors } },
    },
    async (request) => getJob(app.db, request.auth, request.params.id),
  );

  app.put(
    '/api/jobs/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['jobs'],
        summary: "Edit a job (its creator or the company's admins)",
        params: jobIdParamSchema,
        body: jobFormSchema,
        response: { 200: jobSchema, ...errors },
      },
    },
    async (request) => updateJob(app.db, authOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/jobs/:id/pay-exemption',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['jobs'],
        summary: "Mark a job exempt from pay transparency, with the reason (the company's admins; audited)",
        params: jobIdParamSchema,
        body: jobPayExemptionSchema,
        response: { 200: jobSchema, ...errors },
      },
    },
    async (request) => {
      await setPayExemption(app.db, authOf(request), request.params.id, request.body.reason);
      return getJob(app.db, request.auth, request.params.id);
    },
  );

  app.delete(
    '/api/jobs/:id/pay-exemption',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['jobs'],
        summary: "Remove a job's pay transparency exemption (the company's admins; audited)",
        params: jobIdParamSchema,
        response: { 200: jobSchema, ...errors },
      },
    },
    async (request) => {
      await setPayExemption(app.db, authOf(request), request.params.id, null);
      return getJob(app.db, request.auth, request.params.id);
    },
  );

  app.post(
    '/api/jobs/:id/close',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['jobs'],
        summary: "Close a job (its creator or the company's admins)",
        params: jobIdParamSchema,
        response: { 200: jobSchema, ...errors },
      },
    },
    async (request) => closeJob(app.db, authOf(request), request.params.id),
  );

  app.put(
    '/api/jobs/:id/status',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['jobs'],
        summary: "Close, reopen or mark a job filled (its creator or the company's admins)",
        params: jobIdParamSchema,
        body: jobStatusChangeSchema,
        response: { 200: jobSchema, ...errors },
      },
    },
    async (request) => setJobStatus(app.db, authOf(request), request.params.id, request.body.status),
  );

  app.get(
    '/api/company/jobs',
    {
      config: { access: { role: 'companyUser', refused: COMPANY_JOBS_MESSAGES.notAllowed } },
      schema: {
        tags: ['jobs'],
        summary: "Your company's jobs with applicant, referral and new-since-last-visit counts (company members)",
        querystring: companyJobsQuerySchema,
        response: { 200: companyJobsResponseSchema, ...errors },
      },
    },
    async (request) => listCompanyJobs(app.db, companyAuthOf(request), request.query),
  );

  app.get(
    '/api/company/roles-to-refer',
    {
      config: { access: { role: 'companyUser', refused: COMPANY_JOBS_MESSAGES.notAllowed } },
      schema: {
        tags: ['jobs'],
        summary: "Your company's open roles with what a referral pays, bonus first (company members)",
        querystring: rolesToReferQuerySchema,
        response: { 200: rolesToReferSchema, ...errors },
      },
    },
    async (request) => rolesToRefer(app.db, companyAuthOf(request).company.id, request.query.limit),
  );

  app.post(
    '/api/jobs/:id/visit',
    {
      config: { access: { role: 'companyUser', refused: COMPANY_JOBS_MESSAGES.notAllowed } },
      schema: {
        tags: ['jobs'],
        summary: 'Record that you opened this company job (its new applicants and referrals are seen)',
        params: jobIdParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await recordJobVisit(app.db, companyAuthOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/jobs/:id/apply',
    {
      config: { access: { role: 'jobseeker', refused: JOB_MESSAGES.applyOnlyJobseekers } },
      schema: {
        tags: ['jobs'],
        summary: 'Apply to a job (job seekers), with an optional note to the hiring team',
        params: jobIdParamSchema,
        body: jobApplySchema,
        response: { 201: z.object({ applied: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      const sharedBy = sharedLinkCode(request, request.params.id);
      await applyToJob(app.db, authOf(request), request.params.id, request.body, sharedBy);
      return reply.status(201).send({ applied: true as const });
    },
  );

  app.get(
    '/api/jobs/:id/applications',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['jobs'],
        summary: "A job's applications (its creator or the company's admins)",
        params: jobIdParamSchema,
        response: { 200: z.array(jobApplicationSchema), ...errors },
      },
    },
    async (request) => listApplications(app.db, authOf(request), request.params.id),
  );
};
