import type { postsApi } from '@reach/contract/endpoints/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type EndpointRoute } from '../../../lib/api-client';
import { postKeys } from './post-keys';

/** By its route: the posts page does not load the contract's schemas (features/dashboard/api/get-menu-counts.ts). */
const REFRESH_METRICS: EndpointRoute<typeof postsApi.refreshMetrics> = {
  method: 'POST',
  path: '/posts/:id/metrics/refresh',
};

/**
 * POST /posts/{id}/metrics/refresh — the post's metrics read again through the platform (or estimated again),
 * at most once per post in METRICS_REFRESH_MINUTES (429 with the minutes to wait).
 */
export function refreshPostMetrics(id: number) {
  return call(REFRESH_METRICS, { params: { id } });
}

/** After a refresh the posts lists and the figures summed from them (campaign results, dashboard) change. */
export function useRefreshPostMetrics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => refreshPostMetrics(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
