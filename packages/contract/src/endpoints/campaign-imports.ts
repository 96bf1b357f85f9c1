import {
  campaignImportStarted,
  campaignImportStatus,
  importFromListBody,
  importStatusQuery,
} from '../campaign-imports';
import { campaignIdParams } from '../campaigns';
import { endpoint, READ_ERRORS } from '../endpoint';

const tags = ['campaigns'];
const errors = [...READ_ERRORS, 409] as const;

/**
 * Bulk imports of influencers into a campaign (spec §7 status path). Only the campaign's business, with a
 * subscription or trial; the work happens in a background job, so both imports answer 202.
 */
export const campaignImportsApi = {
  fromCsv: endpoint({
    method: 'POST',
    path: '/campaign/:id/influencer/import',
    tags,
    summary:
      'Invite influencers from a CSV file (field "file"; header instagram/instagram_username/username and/or email; ≤ 2 MB, ≤ 5,000 rows); active campaigns only',
    consumes: ['multipart/form-data'],
    params: campaignIdParams,
    status: 202,
    response: campaignImportStarted,
    errors: [...errors, 413],
  }),
  fromList: endpoint({
    method: 'POST',
    path: '/campaign/:id/influencer/import/list',
    tags,
    summary: 'Invite the influencers of one of your discovery lists; active campaigns only',
    params: campaignIdParams,
    body: importFromListBody,
    status: 202,
    response: campaignImportStarted,
    errors,
  }),
  status: endpoint({
    method: 'GET',
    path: '/campaign/influencer/import/status',
    tags,
    summary: "The campaign's latest import: counts and every failed row with its reason",
    query: importStatusQuery,
    response: campaignImportStatus,
    errors,
  }),
};
