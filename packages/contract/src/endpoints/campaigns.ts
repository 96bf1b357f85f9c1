import { aiDraft, aiDraftBody, aiProvider } from '../campaign-ai';
import { campaignPipeline } from '../campaign-pipeline';
import {
  type AdminCampaignAction,
  adminCampaignActionBody,
  adminCampaignsQuery,
  browseCampaignsQuery,
  businessCampaignsQuery,
  type CampaignAction,
  campaign,
  campaignBriefRevisions,
  campaignIdParams,
  campaignMedia,
  campaignMediaList,
  campaignMediaParams,
  campaignMessage,
  campaignMessagesQuery,
  campaignMessagesResponse,
  campaignOptions,
  campaignsPage,
  campaignThreadsPage,
  campaignThreadsQuery,
  campaignTypesResponse,
  createCampaignBody,
  reorderMediaBody,
  sendCampaignMessageBody,
  updateCampaignBody,
} from '../campaigns';
import { ok } from '../common';
import { endpoint, READ_ERRORS, WRITE_ERRORS } from '../endpoint';

/*
 * Campaigns (spec §7 paths): lists per role, the campaign itself, its lifecycle, media and conversations.
 * Business endpoints need a subscription or trial (402); influencer and admin ones are not gated.
 */

const tags = ['campaigns'];
const capitalised = (action: string) => `${action[0]!.toUpperCase()}${action.slice(1)}`;

/** Campaign types, the role lists, one campaign and its drafting. */
export const campaignsApi = {
  types: endpoint({
    method: 'GET',
    path: '/campaign-types/all',
    tags,
    summary: 'Campaign types (fetched once)',
    response: campaignTypesResponse,
    errors: [401],
  }),

  // ── lists ─────────────────────────────────────────────────────────────────────────────────────────────
  listBusiness: endpoint({
    method: 'GET',
    path: '/campaigns/business',
    tags,
    summary: "The business's campaigns (archived only when status=archived)",
    query: businessCampaignsQuery,
    response: campaignsPage,
    errors: READ_ERRORS,
  }),
  listMine: endpoint({
    method: 'GET',
    path: '/my/campaigns',
    tags,
    summary: 'Your campaigns: a business its own, an influencer those it has a conversation about',
    query: businessCampaignsQuery,
    response: campaignsPage,
    errors: READ_ERRORS,
  }),
  browse: endpoint({
    method: 'GET',
    path: '/campaigns/browse',
    tags,
    summary: 'Active campaigns an influencer can browse',
    query: browseCampaignsQuery,
    response: campaignsPage,
    errors: READ_ERRORS,
  }),
  listAll: endpoint({
    method: 'GET',
    path: '/campaigns/all',
    tags,
    summary: 'Every campaign (admin)',
    query: adminCampaignsQuery,
    response: campaignsPage,
    errors: READ_ERRORS,
  }),
  active: endpoint({
    method: 'GET',
    path: '/campaigns/active',
    tags,
    summary: "The business's active campaigns, unpaged (invite pickers)",
    response: campaignOptions,
    errors: READ_ERRORS,
  }),
  options: endpoint({
    method: 'GET',
    path: '/campaigns/list',
    tags,
    summary: 'Your campaigns, unpaged (filters and pickers)',
    response: campaignOptions,
    errors: READ_ERRORS,
  }),

  // ── one campaign ──────────────────────────────────────────────────────────────────────────────────────
  get: endpoint({
    method: 'GET',
    path: '/campaign/:id',
    tags,
    summary: 'A campaign (404 when you may not see it)',
    params: campaignIdParams,
    response: campaign,
    errors: READ_ERRORS,
  }),
  create: endpoint({
    method: 'POST',
    path: '/campaigns',
    tags,
    summary: 'Create a draft (only type_id is required)',
    body: createCampaignBody,
    status: 201,
    response: campaign,
    errors: WRITE_ERRORS,
  }),
  aiDraft: endpoint({
    method: 'POST',
    path: '/campaigns/ai/draft',
    tags,
    summary: 'Draft the details step from a short brief (AI campaign builder); nothing is saved',
    body: aiDraftBody,
    response: aiDraft,
    errors: [...READ_ERRORS, 429, 503],
  }),
  aiProvider: endpoint({
    method: 'GET',
    path: '/campaigns/ai/provider',
    tags,
    summary:
      'Which writer drafts campaigns here (an AI model or the built-in writer) and how long a draft takes',
    response: aiProvider,
    errors: READ_ERRORS,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/campaign/:id',
    tags,
    summary:
      'Change fields (drafts and paused: any; active: the brief and a later end date; otherwise 409); after publishing each change is recorded as a brief revision and the accepted creators are told',
    params: campaignIdParams,
    body: updateCampaignBody,
    response: campaign,
    errors: WRITE_ERRORS,
  }),
  pipeline: endpoint({
    method: 'GET',
    path: '/campaign/:id/pipeline',
    tags,
    summary: "The campaign's creators by stage, the next step and who it waits on, budget and results",
    description:
      'For the campaign’s business and admins (another business gets 404, an influencer 403). Stages come from ' +
      'the connections, posts and payments; committed, spent and remaining from the ledger and the accepted ' +
      'creators, in cents.',
    params: campaignIdParams,
    response: campaignPipeline,
    errors: READ_ERRORS,
  }),
  briefRevisions: endpoint({
    method: 'GET',
    path: '/campaign/:id/brief-revisions',
    tags,
    summary: "The brief's history since publishing: who changed which fields, with old and new values",
    description:
      'For the campaign’s business and admins (another business gets 404, an influencer 403); newest first. ' +
      'Influencers see when the brief last changed in the campaign’s `brief_updated_at`.',
    params: campaignIdParams,
    response: campaignBriefRevisions,
    errors: READ_ERRORS,
  }),
  duplicate: endpoint({
    method: 'POST',
    path: '/campaign/:id/duplicate',
    tags,
    summary: 'Copy the campaign into a new draft (interests and media included)',
    params: campaignIdParams,
    status: 201,
    response: campaign,
    errors: WRITE_ERRORS,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/campaign/:id',
    tags,
    summary: 'Delete a draft (other statuses → 409; archive them instead)',
    params: campaignIdParams,
    response: ok,
    errors: WRITE_ERRORS,
  }),
};

/** The business moves its campaign through its lifecycle: POST /campaign/{id}/{action}. */
const transition = <const A extends CampaignAction>(action: A) =>
  endpoint({
    method: 'POST',
    path: `/campaign/:id/${action}`,
    tags,
    summary: `${capitalised(action)} the campaign (illegal transitions → 409)`,
    params: campaignIdParams,
    response: campaign,
    errors: WRITE_ERRORS,
  });

/** The lifecycle actions of the campaign's business, one endpoint each (CAMPAIGN_ACTIONS). */
export const campaignTransitionsApi = {
  publish: transition('publish'),
  pause: transition('pause'),
  resume: transition('resume'),
  complete: transition('complete'),
  archive: transition('archive'),
} satisfies { [A in CampaignAction]: ReturnType<typeof transition<A>> };

/** An admin pauses or archives any campaign: POST /admin/campaigns/{id}/{action}. */
const moderation = <const A extends AdminCampaignAction>(action: A) =>
  endpoint({
    method: 'POST',
    path: `/admin/campaigns/:id/${action}`,
    tags: ['admin: campaigns'],
    summary: `${capitalised(action)} any campaign as an admin (illegal transitions → 409; the business is notified)`,
    params: campaignIdParams,
    body: adminCampaignActionBody,
    response: campaign,
    errors: WRITE_ERRORS,
  });

/** The admin's moderation actions, one endpoint each (ADMIN_CAMPAIGN_ACTIONS). */
export const campaignModerationApi = {
  pause: moderation('pause'),
  archive: moderation('archive'),
} satisfies { [A in AdminCampaignAction]: ReturnType<typeof moderation<A>> };

/** The campaign's media files. */
export const campaignMediaApi = {
  upload: endpoint({
    method: 'POST',
    path: '/campaign/:id/media',
    tags,
    summary: 'Upload one media file (JPEG/PNG ≤ 10 MB, MP4 ≤ 100 MB, at most 5; type checked by content)',
    consumes: ['multipart/form-data'],
    params: campaignIdParams,
    status: 201,
    response: campaignMedia,
    errors: [...WRITE_ERRORS, 413],
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/campaign/:id/media/:mediaId',
    tags,
    summary: 'Remove a media file; returns the remaining ones',
    params: campaignMediaParams,
    response: campaignMediaList,
    errors: WRITE_ERRORS,
  }),
  reorder: endpoint({
    method: 'PUT',
    path: '/campaign/:id/media/order',
    tags,
    summary: 'Reorder the media (every media id, in the new order)',
    params: campaignIdParams,
    body: reorderMediaBody,
    response: campaignMediaList,
    errors: WRITE_ERRORS,
  }),
};

/** The conversations about a campaign between its business and influencers. */
export const campaignConversationsApi = {
  messages: endpoint({
    method: 'GET',
    path: '/campaigns/:id/messages',
    tags,
    summary: 'Messages of a thread (user_id / creator_id = the influencer), newest page first',
    params: campaignIdParams,
    query: campaignMessagesQuery,
    response: campaignMessagesResponse,
    errors: READ_ERRORS,
  }),
  send: endpoint({
    method: 'POST',
    path: '/campaigns/:id/messages',
    tags,
    summary: 'Send a message (user_id = the influencer, required for the business)',
    params: campaignIdParams,
    body: sendCampaignMessageBody,
    status: 201,
    response: campaignMessage,
    errors: WRITE_ERRORS,
  }),
  threads: endpoint({
    method: 'GET',
    path: '/campaigns/:id/threads',
    tags,
    summary: 'Conversations of a campaign, most recent first (an influencer sees only theirs)',
    params: campaignIdParams,
    query: campaignThreadsQuery,
    response: campaignThreadsPage,
    errors: READ_ERRORS,
  }),
};
