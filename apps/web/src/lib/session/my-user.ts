import { usersApi } from '@reach/contract/endpoints/users';
import type { User } from '@reach/contract/user';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../api-client';

export const MY_USER_QUERY_KEY = ['my-user'] as const;

/** GET /my/user — the signed-in user (spec §3 User). */
export function getMyUser(signal?: AbortSignal): Promise<User> {
  return call(usersApi.me, { signal });
}

/** Spec §7 "cached unless refresh forced": never stale on its own; `useRefreshMyUser` forces a reload. */
export function myUserQueryOptions() {
  return queryOptions({
    queryKey: MY_USER_QUERY_KEY,
    // No abort signal: guards hand the query over to each other while routes change, and a signal would cancel
    // the load in the instant between one guard unmounting and the next mounting (then load it again).
    queryFn: () => getMyUser(),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Forces a reload of the current user (after a profile, plan or credits change). */
export function useRefreshMyUser(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: MY_USER_QUERY_KEY }), [queryClient]);
}
