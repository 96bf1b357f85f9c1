import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /invite/preview — which business invites to which campaign (400 when the link is not valid). */
export function useInvitePreview(invite: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: ['invite-preview', invite],
      queryFn: ({ signal }) =>
        api<{ business_name: string | null; campaign_title: string | null }>('/invite/preview', {
          query: { invite },
          signal,
          auth: false,
        }),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
    enabled: !!invite,
  });
}
