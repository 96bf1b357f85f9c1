import { notificationsApi } from '@reach/contract/endpoints/notifications';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentUser } from '../../plugins/auth';
import { presentNotificationsPage } from './presenter';
import { listNotifications, markRead, readPreferences, setPreferences } from './service';

export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  route(app, notificationsApi.list, {}, async (request) =>
    presentNotificationsPage(
      await listNotifications(ctx, currentUser(request), request.params.userId, request.query),
    ),
  );
  route(app, notificationsApi.markRead, {}, async (request) => ({
    unread: await markRead(ctx, currentUser(request).id, request.body),
  }));
  route(app, notificationsApi.preferences, {}, async (request) =>
    readPreferences(ctx, currentUser(request).id),
  );
  route(app, notificationsApi.setPreferences, {}, async (request) =>
    setPreferences(ctx, currentUser(request), request.body),
  );
}
