import { analyticsApi } from '@reach/contract/endpoints/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /admin/analytics/page-views: page views per path and per day over the last `days` days (admins). */
export function getPageViews(days: number, signal?: AbortSignal) {
  return call(analyticsApi.pageViews, { query: { days }, signal });
}

export function usePageViews(days = 30) {
  return useQuery(
    queryOptions({
      queryKey: ['page-views', days],
      queryFn: ({ signal }) => getPageViews(days, signal),
    }),
  );
}
