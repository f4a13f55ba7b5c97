import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  changePasswordSchema,
  invitationPreviewSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  passwordResetConfirmSchema,
  passkeySignInRequestSchema,
  passwordResetRequestSchema,
  sessionResponseSchema,
  signupConfirmSchema,
  signupRequestSchema,
  signupResponseSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorCodeRequestSchema,
  type SessionResponse,
} from '@referwell/shared';
import { authOf } from '../../platform/access/route-access';
import {
  assertSameOriginFormPost,
  clearSessionCookie,
  sessionOf,
  setSessionCookie,
} from '../../platform/sessions/request-auth';
import { AppError, errorResponses } from '../../lib/errors';
import { authFormRoutes } from './form-routes';
import { createRateLimiter } from '../../lib/rate-limit';
import { accountAttemptsKey, finishLogin, login } from './service';
import { challengedUser, endChallenge, startChallenge } from './two-factor-challenge';
import { withSecondFactor } from './two-factor';
import { twoFactorRoutes } from './two-factor-routes';
import { passkeyRoutes } from './passkey-routes';
import { finishPasskeySignIn, relyingPartyOf } from './passkeys';
import { confirmSignup, previewInvitation, signup } from './signup';
import { changePassword, requestPasswordReset, resetPassword } from './password-changes';
import { knowsAccount, rememberDevice } from './known-devices';
import { normaliseEmail } from './accounts';
import { resolveSession, revokeSession, type AuthContext } from '../../platform/sessions/sessions';

const errors = errorResponses(400, 401, 403, 409, 429);

/** Sign-up, login and password forms are a few hundred bytes: anything over 16 KB is refused unread. */
const AUTH_BODY_LIMIT = 16 * 1024;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= AUTH_BODY_LIMIT;
  });
  const limiter = createRateLimiter(app.db, app.config.rateLimitScale);
  /** A payment provider is configured: the company's plan decides whether single sign-on (and "require SSO") holds. */
  const billing = app.config.stripe !== null;
  const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

  const sessionBody = (auth: AuthContext | null): SessionResponse => ({
    user: app.config.prelaunch ? null : (auth?.user ?? null),
    company: app.config.prelaunch ? null : (auth?.company ?? null),
    prelaunch: app.config.prelaunch,
    ...(auth?.twoFactorSetupRequired ? { twoFactorSetupRequired: true } : {}),
  });

  /** Starts a session: the old one (if any) ends, the new token goes into the cookie. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, token: string) {
    if (request.auth) await revokeSession(app.db, request.auth.tokenHash);
    setSessionCookie(app, reply, token);
    return sessionBody(await resolveSession(app.db, token));
  }

  /** startSession for a form post, which is outside /api and so has no request.auth resolved yet. */
  async function startFormSession(request: FastifyRequest, reply: FastifyReply, token: string) {
    request.auth = await sessionOf(app, request);
    return startSession(request, reply, token);
  }
  const allowedOrigins = new Set([new URL(app.config.publicUrl).origin]);

  const refuseWhenPrelaunch = () => {
    if (app.config.prelaunch)
      throw new AppError(403, 'PRELAUNCH', `${AUTH_MESSAGES.prelaunchTitle}. ${AUTH_MESSAGES.prelaunchDescription}.`);
  };

  app.get(
    '/api/auth/session',
    {
      config: { access: 'visitor' },
      schema: { tags: ['auth'], summary: 'Who is logged in', response: { 200: sessionResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sessionBody(request.auth);
    },
  );

  app.post(
    '/api/auth/signup',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['auth'],
        summary:
          'Sign up: a link to finish is mailed to the address (202, the same answer whether or not it has an account); ' +
          'a team invitation signs in at once (201)',
        body: signupRequestSchema,
        response: { 201: signupResponseSchema, 202: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      refuseWhenPrelaunch();
      const result = await signup(app.db, limiter, app.accounts, request.body, meta(request));
      if (result.kind === 'mailed') return reply.status(202).send({ message: AUTH_MESSAGES.signupCheckEmail });
      rememberDevice(app, request, reply, result.userId);
      const session = await startSession(request, reply, result.token);
      return reply.status(201).send({ ...session, outcome: result.outcome });
    },
  );

  app.post(
    '/api/auth/signup/confirm',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['auth'],
        summary: 'Follow a sign-up link: with the password chosen at sign-up, creates the account and signs in',
        body: signupConfirmSchema,
        response: { 201: signupResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      refuseWhenPrelaunch();
      const result = await confirmSignup(app.db, limiter, app.accounts, request.body, meta(request));
      rememberDevice(app, request, reply, result.userId);
      const session = await startSession(request, reply, result.token);
      return reply.status(201).send({ ...session, outcome: result.outcome });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['auth'],
        summary: 'Log in',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      refuseWhenPrelaunch();
      const { email, password } = request.body;
      const { userId, token, notices } = await login(app.db, limiter, app.accounts, email, password, {
        ...meta(request),
        scale: app.config.rateLimitScale,
        knownDevice: knowsAccount(request),
        billing,
      });
      if (token === null) {
        startChallenge(app, reply, userId);
        return { ...sessionBody(null), twoFactorRequired: true };
      }
      rememberDevice(app, request, reply, userId);
      const session = await startSession(request, reply, token);
      return notices.length > 0 ? { ...session, notice: notices.join(' ') } : session;
    },
  );

  app.post(
    '/api/auth/login/two-factor',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['auth'],
        summary:
          'The second login step: a code from the authenticator app (or a recovery code, which works once) for the ' +
          'account whose password this browser gave in the last minutes; starts the session',
        body: twoFactorCodeRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      refuseWhenPrelaunch();
      const userId = challengedUser(request);
      if (!userId) throw new AppError(401, 'TWO_FACTOR_EXPIRED', TWO_FACTOR_MESSAGES.challengeExpired);
      await withSecondFactor(
        app.db,
        app.secrets,
        userId,
        request.body.code,
        { limiter, ip: request.ip, allowRecovery: true },
        async () => undefined,
      );
      const { token, notices } = await finishLogin(app.db, app.accounts, userId, meta(request));
      endChallenge(app, reply);
      rememberDevice(app, request, reply, userId);
      const session = await startSession(request, reply, token);
      return notices.length > 0 ? { ...session, notice: notices.join(' ') } : session;
    },
  );

  app.post(
    '/api/auth/passkey/verify',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['auth'],
        summary:
          "Sign in with a passkey: the browser's answer to /api/auth/passkey/options, verified (challenge once, " +
          'origin, signature, user verification, counter). It counts as both factors: no code is asked',
        body: passkeySignInRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      refuseWhenPrelaunch();
      const userId = await finishPasskeySignIn(
        app.db,
        relyingPartyOf(app.config.publicUrl),
        request.body,
        { limiter, ip: request.ip },
        billing,
      );
      const { token, notices } = await finishLogin(app.db, app.accounts, userId, meta(request));
      endChallenge(app, reply);
      rememberDevice(app, request, reply, userId);
      const session = await startSession(request, reply, token);
      return notices.length > 0 ? { ...session, notice: notices.join(' ') } : session;
    },
  );

  // Login and sign-up as plain HTML form posts before the page script runs (ADR 0017), in their own plugin.
  await app.register(
    authFormRoutes({
      login: async (request, reply, credentials) => {
        refuseWhenPrelaunch();
        const { userId, token } = await login(app.db, limiter, app.accounts, credentials.email, credentials.password, {
          ...meta(request),
          scale: app.config.rateLimitScale,
          knownDevice: knowsAccount(request),
          billing,
        });
        if (token === null) {
          startChallenge(app, reply, userId);
          return 'two-factor';
        }
        rememberDevice(app, request, reply, userId);
        return (await startFormSession(request, reply, token)).user;
      },
      signup: async (request, reply, input) => {
        refuseWhenPrelaunch();
        const result = await signup(app.db, limiter, app.accounts, input, meta(request));
        // As the JSON route: "check your e-mail", whether or not the address has an account.
        if (result.kind === 'mailed') return 'mailed';
        rememberDevice(app, request, reply, result.userId);
        return (await startFormSession(request, reply, result.token)).user;
      },
      checkOrigin: (request) => assertSameOriginFormPost(request, allowedOrigins),
    }),
  );

  await app.register(twoFactorRoutes(limiter));
  await app.register(passkeyRoutes(limiter));

  app.post(
    '/api/auth/logout',
    { config: { access: 'visitor' }, schema: { tags: ['auth'], summary: 'Log out', response: { 204: z.null() } } },
    async (request, reply) => {
      if (request.auth) await revokeSession(app.db, request.auth.tokenHash);
      clearSessionCookie(app, reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/password-reset',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link',
        body: passwordResetRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requestPasswordReset(app.db, limiter, request.body.email, request.ip, billing);
      return { message: AUTH_MESSAGES.resetRequested };
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        body: passwordResetConfirmSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const owner = await resetPassword(app.db, request.body.token, request.body.password, billing);
      // The link reached the owner's mailbox: this browser is theirs, and the account's guess budget starts afresh.
      rememberDevice(app, request, reply, owner.userId);
      await limiter.reset(accountAttemptsKey(normaliseEmail(owner.email)));
      return { message: AUTH_MESSAGES.passwordChanged };
    },
  );

  app.post(
    '/api/auth/password',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'Change the password (ends other sessions)',
        body: changePasswordSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const token = await changePassword(
        app.db,
        auth.user.id,
        request.body.currentPassword,
        request.body.newPassword,
        meta(request),
      );
      setSessionCookie(app, reply, token);
      return { message: AUTH_MESSAGES.passwordChanged };
    },
  );

  app.get(
    '/api/auth/invitations/:token',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['auth'],
        summary: 'Preview a team invitation',
        params: z.object({ token: z.string().min(1).max(200) }),
        response: {
          200: invitationPreviewSchema,
          ...errorResponses(404),
        },
      },
    },
    async (request) => previewInvitation(app.db, request.params.token),
  );
};
