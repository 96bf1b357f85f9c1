import type { usersQuery } from '@reach/contract/admin-users';
import { adminUsersApi } from '@reach/contract/endpoints/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type UsersQuery = Partial<z.output<typeof usersQuery>>;

/** GET /users — every account, paged, sorted and filtered by the API (spec §7). */
export function listUsers(query: UsersQuery, signal?: AbortSignal) {
  return call(adminUsersApi.list, { query, signal });
}

export function usersQueryOptions(query: UsersQuery) {
  return queryOptions({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => listUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UsersQuery) {
  return useQuery(usersQueryOptions(query));
}
