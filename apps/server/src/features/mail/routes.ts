import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeEmailSchema,
  confirmEmailSchema,
  emailPreferencesSchema,
  emailStatusSchema,
  MAIL_MESSAGES,
  messageResponseSchema,
  updateEmailPreferencesSchema,
} from '@referwell/shared';
import { requireSignedIn } from '../../platform/access/guards';
import { AppError, errorResponses } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rate-limit';
import { confirmEmail, emailStatus, requestEmailChange, resendEmailConfirmation } from '../auth/email';
import { invalidLinkPage, unsubscribeAskPage, unsubscribedPage } from './pages';
import { readPreferences, savePreferences } from '../../platform/notifications/preferences';
import { readUnsubscribeToken, unsubscribe } from './unsubscribe';

const errors = errorResponses(400, 401, 409, 429);
const tags = ['mail'];

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db, app.config.rateLimitScale);

  app.get(
    '/api/account/email',
    {
      schema: { tags, summary: 'My e-mail address and whether it is confirmed', response: { 200: emailStatusSchema } },
    },
    async (request) => emailStatus(app.db, requireSignedIn(request.auth).user.id),
  );

  app.post(
    '/api/account/email',
    {
      schema: {
        tags,
        summary: 'Change my e-mail address (after the link sent to the new one is followed)',
        body: changeEmailSchema,
        response: { 202: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = requireSignedIn(request.auth);
      await limiter.consume({
        key: `email-change:user:${me.user.id}`,
        max: 5,
        windowSeconds: 3600,
        message: 'Too many e-mail changes.',
      });
      await requestEmailChange(app.db, me.user.id, request.body);
      return reply.status(202).send({ message: MAIL_MESSAGES.changeEmailSent });
    },
  );

  app.post(
    '/api/account/email/confirm',
    {
      schema: {
        tags,
        summary: 'Follow an e-mail confirmation link',
        body: confirmEmailSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await confirmEmail(app.db, request.body.token);
      return { message: MAIL_MESSAGES.emailConfirmed };
    },
  );

  app.post(
    '/api/account/email/resend',
    {
      schema: {
        tags,
        summary: 'Send the confirmation link again',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const me = requireSignedIn(request.auth);
      await limiter.consume({
        key: `email-confirm:user:${me.user.id}`,
        max: 5,
        windowSeconds: 3600,
        message: 'Too many confirmation e-mails.',
      });
      await resendEmailConfirmation(app.db, me.user.id);
      return { message: MAIL_MESSAGES.confirmationResent };
    },
  );

  app.get(
    '/api/account/email-preferences',
    {
      schema: { tags, summary: 'My e-mail choices per category', response: { 200: emailPreferencesSchema, ...errors } },
    },
    async (request) => readPreferences(app.db, requireSignedIn(request.auth).user.id),
  );

  app.put(
    '/api/account/email-preferences',
    {
      schema: {
        tags,
        summary: 'Change my e-mail choices',
        body: updateEmailPreferencesSchema,
        response: { 200: emailPreferencesSchema, ...errors },
      },
    },
    async (request) => savePreferences(app.db, requireSignedIn(request.auth).user.id, request.body),
  );

  // One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` as a form;
  // the page's own button posts the same form. Neither needs a session: the signed token is the proof.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  const unsubscribeQuery = z.object({ token: z.string().max(500).default('') });
  const htmlPage = (status: number, html: string) => ({ status, html });
  const answer = async (work: () => Promise<{ status: number; html: string }>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 400) return htmlPage(400, invalidLinkPage(error.message));
      throw error;
    }
  };

  app.get(
    '/api/mail/unsubscribe',
    {
      schema: {
        tags,
        summary: 'The page an unsubscribe link opens (asks for one click)',
        querystring: unsubscribeQuery,
      },
    },
    async (request, reply) => {
      const { status, html } = await answer(async () => {
        const { label } = await readUnsubscribeToken(app.db, app.secret, request.query.token);
        const action = `/api/mail/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
        return htmlPage(200, unsubscribeAskPage(label, action));
      });
      return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );

  app.post(
    '/api/mail/unsubscribe',
    { schema: { tags, summary: 'Unsubscribe from one category (RFC 8058 one-click)', querystring: unsubscribeQuery } },
    async (request, reply) => {
      const { status, html } = await answer(async () => {
        const { label } = await unsubscribe(app.db, app.secret, request.query.token);
        return htmlPage(200, unsubscribedPage(label));
      });
      return reply.status(status).type('text/html; charset=utf-8').send(html);
    },
  );
};
