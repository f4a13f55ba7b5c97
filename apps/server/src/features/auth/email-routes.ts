import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailSchema,
  confirmEmailSchema,
  emailStatusSchema,
  MAIL_MESSAGES,
  messageResponseSchema,
} from '@referwell/shared';
import { errorResponses } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rate-limit';
import { authOf } from '../../platform/access/route-access';
import { confirmEmail, emailStatus, requestEmailChange, resendEmailConfirmation } from './email';

const errors = errorResponses(400, 401, 409, 429);
const tags = ['mail'];

/** The account's e-mail address: its state, a change to a new one, and the confirmation link. */
export const accountEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db, app.config.rateLimitScale);

  app.get(
    '/api/account/email',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'My e-mail address and whether it is confirmed', response: { 200: emailStatusSchema } },
    },
    async (request) => emailStatus(app.db, authOf(request).user.id),
  );

  app.post(
    '/api/account/email',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Change my e-mail address (after the link sent to the new one is followed)',
        body: changeEmailSchema,
        response: { 202: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = authOf(request);
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
      config: { access: 'visitor' },
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
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Send the confirmation link again',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const me = authOf(request);
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
};
