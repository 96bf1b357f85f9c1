import type { PlatformPeriod } from '@reach/contract/dashboard';
import { dashboardApi } from '@reach/contract/endpoints/dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /dashboard/businesses/results: clicks, conversions, revenue, spend and ROAS of the active campaigns. */
export function businessResultsQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'business', 'results'],
    queryFn: ({ signal }) => call(dashboardApi.businessResults, { signal }),
  });
}

export function useBusinessResults() {
  return useQuery(businessResultsQueryOptions());
}

/** GET /dashboard/admin/totals: the platform's money figures for a period and the one before (admins). */
export function usePlatformTotals(period: PlatformPeriod) {
  return useQuery({
    queryKey: ['dashboard', 'admin', 'totals', period],
    queryFn: ({ signal }) => call(dashboardApi.adminTotals, { query: { period }, signal }),
    placeholderData: keepPreviousData,
  });
}
