import { feedbackApi } from '@reach/contract/endpoints/feedback';
import type { FeedbackBody } from '@reach/contract/feedback';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /feedback from the Help dialog: the page it was sent from and the message. */
export function sendFeedback(body: FeedbackBody) {
  return call(feedbackApi.send, { body });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
