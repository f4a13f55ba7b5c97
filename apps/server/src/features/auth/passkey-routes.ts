import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passkeyChangeRequestSchema,
  passkeyCreationOptionsSchema,
  passkeyListSchema,
  passkeyRegisterRequestSchema,
  passkeyRenameSchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
} from '@referwell/shared';
import { authOf } from '../../platform/access/route-access';
import { errorResponses } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import {
  finishPasskeyRegistration,
  listPasskeys,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
  startPasskeySignIn,
} from './passkeys';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const passkeyParams = z.object({ id: z.uuid() });

/**
 * An account's passkeys (settings) and the first step of signing in with one (ADR 0040). The sign-in's second step
 * starts a session, so it lives with the other log-in routes (routes.ts).
 */
export function passkeyRoutes(limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    const rp = relyingPartyOf(app.config.publicUrl);
    const attempt = (request: FastifyRequest) => ({ limiter, ip: request.ip });

    app.get(
      '/api/account/passkeys',
      {
        config: { access: 'signedIn', twoFactorSetup: true },
        schema: {
          tags: ['account'],
          summary: "The account's passkeys: names, when added and last used (never key material)",
          response: { 200: passkeyListSchema, ...errors },
        },
      },
      async (request) => listPasskeys(app.db, authOf(request).user.id),
    );

    app.post(
      '/api/account/passkeys/options',
      {
        config: { access: 'signedIn', twoFactorSetup: true },
        schema: {
          tags: ['account'],
          summary:
            'Options for navigator.credentials.create() (a discoverable credential, user verification required); ' +
            'a code is needed while two-factor is on. The challenge works once, for a few minutes',
          body: passkeyChangeRequestSchema,
          response: { 200: passkeyCreationOptionsSchema, ...errors },
        },
      },
      async (request) =>
        startPasskeyRegistration(app.db, app.secrets, rp, authOf(request).user, request.body.code, attempt(request)),
    );

    app.post(
      '/api/account/passkeys',
      {
        config: { access: 'signedIn', twoFactorSetup: true },
        schema: {
          tags: ['account'],
          summary: "Keep a new passkey: the browser's answer to the options, verified (attestation 'none'); audited",
          body: passkeyRegisterRequestSchema,
          response: { 201: passkeySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await finishPasskeyRegistration(app.db, rp, authOf(request).user.id, request.body)),
    );

    app.patch(
      '/api/account/passkeys/:id',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['account'],
          summary: 'Rename one of the account’s passkeys',
          params: passkeyParams,
          body: passkeyRenameSchema,
          response: { 200: passkeySchema, ...errors },
        },
      },
      async (request) => renamePasskey(app.db, authOf(request).user.id, request.params.id, request.body.name),
    );

    app.post(
      '/api/account/passkeys/:id/remove',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['account'],
          summary: 'Remove one of the account’s passkeys (a code while two-factor is on); audited',
          params: passkeyParams,
          body: passkeyChangeRequestSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await removePasskey(
          app.db,
          app.secrets,
          authOf(request).user.id,
          request.params.id,
          request.body.code,
          attempt(request),
        );
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/passkey/options',
      {
        config: { access: 'visitor' },
        schema: {
          tags: ['auth'],
          summary:
            'Options for navigator.credentials.get() naming no account (discoverable credentials); counted as a ' +
            'log-in attempt of the address',
          response: { 200: passkeyRequestOptionsSchema, ...errors },
        },
      },
      async (request) => startPasskeySignIn(app.db, rp, attempt(request)),
    );
  };
}
