import { adminUsersApi, usersApi } from '@reach/contract/endpoints/users';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentUser, requireType } from '../../plugins/auth';
import { listUsers } from './lists';
import { getAdminUser, getCurrentUser, grantCredits, reactivateUser, suspendUser } from './service';

export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  route(app, usersApi.me, {}, async (request) => getCurrentUser(ctx, currentUser(request)));

  // ── administration ──────────────────────────────────────────────────────────────────────────────────────
  // Checked before the request is validated, so nobody but an admin learns anything from these endpoints.
  const admin = { onRequest: requireType('admin') };
  route(app, adminUsersApi.list, admin, async (request) => listUsers(ctx, request.query));
  route(app, adminUsersApi.get, admin, async (request) =>
    getAdminUser(ctx, currentUser(request), request.params.id),
  );
  route(app, adminUsersApi.suspend, admin, async (request) =>
    suspendUser(ctx, currentUser(request), request.params.id, request.body.reason),
  );
  route(app, adminUsersApi.reactivate, admin, async (request) =>
    reactivateUser(ctx, currentUser(request), request.params.id, request.body.reason),
  );
  route(app, adminUsersApi.grantCredits, admin, async (request) =>
    grantCredits(ctx, currentUser(request), request.params.id, request.body),
  );
}
