import type { InviteBody } from '@reach/contract/connections';
import { connectionsApi } from '@reach/contract/endpoints/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client';
import { connectionKeys, MENU_COUNTS_ROOT } from './keys';

/** POST /connections/invite — invite an influencer to one of your active campaigns (duplicates → 409). */
export function inviteInfluencer(body: InviteBody) {
  return call(connectionsApi.invite, { body });
}

export function useInviteInfluencer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteInfluencer,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['influencers'] });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
