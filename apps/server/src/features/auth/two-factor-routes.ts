import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companySecuritySchema,
  messageResponseSchema,
  recoveryCodesSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorCodeRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@referwell/shared';
import { authOf } from '../../platform/access/route-access';
import { errorResponses } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import {
  companySecurity,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  setCompanySecurity,
  startTwoFactorSetup,
  twoFactorStatus,
} from './two-factor';

const errors = errorResponses(400, 401, 403, 409, 429);
const companyParams = z.object({ companyId: z.uuid() });

/** The account's second factor (settings) and a company's two-factor policy (ADR 0035). */
export function twoFactorRoutes(limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    const attempt = (request: FastifyRequest) => ({ limiter, ip: request.ip });

    app.get(
      '/api/account/two-factor',
      {
        config: { access: 'signedIn', twoFactorSetup: true },
        schema: {
          tags: ['account'],
          summary: 'Whether two-factor authentication is on, and whether the company requires it',
          response: { 200: twoFactorStatusSchema, ...errors },
        },
      },
      async (request) => twoFactorStatus(app.db, authOf(request).user.id),
    );

    app.post(
      '/api/account/two-factor/setup',
      {
        config: { access: 'signedIn', twoFactorSetup: true },
        schema: {
          tags: ['account'],
          summary: 'A new authenticator-app secret (QR code and otpauth URI), on once its first code is confirmed',
          response: { 200: twoFactorSetupSchema, ...errors },
        },
      },
      async (request) => startTwoFactorSetup(app.db, app.secrets, authOf(request).user),
    );

    app.post(
      '/api/account/two-factor/enable',
      {
        config: { access: 'signedIn', twoFactorSetup: true },
        schema: {
          tags: ['account'],
          summary: 'Turn two-factor on with the first code from the app; answers the recovery codes, shown once',
          body: twoFactorCodeRequestSchema,
          response: { 200: recoveryCodesSchema, ...errors },
        },
      },
      async (request) =>
        enableTwoFactor(app.db, app.secrets, authOf(request).user.id, request.body.code, attempt(request)),
    );

    app.post(
      '/api/account/two-factor/disable',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['account'],
          summary: 'Turn two-factor off with a code (refused while the company requires it of this admin)',
          body: twoFactorCodeRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await disableTwoFactor(app.db, app.secrets, authOf(request).user.id, request.body.code, attempt(request));
        return { message: TWO_FACTOR_MESSAGES.disabled };
      },
    );

    app.post(
      '/api/account/two-factor/recovery-codes',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['account'],
          summary: 'New recovery codes for a code (the old ones stop working); shown once',
          body: twoFactorCodeRequestSchema,
          response: { 200: recoveryCodesSchema, ...errors },
        },
      },
      async (request) =>
        regenerateRecoveryCodes(app.db, app.secrets, authOf(request).user.id, request.body.code, attempt(request)),
    );

    app.get(
      '/api/companies/:companyId/security',
      {
        config: { access: 'companyAdmin' },
        schema: {
          tags: ['companies'],
          summary: "The company's two-factor policy",
          params: companyParams,
          response: { 200: companySecuritySchema, ...errors },
        },
      },
      async (request) => companySecurity(app.db, request.params.companyId),
    );

    app.put(
      '/api/companies/:companyId/security',
      {
        config: { access: 'companyAdmin' },
        schema: {
          tags: ['companies'],
          summary: 'Require two-factor for the admins (an admin without it is sent to set it up first); audited',
          params: companyParams,
          body: companySecuritySchema,
          response: { 200: companySecuritySchema, ...errors },
        },
      },
      async (request) => setCompanySecurity(app.db, request.params.companyId, authOf(request).user.id, request.body),
    );
  };
}
