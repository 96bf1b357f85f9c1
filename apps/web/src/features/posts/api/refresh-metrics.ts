import { postsApi } from '@reach/contract/endpoints/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { postKeys } from './post-keys';

/**
 * POST /posts/{id}/metrics/refresh — the post's metrics read again through the platform (or estimated again),
 * at most once per post in METRICS_REFRESH_MINUTES (429 with the minutes to wait).
 */
export function refreshPostMetrics(id: number) {
  return call(postsApi.refreshMetrics, { params: { id } });
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
