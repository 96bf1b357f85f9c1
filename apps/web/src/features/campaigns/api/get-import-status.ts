import type { CampaignImportStatusResponse } from '@reach/contract/campaign-imports';
import { campaignImportsApi } from '@reach/contract/endpoints/campaign-imports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { campaignKeys } from './campaign-keys';

/** Whether the job is still working (queued or running). */
export function importInProgress(status: Pick<CampaignImportStatusResponse, 'status'> | null | undefined) {
  return !!status && (status.status === 'queued' || status.status === 'running');
}

/**
 * GET /campaign/influencer/import/status?campaign_id&business_id — the latest import of the campaign, or null
 * when it has none yet (404).
 */
export async function getImportStatus(
  campaignId: number,
  businessId: number,
  signal?: AbortSignal,
): Promise<CampaignImportStatusResponse | null> {
  try {
    return await call(campaignImportsApi.status, {
      query: { campaign_id: campaignId, business_id: businessId },
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * While a job runs, live `import-progress` events move the bar (see CsvImportCard); polling every second
 * keeps it moving when the live stream is down and brings the failures list.
 */
export function importStatusQueryOptions(campaignId: number, businessId: number) {
  return queryOptions({
    queryKey: campaignKeys.importStatus(campaignId),
    queryFn: ({ signal }) => getImportStatus(campaignId, businessId, signal),
    refetchInterval: (query) => (importInProgress(query.state.data) ? 1000 : false),
    staleTime: 0,
  });
}

export function useImportStatus(campaignId: number, businessId: number) {
  return useQuery(importStatusQueryOptions(campaignId, businessId));
}
