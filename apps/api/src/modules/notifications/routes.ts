import { errorBody } from '@reach/contract/errors';
import { API_MESSAGE } from '@reach/contract/messages';
import {
  markReadBody,
  NOTIFICATION_CATEGORIES,
  notificationPreferences,
  notificationsPage,
  notificationsQuery,
} from '@reach/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { presentNotification } from './presenter';
import { getPreferences, unreadCount } from './service';

const tags = ['notifications'];
const security = [{ bearer: [] }];

export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.get('/my/notifications/:userId', {
    schema: {
      tags,
      security,
      summary: 'Your notifications, newest first (another user id → 403)',
      params: z.object({ userId: z.coerce.number().int().positive() }),
      querystring: notificationsQuery,
      response: { 200: notificationsPage, 401: errorBody, 403: errorBody },
    },
    handler: async (request) => {
      const user = currentUser(request);
      if (request.params.userId !== user.id) throw new AppError('forbidden', API_MESSAGE.forbidden);
      const { page, items } = request.query;
      const [rows, total, unread] = await Promise.all([
        db
          .selectFrom('notifications')
          .selectAll()
          .where('user_id', '=', user.id)
          .orderBy('id', 'desc')
          .limit(items)
          .offset((page - 1) * items)
          .execute(),
        db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow(),
        unreadCount(db, user.id),
      ]);
      return { data: rows.map(presentNotification), total: Number(total.n), unread };
    },
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
    handler: async (request) => {
      const user = currentUser(request);
      let q = db.updateTable('notifications').set({ read: 1 }).where('user_id', '=', user.id);
      if ('id' in request.body) {
        q = q.where('id', '=', request.body.id);
        const res = await q.executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0)
          throw new AppError('not_found', 'That notification does not exist.');
      } else {
        await q.where('read', '=', 0).execute();
      }
      const unread = await unreadCount(db, user.id);
      ctx.live.publish(user.id, { type: 'notifications-read', unread });
      return { unread };
    },
  });

  r.get('/my/notification-preferences', {
    schema: {
      tags,
      security,
      summary: 'Which notifications you also get by email',
      response: { 200: notificationPreferences, 401: errorBody },
    },
    handler: async (request) => getPreferences(db, currentUser(request).id),
  });

  r.put('/my/notification-preferences', {
    schema: {
      tags,
      security,
      summary: 'Choose which notifications you also get by email',
      body: notificationPreferences,
      response: { 200: notificationPreferences, 400: errorBody, 401: errorBody, 403: errorBody },
    },
    handler: async (request) => {
      const user = currentUser(request);
      if (user.type === 'admin') throw new AppError('forbidden', API_MESSAGE.forbidden);
      const values = Object.fromEntries(
        NOTIFICATION_CATEGORIES.map((c) => [c, request.body[c]]),
      ) as typeof request.body;
      await db
        .insertInto('notification_preferences')
        .values({ user_id: user.id, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: ctx.now() }))
        .execute();
      return getPreferences(db, user.id);
    },
  });
}
