import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  hasNulByte,
  joinWaitlistRequestSchema,
  joinWaitlistResponseSchema,
  WAITLIST_FORM,
  WAITLIST_MESSAGES,
  waitlistFormBodySchema,
} from '@referwell/shared';
import { errorResponses, isAppError } from '../../lib/errors';
import { acceptFormPosts } from '../../lib/form-posts';
import { createRateLimiter } from '../../lib/rate-limit';
import { joinWaitlist } from './service';

/** Per address, counted in the database so every server process shares it (JSON and form posts alike). */
const WAITLIST_LIMIT = { max: 10, windowSeconds: 60, message: 'Too many requests.' };
/** A form post of three short fields; anything bigger is not ours. */
const FORM_BODY_LIMIT = 8 * 1024;

export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db, app.config.rateLimitScale);
  const countSignUp = (request: FastifyRequest) =>
    limiter.consume({ key: `waitlist:ip:${request.ip}`, ...WAITLIST_LIMIT });

  app.post(
    '/api/waitlist',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['waitlist'],
        summary: 'Join the waitlist',
        body: joinWaitlistRequestSchema,
        response: { 200: joinWaitlistResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await countSignUp(request);
      await joinWaitlist(app.db, request.body);
      return { message: WAITLIST_MESSAGES.success };
    },
  );

  // Its own plugin, so only this route accepts form bodies (the JSON API stays JSON-only).
  const formRoute: FastifyPluginAsyncZod = async (forms) => {
    acceptFormPosts(forms, FORM_BODY_LIMIT);
    forms.post(
      WAITLIST_FORM.action,
      {
        config: { access: 'visitor' },
        schema: {
          tags: ['waitlist'],
          summary: 'Join the waitlist with a plain HTML form post (before the page script runs)',
          description:
            'Accepts application/x-www-form-urlencoded and answers 303: to the thank-you page when saved, back to ' +
            '/waitlist?error=<code> when refused. Same rules and rate limit as POST /api/waitlist.',
          consumes: ['application/x-www-form-urlencoded'],
          body: waitlistFormBodySchema,
          response: errorResponses(400, 415),
        },
      },
      async (request, reply) => {
        // Outside /api, so the API's NUL guard does not run: PostgreSQL refuses NUL in text, so it is checked here.
        const entry = joinWaitlistRequestSchema.safeParse(request.body);
        if (!entry.success || hasNulByte(request.body)) return reply.redirect(WAITLIST_FORM.errorPath('invalid'), 303);
        try {
          await countSignUp(request);
        } catch (error) {
          if (isAppError(error, 429)) {
            return reply.redirect(WAITLIST_FORM.errorPath('rate-limited'), 303);
          }
          throw error;
        }
        await joinWaitlist(app.db, entry.data);
        return reply.redirect(WAITLIST_FORM.joinedPath, 303);
      },
    );
  };
  await app.register(formRoute);
};
