import type { ModerateReviewBody } from '@reach/contract/admin-reviews';
import { adminReviewsApi } from '@reach/contract/endpoints/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { adminKeys, MENU_COUNTS_ROOT } from './admin-keys';

/** PATCH /reviews/{id} — hides a review or shows it again, with the reason kept in the audit log. */
export function moderateReview(id: number, body: ModerateReviewBody) {
  return call(adminReviewsApi.moderate, { params: { id }, body });
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ModerateReviewBody & { id: number }) => moderateReview(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.reviewsRoot });
      // The sidebar badge is read again so it always agrees with the list.
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
