import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addTeamMemberSchema,
  companyIdParamSchema,
  companyProfileUpdateSchema,
  companySchema,
  inviteCodeResponseSchema,
  memberParamSchema,
  publicCompanyResponseSchema,
  teamInvitationSchema,
  teamMemberSchema,
  teamResponseSchema,
  updateMemberRoleSchema,
} from '@referwell/shared';
import { requireCompanyAdmin, requireCompanyMember } from '../../platform/access/guards';
import {
  getCompany,
  getPublicCompany,
  getTeam,
  inviteTeamMember,
  regenerateInviteCode,
  removeMember,
  updateCompanyProfile,
  updateMemberRole,
} from './service';
import { errorResponses } from '../../lib/errors';

const errors = errorResponses(400, 401, 403, 404, 409);

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/by-slug/:slug',
    {
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
      schema: {
        tags: ['companies'],
        summary: 'Company profile (members)',
        params: companyIdParamSchema,
        response: { 200: companySchema, ...errors },
      },
    },
    async (request) => {
      requireCompanyMember(request.auth, request.params.companyId);
      return getCompany(app.db, request.params.companyId);
    },
  );

  app.put(
    '/api/companies/:companyId',
    {
      schema: {
        tags: ['companies'],
        summary: 'Edit the company profile (admins)',
        params: companyIdParamSchema,
        body: companyProfileUpdateSchema,
        response: { 200: companySchema, ...errors },
      },
    },
    async (request) => {
      requireCompanyAdmin(request.auth, request.params.companyId);
      return updateCompanyProfile(app.db, request.params.companyId, request.body);
    },
  );

  app.get(
    '/api/companies/:companyId/team',
    {
      schema: {
        tags: ['companies'],
        summary: 'Team members, invitations and invite code (admins)',
        params: companyIdParamSchema,
        response: { 200: teamResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireCompanyAdmin(request.auth, request.params.companyId);
      return getTeam(app.db, request.params.companyId);
    },
  );

  app.post(
    '/api/companies/:companyId/invite-code',
    {
      schema: {
        tags: ['companies'],
        summary: 'Replace the invite code (admins)',
        params: companyIdParamSchema,
        response: { 200: inviteCodeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireCompanyAdmin(request.auth, request.params.companyId);
      return { inviteCode: await regenerateInviteCode(app.db, request.params.companyId, auth.user.id) };
    },
  );

  app.post(
    '/api/companies/:companyId/invitations',
    {
      schema: {
        tags: ['companies'],
        summary: 'Invite a team member by e-mail (admins)',
        params: companyIdParamSchema,
        body: addTeamMemberSchema,
        response: { 201: teamInvitationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireCompanyAdmin(request.auth, request.params.companyId);
      const invitation = await inviteTeamMember(app.db, request.params.companyId, auth.user, request.body);
      return reply.status(201).send(invitation);
    },
  );

  app.patch(
    '/api/companies/:companyId/members/:userId',
    {
      schema: {
        tags: ['companies'],
        summary: "Change a member's role (admins)",
        params: memberParamSchema,
        body: updateMemberRoleSchema,
        response: { 200: teamMemberSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireCompanyAdmin(request.auth, request.params.companyId);
      const { companyId, userId } = request.params;
      return updateMemberRole(app.db, companyId, auth.user.id, userId, request.body.role);
    },
  );

  app.delete(
    '/api/companies/:companyId/members/:userId',
    {
      schema: {
        tags: ['companies'],
        summary: 'Remove a member (admins)',
        params: memberParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireCompanyAdmin(request.auth, request.params.companyId);
      await removeMember(app.db, request.params.companyId, auth.user.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
