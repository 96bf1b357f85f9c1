import { endpointPath } from '@reach/contract/endpoint';
import { reportsApi } from '@reach/contract/endpoints/reports';
import type { CAMPAIGN_REPORT_TABLES, CREATOR_REPORT_TABLES } from '@reach/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

export const reportKeys = {
  campaign: (id: number) => ['reports', 'campaign', id] as const,
  creator: (id: number, businessId?: number) => ['reports', 'creator', id, businessId ?? null] as const,
};

/** GET /campaign/:id/report — totals, per creator, per day, top posts, and how each figure is computed. */
export function useCampaignReport(campaignId: number) {
  return useQuery({
    queryKey: reportKeys.campaign(campaignId),
    queryFn: ({ signal }) => call(reportsApi.campaign, { params: { id: campaignId }, signal }),
  });
}

/** GET /reports/creators/:influencerUserId — one creator across a business's campaigns (admins name it). */
export function useCreatorReport(influencerUserId: number, businessId?: number) {
  return useQuery({
    queryKey: reportKeys.creator(influencerUserId, businessId),
    queryFn: ({ signal }) =>
      call(reportsApi.creator, {
        params: { influencerUserId },
        query: businessId ? { business_id: businessId } : {},
        signal,
      }),
  });
}

/** A table of a campaign's report as a CSV download. */
export function downloadCampaignCsv(campaignId: number, table: (typeof CAMPAIGN_REPORT_TABLES)[number]) {
  const path = `${endpointPath(reportsApi.campaignCsv, { id: campaignId })}?table=${table}`;
  return downloadFile(path, `campaign-${campaignId}-${table}.csv`);
}

/** The campaign's report as a PDF download. */
export function downloadCampaignPdf(campaignId: number) {
  return downloadFile(
    endpointPath(reportsApi.campaignPdf, { id: campaignId }),
    `campaign-${campaignId}-report.pdf`,
  );
}

/** A table of a creator's report as a CSV download. */
export function downloadCreatorCsv(
  influencerUserId: number,
  table: (typeof CREATOR_REPORT_TABLES)[number],
  businessId?: number,
) {
  const query = new URLSearchParams({ table, ...(businessId ? { business_id: String(businessId) } : {}) });
  const path = `${endpointPath(reportsApi.creatorCsv, { influencerUserId })}?${query}`;
  return downloadFile(path, `creator-${influencerUserId}-${table}.csv`);
}
