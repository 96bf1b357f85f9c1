import type { usersApi } from '@reach/contract/endpoints/users';
import type { User } from '@reach/contract/user';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, type EndpointRoute } from '../api-client';
import { ApiError } from '../api-error';

type Me = typeof usersApi.me;
/**
 * GET /my/user by its route alone. Its definition's module (the contract's user schemas, zod) was imported first,
 * on every signed-in page: a script to fetch and a task of ~60–110 ms on a throttled phone to evaluate, in a row
 * before the request that the first screen waits for.
 */
const ME: EndpointRoute<Me> = { method: 'GET', path: '/my/user' };

export const MY_USER_QUERY_KEY = ['my-user'] as const;

/** Attempts after the first when loading the user fails with a network or server error. */
export const MY_USER_RETRIES = 2;

/**
 * Bounded retries with backoff: a client error (no such user, refused) will not change, so it is final at once;
 * a network or server error gets MY_USER_RETRIES more tries, 2 s then 4 s apart, and then the load has failed.
 */
export function retryMyUser(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MY_USER_RETRIES;
}

export function myUserRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 8000);
}

/** GET /my/user — the signed-in user (spec §3 User). */
export function getMyUser(signal?: AbortSignal): Promise<User> {
  return call<Me>(ME, { signal });
}

/** Spec §7 "cached unless refresh forced": never stale on its own; `useRefreshMyUser` forces a reload. */
export function myUserQueryOptions() {
  return queryOptions({
    queryKey: MY_USER_QUERY_KEY,
    // No abort signal: guards hand the query over to each other while routes change, and a signal would cancel
    // the load in the instant between one guard unmounting and the next mounting (then load it again).
    queryFn: () => getMyUser(),
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryMyUser,
    retryDelay: myUserRetryDelay,
    // A failed load is final for this page (spec §5: the user goes to /auth/register): the guards that mount on
    // the way there must not load it again, each mount a new attempt that fails the same way (a loop). Signing in
    // resets the query (`signIn`), which loads it afresh.
    retryOnMount: false,
  });
}

/** Forces a reload of the current user (after a profile, plan or credits change). */
export function useRefreshMyUser(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: MY_USER_QUERY_KEY }), [queryClient]);
}
