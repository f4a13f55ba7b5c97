import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addTeamMemberSchema,
  companyIdParamSchema,
  companyProfileUpdatedSchema,
  companyProfileUpdateSchema,
  companySchema,
  inviteCodeResponseSchema,
  memberComplianceSchema,
  memberParamSchema,
  publicCompanyResponseSchema,
  teamInvitationSchema,
  teamMemberSchema,
  teamResponseSchema,
  updateMemberRoleSchema,
} from '@referwell/shared';
import { companyAuthOf } from '../../platform/access/route-access';
import {
  getCompany,
  getPublicCompany,
  getTeam,
  inviteTeamMember,
  regenerateInviteCode,
  removeMember,
  setMemberCompliance,
  updateCompanyProfile,
  updateMemberRole,
} from './service';
import { errorResponses } from '../../lib/errors';

const errors = errorResponses(400, 401, 403, 404, 409);

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/by-slug/:slug',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['companies'],
        summary: 'Public company profile with its open positions',
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: publicCompanyResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => getPublicCompany(app.db, request.params.slug),
  );

  app.get(
    '/api/companies/:companyId',
    {
      config: { access: 'companyMember' },
      schema: {
        tags: ['companies'],
        summary: 'Company profile (members)',
        params: companyIdParamSchema,
        response: { 200: companySchema, ...errors },
      },
    },
    async (request) => {
      return getCompany(app.db, request.params.companyId);
    },
  );

  app.put(
    '/api/companies/:companyId',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags: ['companies'],
        summary: 'Edit the company profile (admins)',
        params: companyIdParamSchema,
        body: companyProfileUpdateSchema,
        response: { 200: companyProfileUpdatedSchema, ...errors },
      },
    },
    async (request) => {
      const auth = companyAuthOf(request);
      return updateCompanyProfile(app.db, request.params.companyId, auth.user.id, request.body);
    },
  );

  app.get(
    '/api/companies/:companyId/team',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags: ['companies'],
        summary: 'Team members, invitations and invite code (admins)',
        params: companyIdParamSchema,
        response: { 200: teamResponseSchema, ...errors },
      },
    },
    async (request) => {
      return getTeam(app.db, request.params.companyId);
    },
  );

  app.post(
    '/api/companies/:companyId/invite-code',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags: ['companies'],
        summary: 'Replace the invite code (admins)',
        params: companyIdParamSchema,
        response: { 200: inviteCodeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = companyAuthOf(request);
      return { inviteCode: await regenerateInviteCode(app.db, request.params.companyId, auth.user.id) };
    },
  );

  app.post(
    '/api/companies/:companyId/invitations',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags: ['companies'],
        summary: 'Invite a team member by e-mail (admins)',
        params: companyIdParamSchema,
        body: addTeamMemberSchema,
        response: { 201: teamInvitationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = companyAuthOf(request);
      const invitation = await inviteTeamMember(app.db, request.params.companyId, auth.user, request.body);
      return reply.status(201).send(invitation);
    },
  );

  app.patch(
    '/api/companies/:companyId/members/:userId',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags: ['companies'],
        summary: "Change a member's role (admins)",
        params: memberParamSchema,
        body: updateMemberRoleSchema,
        response: { 200: teamMemberSchema, ...errors },
      },
    },
    async (request) => {
      const auth = companyAuthOf(request);
      const { companyId, userId } = request.params;
      return updateMemberRole(app.db, companyId, auth.user.id, userId, request.body.role);
    },
  );

  app.put(
    '/api/companies/:companyId/members/:userId/compliance',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags: ['companies'],
        summary: "Grant or withdraw a member's compliance permission (reads the self-identification report; admins)",
        params: memberParamSchema,
        body: memberComplianceSchema,
        response: { 200: teamMemberSchema, ...errors },
      },
    },
    async (request) => {
      const auth = companyAuthOf(request);
      const { companyId, userId } = request.params;
      return setMemberCompliance(app.db, companyId, auth.user.id, userId, request.body.compliance);
    },
  );

  app.delete(
    '/api/companies/:companyId/members/:userId',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags: ['companies'],
        summary: 'Remove a member (admins)',
        params: memberParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const auth = companyAuthOf(request);
      await removeMember(app.db, request.params.companyId, auth.user.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
