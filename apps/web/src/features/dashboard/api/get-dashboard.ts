import type { UserType } from '@reach/contract/constants';
import { dashboardApi } from '@reach/contract/endpoints/dashboard';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../lib/api-client';
import { subscribeLive } from '../../../lib/live';

const DASHBOARD = {
  business: dashboardApi.business,
  influencer: dashboardApi.influencer,
  admin: dashboardApi.admin,
} as const satisfies Record<UserType, unknown>;

/** GET /dashboard/{businesses|influencers|admin}: headline figures, one trend series and recent activity. */
export function getDashboard(type: UserType, signal?: AbortSignal) {
  return call(DASHBOARD[type], { signal });
}

export function dashboardQueryOptions(type: UserType) {
  return queryOptions({
    queryKey: ['dashboard', type],
    queryFn: ({ signal }) => getDashboard(type, signal),
  });
}

/** The role's dashboard; reloaded when a notification arrives (its unread figure and activity change). */
export function useDashboard(type: UserType) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeLive('notification', () => {
        void queryClient.invalidateQueries({ queryKey: ['dashboard', type] });
      }),
    [queryClient, type],
  );
  return useQuery(dashboardQueryOptions(type));
}
