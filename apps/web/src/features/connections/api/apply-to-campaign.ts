import type { ApplyBody } from '@reach/contract/connections';
import { connectionsApi } from '@reach/contract/endpoints/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { connectionKeys, MENU_COUNTS_ROOT } from '../../../lib/connections/keys';

/** POST /connections/apply — apply to an active campaign (duplicates → 409). */
export function applyToCampaign(body: ApplyBody) {
  return call(connectionsApi.apply, { body });
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
