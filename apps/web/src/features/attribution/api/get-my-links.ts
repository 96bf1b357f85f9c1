import { attributionApi } from '@reach/contract/endpoints/attribution';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const attributionKeys = {
  myLinks: (campaignId: number) => ['attribution', 'my-links', campaignId] as const,
};

/** GET /my/attribution/links?campaign_id= — the signed-in creator's tracked link and discount code there. */
export function useMyLinks(campaignId: number) {
  return useQuery({
    queryKey: attributionKeys.myLinks(campaignId),
    queryFn: ({ signal }) => call(attributionApi.myLinks, { query: { campaign_id: campaignId }, signal }),
  });
}
