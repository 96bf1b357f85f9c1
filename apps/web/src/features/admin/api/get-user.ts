import { adminUsersApi } from '@reach/contract/endpoints/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /admin/users/{id} — one account for the drawer, with what the admin may do to it. */
export function getUser(id: number, signal?: AbortSignal) {
  return call(adminUsersApi.get, { params: { id }, signal });
}

export function userQueryOptions(id: number) {
  return queryOptions({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => getUser(id, signal) });
}

export function useUser(id: number | null) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
}
