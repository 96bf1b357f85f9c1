import { outreachApi } from '@reach/contract/endpoints/outreach';
import type { OutreachStatus } from '@reach/contract/outreach';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type CampaignOutreachQuery = { status?: OutreachStatus | undefined; page: number; items: number };

/**
 * Under the connections root with the other outreach lists: a live connection event, a discovery invite and an
 * import's progress refresh them all (['connections', 'outreach']).
 */
export const campaignOutreachKey = (campaignId: number, query?: CampaignOutreachQuery) =>
  query
    ? (['connections', 'outreach', 'campaign', campaignId, query] as const)
    : (['connections', 'outreach', 'campaign', campaignId] as const);

/** GET /campaign/{id}/outreach — the campaign's invitations and what became of each. */
export function getCampaignOutreach(campaignId: number, query: CampaignOutreachQuery, signal?: AbortSignal) {
  return call(outreachApi.campaign, { params: { id: campaignId }, query, signal });
}

export function useCampaignOutreach(campaignId: number, query: CampaignOutreachQuery) {
  return useQuery({
    queryKey: campaignOutreachKey(campaignId, query),
    queryFn: ({ signal }) => getCampaignOutreach(campaignId, query, signal),
    placeholderData: keepPreviousData,
  });
}
