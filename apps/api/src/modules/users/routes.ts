import {
  adminUserDetail,
  grantCreditsBody,
  userIdParams,
  userStatusBody,
  usersPage,
  usersQuery,
} from '@reach/contract/admin-users';
import { errorBody } from '@reach/contract/errors';
import { user as userSchema } from '@reach/contract/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireType } from '../../plugins/auth';
import { listUsers } from './lists';
import { presentCurrentUser } from './presenter';
import { getAdminUser, grantCredits, reactivateUser, suspendUser } from './service';

const security = [{ bearer: [] }];
const read = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const write = { ...read, 409: errorBody, 422: errorBody };

export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Checked before the request is validated, so nobody but an admin learns anything from these endpoints.
  const admin = requireType('admin');

  r.get('/my/user', {
    schema: {
      tags: ['users'],
      summary: 'The signed-in user (spec §3 User)',
      security,
      response: { 200: userSchema, 401: errorBody, 403: errorBody },
    },
    handler: async (request) => presentCurrentUser(ctx, currentUser(request)),
  });

  // ── administration ──────────────────────────────────────────────────────────────────────────────────────
  const tags = ['admin: users'];

  r.get('/users', {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Every account, paged (spec §7: userSearch over name and email, type)',
      querystring: usersQuery,
      response: { 200: usersPage, ...read },
    },
    handler: async (request) => listUsers(ctx, request.query),
  });

  r.get('/admin/users/:id', {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'One account with its profile, subscription, counts and admin history',
      params: userIdParams,
      response: { 200: adminUserDetail, ...read },
    },
    handler: async (request) => getAdminUser(ctx, currentUser(request), request.params.id),
  });

  r.post('/admin/users/:id/suspend', {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Suspend an account: sign-in, refresh and existing access tokens stop at once (not yourself)',
      params: userIdParams,
      body: userStatusBody,
      response: { 200: adminUserDetail, ...write },
    },
    handler: async (request) =>
      suspendUser(ctx, currentUser(request), request.params.id, request.body.reason),
  });

  r.post('/admin/users/:id/reactivate', {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Reactivate a suspended account',
      params: userIdParams,
      body: userStatusBody,
      response: { 200: adminUserDetail, ...write },
    },
    handler: async (request) =>
      reactivateUser(ctx, currentUser(request), request.params.id, request.body.reason),
  });

  r.post('/admin/users/:id/credits', {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Grant discovery credits to a business (audited, the business is notified)',
      params: userIdParams,
      body: grantCreditsBody,
      response: { 200: adminUserDetail, ...write },
    },
    handler: async (request) => grantCredits(ctx, currentUser(request), request.params.id, request.body),
  });
}
