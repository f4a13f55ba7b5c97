import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailPreferencesSchema, updateEmailPreferencesSchema } from '@referwell/shared';
import { authOf } from '../../platform/access/route-access';
import { errorResponses, isAppError } from '../../lib/errors';
import { invalidLinkPage, unsubscribeAskPage, unsubscribedPage } from './pages';
import { readPreferences, savePreferences } from '../../platform/notifications/preferences';
import { readUnsubscribeToken, unsubscribe } from './unsubscribe';

const errors = errorResponses(400, 401, 409, 429);
const tags = ['mail'];

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/email-preferences',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'My e-mail choices per category', response: { 200: emailPreferencesSchema, ...errors } },
    },
    async (request) => readPreferences(app.db, authOf(request).user.id),
  );

  app.put(
    '/api/account/email-preferences',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Change my e-mail choices',
        body: updateEmailPreferencesSchema,
        response: { 200: emailPreferencesSchema, ...errors },
      },
    },
    async (request) => savePreferences(app.db, authOf(request).user.id, request.body),
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
      if (isAppError(error, 400)) return htmlPage(400, invalidLinkPage(error.message));
      throw error;
    }
  };

  app.get(
    '/api/mail/unsubscribe',
    {
      config: { access: 'visitor' },
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
    {
      config: { access: 'visitor' },
      schema: { tags, summary: 'Unsubscribe from one category (RFC 8058 one-click)', querystring: unsubscribeQuery },
    },
    async (request, reply) => {
      const { status, html } = await answer(async () => {
        const { label } = await unsubscribe(app.db, app.secret, request.query.token);
        return htmlPage(200, unsubscribedPage(label));
      });
      return reply.status(status).type('text/html; charset=utf-8').send(html);
    },
  );
};
