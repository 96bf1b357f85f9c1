import { errorBody } from '@reach/contract/errors';
import {
  markReadBody,
  notificationPreferences,
  notificationsPage,
  notificationsQuery,
} from '@reach/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { presentNotificationsPage } from './presenter';
import { listNotifications, markRead, readPreferences, setPreferences } from './service';

const tags = ['notifications'];
const security = [{ bearer: [] }];

export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/my/notifications/:userId', {
    schema: {
      tags,
      security,
      summary: 'Your notifications, newest first (another user id → 403)',
      params: z.object({ userId: z.coerce.number().int().positive() }),
      querystring: notificationsQuery,
      response: { 200: notificationsPage, 401: errorBody, 403: errorBody },
    },
    handler: async (request) =>
      presentNotificationsPage(
        await listNotifications(ctx, currentUser(request), request.params.userId, request.query),
      ),
  });

  r.post('/notifications/read', {
    schema: {
      tags,
      security,
      summary: 'Mark one notification (id) or all (all=true) as read',
      body: markReadBody,
      response: {
        200: z.object({ unread: z.number().int() }),
        400: errorBody,
        401: errorBody,
        404: errorBody,
      },
    },
    handler: async (request) => ({ unread: await markRead(ctx, currentUser(request).id, request.body) }),
  });

  r.get('/my/notification-preferences', {
    schema: {
      tags,
      security,
      summary: 'Which notifications you also get by email',
      response: { 200: notificationPreferences, 401: errorBody },
    },
    handler: async (request) => readPreferences(ctx, currentUser(request).id),
  });

  r.put('/my/notification-preferences', {
    schema: {
      tags,
      security,
      summary: 'Choose which notifications you also get by email',
      body: notificationPreferences,
      response: { 200: notificationPreferences, 400: errorBody, 401: errorBody, 403: errorBody },
    },
    handler: async (request) => setPreferences(ctx, currentUser(request), request.body),
  });
}
