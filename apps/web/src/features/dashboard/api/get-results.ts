import type { PlatformPeriod } from '@reach/contract/dashboard';
import type { dashboardApi } from '@reach/contract/endpoints/dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, type EndpointRoute } from '../../../lib/api-client';
import { BUSINESS_RESULTS } from './routes';

/** By their routes: the dashboard does not load the contract's schemas (get-menu-counts.ts). */
const ADMIN_TOTALS: EndpointRoute<typeof dashboardApi.adminTotals> = {
  method: 'GET',
  path: '/dashboard/admin/totals',
};

/** GET /dashboard/businesses/results: clicks, conversions, revenue, spend and ROAS of the active campaigns. */
export function businessResultsQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'business', 'results'],
    queryFn: ({ signal }) => call(BUSINESS_RESULTS, { signal }),
  });
}

export function useBusinessResults() {
  return useQuery(businessResultsQueryOptions());
}

/** GET /dashboard/admin/totals: the platform's money figures for a period and the one before (admins). */
export function usePlatformTotals(period: PlatformPeriod) {
  return useQuery({
    queryKey: ['dashboard', 'admin', 'totals', period],
    queryFn: ({ signal }) => call(ADMIN_TOTALS, { query: { period }, signal }),
    placeholderData: keepPreviousData,
  });
}
