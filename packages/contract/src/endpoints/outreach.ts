import { campaignIdParams } from '../campaigns';
import { endpoint, READ_ERRORS } from '../endpoint';
import { campaignOutreachQuery, outreachPage, outreachQuery } from '../outreach';

const tags = ['outreach'];

/**
 * Outreach records: the invitations a business mailed or sent (CSV, discovery list, discovery invite) and what
 * became of each. The mail itself goes through POST /discovery/invite/message and the imports.
 */
export const outreachApi = {
  campaign: endpoint({
    method: 'GET',
    path: '/campaign/:id/outreach',
    tags,
    summary: "The campaign's outreach records with their status (sent, bounced, opened, signed up, answered)",
    description:
      'For the campaign’s business and admins (another business gets 404, an influencer 403). Newest first; ' +
      '`status` filters; `counts` gives the records per status.',
    params: campaignIdParams,
    query: campaignOutreachQuery,
    response: outreachPage,
    errors: READ_ERRORS,
  }),
  list: endpoint({
    method: 'GET',
    path: '/outreach',
    tags,
    summary: "The business's outreach records across its campaigns (filter by campaign and status)",
    query: outreachQuery,
    response: outreachPage,
    errors: READ_ERRORS,
  }),
};
