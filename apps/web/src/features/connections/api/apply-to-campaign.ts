import type { ApplyBody, Connection } from '@reach/contract/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { connectionKeys, MENU_COUNTS_ROOT } from '../../../lib/connections/keys';

/** POST /connections/apply — apply to an active campaign (duplicates → 409). */
export function applyToCampaign(body: ApplyBody) {
  return api<Connection>('/connections/apply', { method: 'POST', body });
}

export function useApplyToCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToCampaign,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
