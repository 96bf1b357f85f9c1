import { aiDraft, aiDraftBody } from '@reach/contract/campaign-ai';
import {
  ADMIN_CAMPAIGN_ACTIONS,
  adminCampaignActionBody,
  adminCampaignsQuery,
  browseCampaignsQuery,
  businessCampaignsQuery,
  CAMPAIGN_ACTIONS,
  type CampaignStatus,
  campaign,
  campaignIdParams,
  campaignMedia,
  campaignMediaList,
  campaignMediaParams,
  campaignMessage,
  campaignMessagesQuery,
  campaignMessagesResponse,
  campaignOptions as campaignOptionsSchema,
  campaignsPage,
  campaignThreadsPage,
  campaignThreadsQuery,
  campaignTypesResponse,
  createCampaignBody,
  reorderMediaBody,
  sendCampaignMessageBody,
  updateCampaignBody,
} from '@reach/contract/campaigns';
import { ok } from '@reach/contract/common';
import { CAMPAIGN_VIDEO_MAX_BYTES } from '@reach/contract/constants';
import { errorBody } from '@reach/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import {
  currentActor,
  currentBusiness,
  currentUser,
  requireSubscription,
  requireType,
} from '../../plugins/auth';
import { draftCampaign } from './ai-draft';
import { campaignOptions, listCampaigns } from './lists';
import { addCampaignMedia, deleteCampaignMedia, reorderCampaignMedia } from './media';
import { listCampaignMessages, listCampaignThreads, sendCampaignMessage } from './messages';
import { MESSAGE_STATUSES } from './policy';
import {
  createCampaign,
  deleteCampaign,
  duplicateCampaign,
  getCampaign,
  listCampaignTypes,
  moderateCampaign,
  transitionCampaign,
  updateCampaign,
} from './service';

const tags = ['campaigns'];
const security = [{ bearer: [] }];
const read = { 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 404: errorBody };
const write = { ...read, 409: errorBody, 422: errorBody };

/**
 * Campaigns (spec §7 paths): lists per role, the campaign itself, its lifecycle, media and conversations.
 * Business endpoints need a subscription or trial (402); influencer and admin ones are not gated.
 */
export async function campaignRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const subscribed = requireSubscription;
  const business = [requireType('business'), subscribed];
  const businessOrInfluencer = [requireType('business', 'influencer'), subscribed];
  const anyone = [subscribed];
  // Admin endpoints check the role before validating anything, so only admins learn from their answers.
  const admin = requireType('admin');
  const onlyStatus = (status: CampaignStatus | undefined) => (status ? [status] : undefined);

  r.get('/campaign-types/all', {
    schema: {
      tags,
      security,
      summary: 'Campaign types (fetched once)',
      response: { 200: campaignTypesResponse, 401: errorBody },
    },
    handler: async () => ({ data: await listCampaignTypes(ctx) }),
  });

  // ── lists ───────────────────────────────────────────────────────────────────────────────────────────────
  r.get('/campaigns/business', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: "The business's campaigns (archived only when status=archived)",
      querystring: businessCampaignsQuery,
      response: { 200: campaignsPage, ...read },
    },
    handler: async (request) => {
      const { tag, status, search, ...paging } = request.query;
      const me = currentBusiness(request);
      return listCampaigns(
        ctx,
        { businessId: me.businessId, statuses: onlyStatus(status), excludeArchived: true, tag, search },
        paging,
      );
    },
  });

  r.get('/my/campaigns', {
    preHandler: businessOrInfluencer,
    schema: {
      tags,
      security,
      summary: 'Your campaigns: a business its own, an influencer those it has a conversation about',
      querystring: businessCampaignsQuery,
      response: { 200: campaignsPage, ...read },
    },
    handler: async (request) => {
      const { tag, status, search, ...paging } = request.query;
      const me = currentActor(request);
      if (me.type === 'business') {
        return listCampaigns(
          ctx,
          {
            businessId: me.businessId,
            statuses: onlyStatus(status),
            excludeArchived: true,
            tag,
            search,
          },
          paging,
        );
      }
      const statuses = status ? MESSAGE_STATUSES.filter((s) => s === status) : MESSAGE_STATUSES;
      return listCampaigns(ctx, { statuses, tag, search, threadInfluencerId: me.userId }, paging);
    },
  });

  r.get('/campaigns/browse', {
    preHandler: requireType('influencer'),
    schema: {
      tags,
      security,
      summary: 'Active campaigns an influencer can browse',
      querystring: browseCampaignsQuery,
      response: { 200: campaignsPage, ...read },
    },
    handler: async (request) => {
      const { tag, business: businessId, myCampaigns, search, ...paging } = request.query;
      const me = currentUser(request);
      return listCampaigns(
        ctx,
        {
          statuses: ['active'],
          businessId,
          tag,
          search,
          threadInfluencerId: myCampaigns ? me.id : undefined,
        },
        paging,
      );
    },
  });

  r.get('/campaigns/all', {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Every campaign (admin)',
      querystring: adminCampaignsQuery,
      response: { 200: campaignsPage, ...read },
    },
    handler: async (request) => {
      const { business: businessId, tag, campaign: search, status, ...paging } = request.query;
      return listCampaigns(ctx, { businessId, tag, search, statuses: onlyStatus(status) }, paging);
    },
  });

  r.get('/campaigns/active', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: "The business's active campaigns, unpaged (invite pickers)",
      response: { 200: campaignOptionsSchema, ...read },
    },
    handler: async (request) => {
      const me = currentBusiness(request);
      return { data: await campaignOptions(ctx, { businessId: me.businessId, statuses: ['active'] }) };
    },
  });

  r.get('/campaigns/list', {
    preHandler: businessOrInfluencer,
    schema: {
      tags,
      security,
      summary: 'Your campaigns, unpaged (filters and pickers)',
      response: { 200: campaignOptionsSchema, ...read },
    },
    handler: async (request) => {
      const me = currentActor(request);
      const filter =
        me.type === 'business'
          ? { businessId: me.businessId, excludeArchived: true }
          : { statuses: MESSAGE_STATUSES, threadInfluencerId: me.userId };
      return { data: await campaignOptions(ctx, filter) };
    },
  });

  // ── one campaign ────────────────────────────────────────────────────────────────────────────────────────
  r.get('/campaign/:id', {
    preHandler: anyone,
    schema: {
      tags,
      security,
      summary: 'A campaign (404 when you may not see it)',
      params: campaignIdParams,
      response: { 200: campaign, ...read },
    },
    handler: async (request) => getCampaign(ctx, currentActor(request), request.params.id),
  });

  r.post('/campaigns', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Create a draft (only type_id is required)',
      body: createCampaignBody,
      response: { 201: campaign, ...write },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createCampaign(ctx, currentActor(request), request.body)),
  });

  r.post('/campaigns/ai/draft', {
    // A copy: @fastify/rate-limit appends its hook to this route's preHandler array, and `business` is shared.
    preHandler: [...business],
    // A model call costs money and seconds: a few per minute per user is plenty for drafting.
    config: {
      rateLimit: {
        max: ctx.config.RATE_LIMIT_AI_MAX,
        timeWindow: ctx.config.RATE_LIMIT_WINDOW_MS,
        hook: 'preHandler',
        keyGenerator: (request) => `ai-draft:${request.user?.id ?? request.ip}`,
      },
    },
    schema: {
      tags,
      security,
      summary: 'Draft the details step from a short brief (AI campaign builder); nothing is saved',
      body: aiDraftBody,
      response: { 200: aiDraft, ...read, 429: errorBody, 503: errorBody },
    },
    handler: async (request) => draftCampaign(ctx, currentActor(request), request.body),
  });

  r.put('/campaign/:id', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Change fields (drafts and paused: any; active: copy and end date; otherwise 409)',
      params: campaignIdParams,
      body: updateCampaignBody,
      response: { 200: campaign, ...write },
    },
    handler: async (request) => updateCampaign(ctx, currentActor(request), request.params.id, request.body),
  });

  for (const action of CAMPAIGN_ACTIONS) {
    r.post(`/campaign/:id/${action}`, {
      preHandler: business,
      schema: {
        tags,
        security,
        summary: `${action[0]!.toUpperCase()}${action.slice(1)} the campaign (illegal transitions → 409)`,
        params: campaignIdParams,
        response: { 200: campaign, ...write },
      },
      handler: async (request) => transitionCampaign(ctx, currentActor(request), request.params.id, action),
    });
  }

  for (const action of ADMIN_CAMPAIGN_ACTIONS) {
    r.post(`/admin/campaigns/:id/${action}`, {
      onRequest: admin,
      schema: {
        tags: ['admin: campaigns'],
        security,
        summary: `${action[0]!.toUpperCase()}${action.slice(1)} any campaign as an admin (illegal transitions → 409; the business is notified)`,
        params: campaignIdParams,
        body: adminCampaignActionBody,
        response: { 200: campaign, ...write },
      },
      handler: async (request) =>
        moderateCampaign(ctx, currentActor(request), request.params.id, action, request.body.reason),
    });
  }

  r.post('/campaign/:id/duplicate', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Copy the campaign into a new draft (interests and media included)',
      params: campaignIdParams,
      response: { 201: campaign, ...write },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await duplicateCampaign(ctx, currentActor(request), request.params.id)),
  });

  r.delete('/campaign/:id', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Delete a draft (other statuses → 409; archive them instead)',
      params: campaignIdParams,
      response: { 200: ok, ...write },
    },
    handler: async (request) => {
      await deleteCampaign(ctx, currentActor(request), request.params.id);
      return { ok: true as const };
    },
  });

  // ── media ───────────────────────────────────────────────────────────────────────────────────────────────
  r.post('/campaign/:id/media', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Upload one media file (JPEG/PNG ≤ 10 MB, MP4 ≤ 100 MB, at most 5; type checked by content)',
      consumes: ['multipart/form-data'],
      params: campaignIdParams,
      response: { 201: campaignMedia, ...write, 413: errorBody },
    },
    handler: async (request, reply) => {
      const me = currentActor(request);
      const part = request.isMultipart()
        ? await request.file({ limits: { fileSize: CAMPAIGN_VIDEO_MAX_BYTES, files: 1 } })
        : undefined;
      const media = await addCampaignMedia(ctx, me, request.params.id, part?.file);
      return reply.status(201).send(media);
    },
  });

  r.delete('/campaign/:id/media/:mediaId', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Remove a media file; returns the remaining ones',
      params: campaignMediaParams,
      response: { 200: campaignMediaList, ...write },
    },
    handler: async (request) => ({
      data: await deleteCampaignMedia(ctx, currentActor(request), request.params.id, request.params.mediaId),
    }),
  });

  r.put('/campaign/:id/media/order', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Reorder the media (every media id, in the new order)',
      params: campaignIdParams,
      body: reorderMediaBody,
      response: { 200: campaignMediaList, ...write },
    },
    handler: async (request) => ({
      data: await reorderCampaignMedia(ctx, currentActor(request), request.params.id, request.body.media_ids),
    }),
  });

  // ── conversations ───────────────────────────────────────────────────────────────────────────────────────
  r.get('/campaigns/:id/messages', {
    preHandler: anyone,
    schema: {
      tags,
      security,
      summary: 'Messages of a thread (user_id / creator_id = the influencer), newest page first',
      params: campaignIdParams,
      querystring: campaignMessagesQuery,
      response: { 200: campaignMessagesResponse, ...read },
    },
    handler: async (request) =>
      listCampaignMessages(ctx, currentActor(request), request.params.id, request.query),
  });

  r.post('/campaigns/:id/messages', {
    preHandler: anyone,
    schema: {
      tags,
      security,
      summary: 'Send a message (user_id = the influencer, required for the business)',
      params: campaignIdParams,
      body: sendCampaignMessageBody,
      response: { 201: campaignMessage, ...write },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await sendCampaignMessage(ctx, currentActor(request), request.params.id, request.body)),
  });

  r.get('/campaigns/:id/threads', {
    preHandler: anyone,
    schema: {
      tags,
      security,
      summary: 'Conversations of a campaign, most recent first (an influencer sees only theirs)',
      params: campaignIdParams,
      querystring: campaignThreadsQuery,
      response: { 200: campaignThreadsPage, ...read },
    },
    handler: async (request) =>
      listCampaignThreads(ctx, currentActor(request), request.params.id, request.query),
  });
}
