import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { joinWaitlistRequestSchema, joinWaitlistResponseSchema, WAITLIST_MESSAGES } from '@referwell/shared';
import { createRateLimiter } from '../../lib/rate-limit';
import { joinWaitlist } from './service';
import { errorResponses } from '../../lib/errors';

/** Per address, counted in the database so every server process shares it. */
const WAITLIST_LIMIT = { max: 10, windowSeconds: 60, message: 'Too many requests.' };

export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db, app.config.rateLimitScale);
  app.post(
    '/api/waitlist',
    {
      schema: {
        tags: ['waitlist'],
        summary: 'Join the waitlist',
        body: joinWaitlistRequestSchema,
        response: { 200: joinWaitlistResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await limiter.consume({ key: `waitlist:ip:${request.ip}`, ...WAITLIST_LIMIT });
      await joinWaitlist(app.db, request.body);
      return { message: WAITLIST_MESSAGES.success };
    },
  );
};
