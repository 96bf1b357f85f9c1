import type { UserType } from '@reach/contract/constants';
import type { Dashboard } from '@reach/contract/dashboard';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { subscribeLive } from '../../../lib/live';

const DASHBOARD_PATH: Record<UserType, string> = {
  business: '/dashboard/businesses',
  influencer: '/dashboard/influencers',
  admin: '/dashboard/admin',
};

/** GET /dashboard/{businesses|influencers|admin}: headline figures, one trend series and recent activity. */
export function getDashboard(type: UserType, signal?: AbortSignal) {
  return api<Dashboard>(DASHBOARD_PATH[type], { signal });
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
