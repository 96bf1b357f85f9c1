import type { User } from '@reach/contract/user';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { MY_USER_QUERY_KEY } from '../../../lib/session/my-user';

/**
 * Spec §4: the credits badge updates from each search and report response (default 0). The balance is written
 * into the cached current user, so the discovery header and the dashboard show it without a reload.
 */
export function useSetCredits(): (credits: number | undefined) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (credits) => {
      queryClient.setQueryData<User>(MY_USER_QUERY_KEY, (user) =>
        user ? { ...user, credits: credits ?? 0 } : user,
      );
    },
    [queryClient],
  );
}
