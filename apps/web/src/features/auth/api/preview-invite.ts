import { invitesApi } from '@reach/contract/endpoints/invites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /invite/preview — which business invites to which campaign (400 when the link is not valid). */
export function useInvitePreview(invite: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: ['invite-preview', invite],
      queryFn: ({ signal }) =>
        // Enabled only with an invite.
        call(invitesApi.preview, { query: { invite: invite ?? '' }, signal }),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
    enabled: !!invite,
  });
}
