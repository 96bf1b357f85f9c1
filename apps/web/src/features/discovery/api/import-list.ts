import { campaignImportsApi } from '@reach/contract/endpoints/campaign-imports';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * POST /campaign/{id}/influencer/import/list — invites a discovery list's influencers into one of the
 * business's active campaigns, as a background import (progress on the campaign's page).
 */
export function importListIntoCampaign(campaignId: number, listId: number) {
  return call(campaignImportsApi.fromList, { params: { id: campaignId }, body: { list_id: listId } });
}

export function useImportList() {
  return useMutation({
    mutationFn: ({ campaignId, listId }: { campaignId: number; listId: number }) =>
      importListIntoCampaign(campaignId, listId),
  });
}
