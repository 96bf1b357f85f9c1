import type { FeedbackBody } from '@reach/contract/feedback';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /feedback from the Help dialog: the page it was sent from and the message. */
export function sendFeedback(body: FeedbackBody) {
  return api<{ id: number }>('/feedback', { method: 'POST', body });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
