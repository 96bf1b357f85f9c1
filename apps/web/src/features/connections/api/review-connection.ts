import type { ReviewBody } from '@reach/contract/connections';
import { connectionsApi } from '@reach/contract/endpoints/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { connectionKeys } from '../../../lib/connections/keys';

/** POST /connection/{id}/review — rate the other side of a completed connection (1–5 stars and a text, once). */
export function reviewConnection(id: number, body: ReviewBody) {
  return call(connectionsApi.review, { params: { id }, body });
}

export function useReviewConnection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => reviewConnection(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['influencers'] });
      void queryClient.invalidateQueries({ queryKey: ['businesses'] });
    },
  });
}
