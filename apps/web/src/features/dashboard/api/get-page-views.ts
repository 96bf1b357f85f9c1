import type { pageViewStats } from '@reach/contract/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type PageViewStats = z.infer<typeof pageViewStats>;

/** GET /admin/analytics/page-views: page views per path and per day over the last `days` days (admins). */
export function getPageViews(days: number, signal?: AbortSignal) {
  return api<PageViewStats>('/admin/analytics/page-views', { query: { days }, signal });
}

export function usePageViews(days = 30) {
  return useQuery(
    queryOptions({
      queryKey: ['page-views', days],
      queryFn: ({ signal }) => getPageViews(days, signal),
    }),
  );
}
