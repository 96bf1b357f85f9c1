import type { AdminFeedback, FeedbackStatus } from '@reach/contract/feedback';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, MENU_COUNTS_ROOT } from './admin-keys';

/** PUT /admin/feedback/{id} — marks feedback resolved or open again. */
export function updateFeedback(id: number, status: FeedbackStatus) {
  return api<AdminFeedback>(`/admin/feedback/${id}`, { method: 'PUT', body: { status } });
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
