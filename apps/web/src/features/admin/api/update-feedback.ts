import { feedbackApi } from '@reach/contract/endpoints/feedback';
import type { FeedbackStatus } from '@reach/contract/feedback';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { adminKeys, MENU_COUNTS_ROOT } from './admin-keys';

/** PUT /admin/feedback/{id} — marks feedback resolved or open again. */
export function updateFeedback(id: number, status: FeedbackStatus) {
  return call(feedbackApi.setStatus, { params: { id }, body: { status } });
}

export function useUpdateFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: FeedbackStatus }) => updateFeedback(id, status),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.feedbackRoot });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
