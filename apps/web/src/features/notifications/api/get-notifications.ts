import { NOTIFICATIONS_PAGE_SIZE } from '@reach/contract/constants';
import type { EndpointResponse } from '@reach/contract/endpoint';
import type { notificationsApi } from '@reach/contract/endpoints/notifications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, type EndpointRoute } from '../../../lib/api-client';
import { NOTIFICATIONS_QUERY_KEY } from '../../../lib/live';

/** By its route: the shell does not load the contract's schemas (dashboard/api/get-menu-counts.ts). */
const LIST: EndpointRoute<typeof notificationsApi.list> = {
  method: 'GET',
  path: '/my/notifications/:userId',
};

export type NotificationsPage = EndpointResponse<typeof notificationsApi.list>;

/** GET /my/notifications/{userId}: one page (5 rows, spec §9) of the user's notifications, newest first. */
export function getNotifications(userId: number, page: number, signal?: AbortSignal) {
  return call(LIST, {
    params: { userId },
    query: { page, items: NOTIFICATIONS_PAGE_SIZE },
    signal,
  });
}

export function notificationsQueryOptions(userId: number, page = 1) {
  return queryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, userId, page],
    queryFn: ({ signal }) => getNotifications(userId, page, signal),
    // The live stream pushes changes; no need to poll or refetch on focus.
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(userId: number, page = 1) {
  return useQuery(notificationsQueryOptions(userId, page));
}
