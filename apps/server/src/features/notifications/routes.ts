import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationSchema,
  notificationUnreadSchema,
  uuidParamSchema,
} from '@referwell/shared';
import { authOf } from '../../platform/access/route-access';
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
      config: { access: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first, with the unread count',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    async (request) => listNotifications(app.db, authOf(request).user.id, request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'How many of my notifications are unread',
        response: { 200: notificationUnreadSchema, ...errors },
      },
    },
    async (request) => ({ count: await unreadNotificationCount(app.db, authOf(request).user.id) }),
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark all my notifications read',
        response: { 200: notificationUnreadSchema, ...errors },
      },
    },
    async (request) => {
      await markAllNotificationsRead(app.db, authOf(request).user.id);
      return { count: 0 };
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of my notifications read',
        params: uuidParamSchema,
        response: { 200: notificationSchema, ...errors },
      },
    },
    async (request) => markNotificationRead(app.db, authOf(request).user.id, request.params.id),
  );
};
