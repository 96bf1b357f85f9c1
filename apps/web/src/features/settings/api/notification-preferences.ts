import { notificationsApi } from '@reach/contract/endpoints/notifications';
import type { NotificationPreferences } from '@reach/contract/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const NOTIFICATION_PREFERENCES_KEY = ['my-notification-preferences'] as const;
const SAVE_KEY = ['save-notification-preferences'] as const;

/** GET /my/notification-preferences — which categories are also emailed (in-app is always on). */
export function notificationPreferencesQueryOptions() {
  return queryOptions({
    queryKey: NOTIFICATION_PREFERENCES_KEY,
    queryFn: ({ signal }) => call(notificationsApi.preferences, { signal }),
  });
}

/** PUT /my/notification-preferences — the whole set. */
export function saveNotificationPreferences(body: NotificationPreferences): Promise<NotificationPreferences> {
  return call(notificationsApi.setPreferences, { body });
}

/**
 * Saves on change, optimistically: the switch moves at once and moves back if the save fails. Saves run one at a
 * time (one mutation scope), each sending the full set as it was after that click.
 */
export function useSaveNotificationPreferences({ onError }: { onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SAVE_KEY,
    mutationFn: saveNotificationPreferences,
    scope: { id: 'notification-preferences' },
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATION_PREFERENCES_KEY });
      const previous = queryClient.getQueryData<NotificationPreferences>(NOTIFICATION_PREFERENCES_KEY);
      queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, next);
      return { previous };
    },
    onError: (error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, context.previous);
      onError(error);
    },
    onSettled: (saved, error) => {
      if (error) void queryClient.invalidateQueries({ queryKey: NOTIFICATION_PREFERENCES_KEY });
      // Only the last queued save writes its answer: an earlier one would undo a later click on screen.
      else if (saved && queryClient.isMutating({ mutationKey: SAVE_KEY }) <= 1)
        queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, saved);
    },
  });
}
