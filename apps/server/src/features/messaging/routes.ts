import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGING_MESSAGES,
  contactsQuerySchema,
  contactsResponseSchema,
  conversationDetailSchema,
  conversationListQuerySchema,
  conversationListResponseSchema,
  conversationLookupQuerySchema,
  conversationLookupResponseSchema,
  conversationMessagesQuerySchema,
  markReadResponseSchema,
  messageSchema,
  sendMessageSchema,
  startConversationSchema,
  unreadCountSchema,
  uuidParamSchema,
} from '@referwell/shared';
import { authOf } from '../../platform/access/route-access';
import { createRateLimiter } from '../../lib/rate-limit';
import { getConversation, markConversationRead, startConversation } from './service';
import { sendMessage } from './send';
import { lookupConversation, searchContacts } from './contacts';
import { conversationListJson } from './kept-list';
import { unreadMessageCount } from '../../platform/events/unread';
import { errorResponses } from '../../lib/errors';
import { sendKeptJson } from '../../lib/kept-json';

const errors = errorResponses(400, 401, 403, 404, 429);

/** Messages (and new conversations) a user may send per minute. */
export const MESSAGE_SEND_LIMIT = { max: 30, windowSeconds: 60 };

export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db, app.config.rateLimitScale);
  const sendLimit = (userId: string) => ({
    key: `message:user:${userId}`,
    ...MESSAGE_SEND_LIMIT,
    message: MESSAGING_MESSAGES.rateLimited,
  });
  const consumeSend = (userId: string) => limiter.consume(sendLimit(userId));

  app.get(
    '/api/conversations',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['messaging'],
        summary: 'My conversations, latest activity first (search: names, subject, message text)',
        querystring: conversationListQuerySchema,
        response: { 200: conversationListResponseSchema, ...errors },
      },
    },
    // Kept as JSON text per list version (kept-list.ts), compressed once per encoding (lib/kept-json.ts).
    async (request, reply) =>
      sendKeptJson(request, reply, await conversationListJson(app.db, authOf(request).user.id, request.query)),
  );

  app.get(
    '/api/conversations/unread-count',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['messaging'],
        summary: 'Unread messages across my conversations',
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => ({ count: await unreadMessageCount(app.db, authOf(request).user.id) }),
  );

  app.get(
    '/api/conversations/contacts',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['messaging'],
        summary: 'People I may start a conversation with',
        querystring: contactsQuerySchema,
        response: { 200: contactsResponseSchema, ...errors },
      },
    },
    async (request) => searchContacts(app.db, authOf(request), request.query.q),
  );

  app.get(
    '/api/conversations/lookup',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['messaging'],
        summary: 'My existing conversation with a person (and job or referral), and whether I may message them',
        querystring: conversationLookupQuerySchema,
        response: { 200: conversationLookupResponseSchema, ...errors },
      },
    },
    async (request) => lookupConversation(app.db, authOf(request), request.query),
  );

  app.post(
    '/api/conversations',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['messaging'],
        summary: 'Start a conversation with its first message',
        body: startConversationSchema,
        response: { 201: conversationDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await consumeSend(auth.user.id);
      return reply.status(201).send(await startConversation(app.db, auth, request.body));
    },
  );

  app.get(
    '/api/conversations/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['messaging'],
        summary: 'One of my conversations with a page of messages (newest page first; `before` pages back)',
        params: uuidParamSchema,
        querystring: conversationMessagesQuerySchema,
        response: { 200: conversationDetailSchema, ...errors },
      },
    },
    async (request) => getConversation(app.db, authOf(request).user.id, request.params.id, request.query),
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags: ['messaging'],
        summary: 'Send a message (participants only)',
        params: uuidParamSchema,
        body: sendMessageSchema,
        response: { 201: messageSchema, ...errors },
      },
      // At 100 sends a second, dropping every session read on each would make every request read its session again.
      config: { access: 'signedIn', sessionsUnchanged: true },
    },
    async (request, reply) => {
      const auth = authOf(request);
      // The limit's hit is counted by the send's own statement (one round trip fewer on the hot path).
      const limit = limiter.inStatement(sendLimit(auth.user.id));
      return reply.status(201).send(await sendMessage(app.db, auth, request.params.id, request.body.text, limit));
    },
  );

  app.post(
    '/api/conversations/:id/read',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['messaging'],
        summary: "Mark the other participants' messages read; answers my total unread count",
        params: uuidParamSchema,
        response: { 200: markReadResponseSchema, ...errors },
      },
    },
    async (request) => ({
      unreadCount: await markConversationRead(app.db, authOf(request).user.id, request.params.id),
    }),
  );
};
