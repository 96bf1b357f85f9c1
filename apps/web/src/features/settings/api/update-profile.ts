import type { EndpointBody } from '@reach/contract/endpoint';
import { profileApi } from '@reach/contract/endpoints/profile';
import type { UpdateBusinessBody, UpdateInfluencerBody } from '@reach/contract/profile';
import type { User } from '@reach/contract/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { MY_USER_QUERY_KEY } from '../../../lib/session/my-user';
import { refreshSession } from '../../../lib/session/refresh';

export type UpdateNamesBody = EndpointBody<typeof profileApi.updateNames>;

/** PUT /my/user — the person's given and family names. */
export function updateNames(body: UpdateNamesBody): Promise<User> {
  return call(profileApi.updateNames, { body });
}

/** PUT /my/business — the business profile (businesses only). */
export function updateBusiness(body: UpdateBusinessBody): Promise<User> {
  return call(profileApi.updateBusiness, { body });
}

/** PUT /my/influencer — the influencer profile (influencers only). */
export function updateInfluencer(body: UpdateInfluencerBody): Promise<User> {
  return call(profileApi.updateInfluencer, { body });
}

/** A write that answers with the fresh User: it replaces the cached current user (header, guards, modals). */
function useUserWrite<T>(write: (body: T) => Promise<User>, after?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (user) => {
      queryClient.setQueryData(MY_USER_QUERY_KEY, user);
      await after?.();
    },
  });
}

/**
 * The names also live in the access token's claims (where this page reads them): renew the token so they match.
 * Best effort: the names are saved either way, and the token renews itself within minutes.
 */
const renewClaims = () => refreshSession().catch(() => false);

export const useUpdateNames = () => useUserWrite(updateNames, renewClaims);
export const useUpdateBusiness = () => useUserWrite(updateBusiness);
export const useUpdateInfluencer = () => useUserWrite(updateInfluencer);
