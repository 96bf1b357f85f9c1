import { endpoint } from '../endpoint';
import {
  campaignReport,
  campaignReportCsvQuery,
  creatorReport,
  creatorReportCsvQuery,
  creatorReportParams,
  creatorReportQuery,
  emvSettings,
  emvSettingsBody,
  reportCampaignParams,
} from '../reports';

const tags = ['reports'];
const read = [400, 401, 402, 403, 404] as const;

/**
 * Campaign and creator reports (issue 14): the business that owns the campaign (with a plan that has
 * campaigns; 402 otherwise) and admins. Another business's campaign is a 404. CSV and PDF answer files.
 */
export const reportsApi = {
  campaign: endpoint({
    method: 'GET',
    path: '/campaign/:id/report',
    tags,
    summary:
      'A campaign’s report: spend, clicks, conversions, revenue, engagements, impressions, EMV and the ratios, per creator and per day, and its top posts',
    description:
      'Each figure comes with how it is computed (method): the EMV formula with the business’s values, the ratio definitions, how spend is counted. A ratio whose denominator is 0 is null with a reason.',
    params: reportCampaignParams,
    response: campaignReport,
    errors: read,
  }),
  campaignCsv: endpoint({
    method: 'GET',
    path: '/campaign/:id/report/csv',
    tags,
    summary: 'One table of a campaign’s report as CSV (totals, creators, daily or posts)',
    params: reportCampaignParams,
    query: campaignReportCsvQuery,
    errors: read,
  }),
  campaignPdf: endpoint({
    method: 'GET',
    path: '/campaign/:id/report/pdf',
    tags,
    summary: 'A campaign’s report as a PDF',
    params: reportCampaignParams,
    errors: read,
  }),
  creator: endpoint({
    method: 'GET',
    path: '/reports/creators/:influencerUserId',
    tags,
    summary: 'A creator’s report across the business’s campaigns (admins name the business)',
    params: creatorReportParams,
    query: creatorReportQuery,
    response: creatorReport,
    errors: read,
  }),
  creatorCsv: endpoint({
    method: 'GET',
    path: '/reports/creators/:influencerUserId/csv',
    tags,
    summary: 'One table of a creator’s report as CSV (totals, campaigns, daily or posts)',
    params: creatorReportParams,
    query: creatorReportCsvQuery,
    errors: read,
  }),
  emvSettings: endpoint({
    method: 'GET',
    path: '/my/emv-settings',
    tags,
    summary:
      'The values your EMV uses per platform (per engagement and per 1,000 impressions) and the formula',
    response: emvSettings,
    errors: read,
  }),
  updateEmvSettings: endpoint({
    method: 'PUT',
    path: '/my/emv-settings',
    tags,
    summary:
      'Set your EMV values (US dollars, 0–100 per engagement, 0–1,000 per 1,000 impressions); null resets',
    body: emvSettingsBody,
    response: emvSettings,
    errors: [...read, 409],
  }),
};
