import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  joinWaitlistRequestSchema,
  joinWaitlistResponseSchema,
  WAITLIST_MESSAGES,
} from '@referwell/shared';
import { joinWaitlist } from './service';

export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/waitlist',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['waitlist'],
        summary: 'Join the waitlist',
        body: joinWaitlistRequestSchema,
        response: { 200: joinWaitlistResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      await joinWaitlist(app.db, request.body);
      return { message: WAITLIST_MESSAGES.success };
    },
  );
};
