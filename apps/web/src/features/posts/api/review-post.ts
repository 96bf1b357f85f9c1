import type { postsApi } from '@reach/contract/endpoints/posts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type EndpointRoute } from '../../../lib/api-client';
import { MENU_COUNTS_ROOT, postKeys } from './post-keys';

/** By their routes: the posts page does not load the contract's schemas (features/dashboard/api/get-menu-counts.ts). */
const APPROVE: EndpointRoute<typeof postsApi.approve> = { method: 'POST', path: '/posts/:id/approve' };
const REJECT: EndpointRoute<typeof postsApi.reject> = { method: 'POST', path: '/posts/:id/reject' };

/** POST /posts/{id}/approve — pays the campaign's amount per post (409 when the cap or the budget stops it). */
export function approvePost(id: number) {
  return call(APPROVE, { params: { id } });
}

/** POST /posts/{id}/reject — with the reason the influencer will read. */
export function rejectPost(id: number, reason: string) {
  return call(REJECT, { params: { id }, body: { reason } });
}

/**
 * After a review the posts, the menu counts and the money (the campaign's budget, the payments pages) have
 * changed; a refusal may mean someone else reviewed it first, so the lists refresh either way.
 */
function refreshAfterReview(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: postKeys.all });
  void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
  void queryClient.invalidateQueries({ queryKey: ['payments'] });
  void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
}

export function useApprovePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => approvePost(id),
    onSettled: () => refreshAfterReview(queryClient),
  });
}

export function useRejectPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => rejectPost(id, reason),
    onSettled: () => refreshAfterReview(queryClient),
  });
}
