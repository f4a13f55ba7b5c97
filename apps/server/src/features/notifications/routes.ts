import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationSchema,
  notificationUnreadSchema,
  uuidParamSchema,
} from '@referwell/shared';
import { requireSignedIn } from '../../platform/access/guards';
import { unreadNotificationCount } from '../../platform/events/unread';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../platform/notifications/service';
import { errorResponses } from '../../lib/errors';

const errors = errorResponses(400, 401, 404);

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first, with the unread count',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    async (request) => listNotifications(app.db, requireSignedIn(request.auth).user.id, request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How many of my notifications are unread',
        response: { 200: notificationUnreadSchema, ...errors },
      },
    },
    async (request) => ({ count: await unreadNotificationCount(app.db, requireSignedIn(request.auth).user.id) }),
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark all my notifications read',
        response: { 200: notificationUnreadSchema, ...errors },
      },
    },
    async (request) => {
      await markAllNotificationsRead(app.db, requireSignedIn(request.auth).user.id);
      return { count: 0 };
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of my notifications read',
        params: uuidParamSchema,
        response: { 200: notificationSchema, ...errors },
      },
    },
    async (request) => markNotificationRead(app.db, requireSignedIn(request.auth).user.id, request.params.id),
  );
};
