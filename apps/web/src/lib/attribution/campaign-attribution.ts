import { attributionApi } from '@reach/contract/endpoints/attribution';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client';

export const campaignAttributionKey = (campaignId: number) =>
  ['attribution', 'campaign', campaignId] as const;

/** GET /campaign/:id/attribution — links, codes, clicks and conversions per creator of a business's campaign. */
export function useCampaignAttribution(campaignId: number) {
  return useQuery({
    queryKey: campaignAttributionKey(campaignId),
    queryFn: ({ signal }) => call(attributionApi.campaign, { params: { id: campaignId }, signal }),
  });
}

/** PUT /campaign/:id/codes/:influencerUserId — a typed code, or a generated one when `code` is null. */
export function useSetDiscountCode(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ influencerUserId, code }: { influencerUserId: number; code: string | null }) =>
      call(attributionApi.setCode, { params: { id: campaignId, influencerUserId }, body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignAttributionKey(campaignId) }),
  });
}

/** DELETE /campaign/:id/codes/:influencerUserId. */
export function useRemoveDiscountCode(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (influencerUserId: number) =>
      call(attributionApi.removeCode, { params: { id: campaignId, influencerUserId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignAttributionKey(campaignId) }),
  });
}
