import type { UserType } from '@reach/contract/constants';
import type { dashboardApi } from '@reach/contract/endpoints/dashboard';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, type EndpointRoute } from '../../../lib/api-client';
import { subscribeLive } from '../../../lib/live';
import { BUSINESS_DASHBOARD } from './routes';

/** By their routes: the dashboards do not load the contract's schemas (get-menu-counts.ts). */
const DASHBOARD = {
  influencer: { method: 'GET', path: '/dashboard/influencers' },
  admin: { method: 'GET', path: '/dashboard/admin' },
} as const satisfies {
  influencer: EndpointRoute<typeof dashboardApi.influencer>;
  admin: EndpointRoute<typeof dashboardApi.admin>;
};

/** The user types whose dashboard has a trend series (the business's has campaign results instead). */
export type TrendDashboardType = keyof typeof DASHBOARD;

/** GET /dashboard/{influencers|admin}: headline figures, one trend series and recent activity. */
export function getDashboard(type: TrendDashboardType, signal?: AbortSignal) {
  return call<(typeof dashboardApi)[TrendDashboardType]>(DASHBOARD[type], { signal });
}

export function dashboardQueryOptions(type: TrendDashboardType) {
  return queryOptions({
    queryKey: ['dashboard', type],
    queryFn: ({ signal }) => getDashboard(type, signal),
  });
}

/** Reloads the role's dashboard when a notification arrives (its unread figure and activity change). */
function useLiveDashboard(type: UserType) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeLive('notification', () => {
        void queryClient.invalidateQueries({ queryKey: ['dashboard', type] });
      }),
    [queryClient, type],
  );
}

/** The role's dashboard, kept fresh. */
export function useDashboard(type: TrendDashboardType) {
  useLiveDashboard(type);
  return useQuery(dashboardQueryOptions(type));
}

/** GET /dashboard/businesses: figures, what needs attention and each active campaign's results. */
export function businessDashboardQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'business'],
    queryFn: ({ signal }) => call(BUSINESS_DASHBOARD, { signal }),
  });
}

/** The business's dashboard, kept fresh. */
export function useBusinessDashboard() {
  useLiveDashboard('business');
  return useQuery(businessDashboardQueryOptions());
}
