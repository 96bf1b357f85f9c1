import {
  adminUserDetail,
  grantCreditsBody,
  userIdParams,
  userStatusBody,
  usersPage,
  usersQuery,
} from '../admin-users';
import { type ErrorStatus, endpoint } from '../endpoint';
import { user } from '../user';

/** The signed-in user. */
export const usersApi = {
  me: endpoint({
    method: 'GET',
    path: '/my/user',
    tags: ['users'],
    summary: 'The signed-in user (spec §3 User)',
    response: user,
    errors: [401, 403],
  }),
};

const READ = [400, 401, 403, 404] as const satisfies readonly ErrorStatus[];
const WRITE = [...READ, 409, 422] as const satisfies readonly ErrorStatus[];

/** Account administration (admin only; nobody else learns anything from these endpoints). */
export const adminUsersApi = {
  list: endpoint({
    method: 'GET',
    path: '/users',
    tags: ['admin: users'],
    summary: 'Every account, paged (spec §7: userSearch over name and email, type)',
    query: usersQuery,
    response: usersPage,
    errors: READ,
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/users/:id',
    tags: ['admin: users'],
    summary: 'One account with its profile, subscription, counts and admin history',
    params: userIdParams,
    response: adminUserDetail,
    errors: READ,
  }),
  suspend: endpoint({
    method: 'POST',
    path: '/admin/users/:id/suspend',
    tags: ['admin: users'],
    summary: 'Suspend an account: sign-in, refresh and existing access tokens stop at once (not yourself)',
    params: userIdParams,
    body: userStatusBody,
    response: adminUserDetail,
    errors: WRITE,
  }),
  reactivate: endpoint({
    method: 'POST',
    path: '/admin/users/:id/reactivate',
    tags: ['admin: users'],
    summary: 'Reactivate a suspended account',
    params: userIdParams,
    body: userStatusBody,
    response: adminUserDetail,
    errors: WRITE,
  }),
  grantCredits: endpoint({
    method: 'POST',
    path: '/admin/users/:id/credits',
    tags: ['admin: users'],
    summary: 'Grant discovery credits to a business (audited, the business is notified)',
    params: userIdParams,
    body: grantCreditsBody,
    response: adminUserDetail,
    errors: WRITE,
  }),
};
