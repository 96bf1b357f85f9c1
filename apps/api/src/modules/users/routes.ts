import { adminUsersApi, usersApi } from '@reach/contract/endpoints/users';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { compiledSerializer, sendCompiled } from '../../lib/compiled-serializer';
import { route } from '../../lib/endpoint';
import { currentProfile, currentUser, requireType } from '../../plugins/auth';
import { listUsers } from './lists';
import { getAdminUser, getCurrentUser, grantCredits, reactivateUser, suspendUser } from './service';

export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // GET /my/user (every signed-in page's first read) and the admin's user list are written from their compiled
  // contract schemas instead of through zod (see lib/compiled-serializer.ts). GET /my/user's facts come with the
  // caller's statement (`callerProfile`): one statement a request.
  const me = compiledSerializer(usersApi.me.response);
  route(app, usersApi.me, { config: { callerProfile: true } }, async (request, reply) =>
    sendCompiled(reply, me, await getCurrentUser(ctx, currentUser(request), currentProfile(request))),
  );

  // ── administration ──────────────────────────────────────────────────────────────────────────────────────
  // Checked before the request is validated, so nobody but an admin learns anything from these endpoints.
  const admin = { onRequest: requireType('admin') };
  const usersPage = compiledSerializer(adminUsersApi.list.response);
  route(app, adminUsersApi.list, admin, async (request, reply) =>
    sendCompiled(reply, usersPage, await listUsers(ctx, request.query)),
  );
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
