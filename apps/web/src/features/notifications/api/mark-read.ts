import { notificationsApi } from '@reach/contract/endpoints/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { NOTIFICATIONS_QUERY_KEY } from '../../../lib/live';
import type { NotificationsPage } from './get-notifications';

export type MarkReadTarget = { id: number } | { all: true };

/** POST /notifications/read: one notification by id, or all of them; answers the new unread count. */
export function markRead(target: MarkReadTarget) {
  return call(notificationsApi.markRead, { body: target });
}

/** Spec §8: read failures are only logged (and the pending state clears). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: ({ unread }, target) => {
      queryClient.setQueriesData<NotificationsPage>({ queryKey: NOTIFICATIONS_QUERY_KEY }, (page) =>
        page
          ? {
              ...page,
              unread,
              data: page.data.map((n) => ('all' in target || n.id === target.id ? { ...n, read: 1 } : n)),
            }
          : page,
      );
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    },
    onError: (error) => console.error('Marking notifications read failed', error),
  });
}
