import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /campaigns/ai/provider — the writer this server drafts with and its usual time (it never changes while up). */
export function useAiProvider(enabled: boolean) {
  return useQuery({
    queryKey: ['campaigns', 'ai-provider'],
    queryFn: ({ signal }) => call(campaignsApi.aiProvider, { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
