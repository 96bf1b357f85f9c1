import { CAMPAIGN_TYPES } from '@reach/contract/constants';
import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** GET /campaign-types/all — fetched once (spec §7); the contract's three types stand in until it answers. */
export function getCampaignTypes(signal?: AbortSignal) {
  return call(campaignsApi.types, { signal });
}

export function campaignTypesQueryOptions() {
  return queryOptions({
    queryKey: campaignKeys.types,
    queryFn: ({ signal }) => getCampaignTypes(signal),
    select: (response) => response.data,
    placeholderData: { data: CAMPAIGN_TYPES.map((type) => ({ ...type })) },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useCampaignTypes() {
  return useQuery(campaignTypesQueryOptions());
}
