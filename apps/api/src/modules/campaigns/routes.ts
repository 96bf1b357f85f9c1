import { ADMIN_CAMPAIGN_ACTIONS, CAMPAIGN_ACTIONS, type CampaignStatus } from '@reach/contract/campaigns';
import { CAMPAIGN_VIDEO_MAX_BYTES } from '@reach/contract/constants';
import {
  campaignConversationsApi,
  campaignMediaApi,
  campaignModerationApi,
  campaignsApi,
  campaignTransitionsApi,
} from '@reach/contract/endpoints/campaigns';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { compiledSerializer, sendCompiled } from '../../lib/compiled-serializer';
import { route } from '../../lib/endpoint';
import {
  currentActor,
  currentBusiness,
  currentUser,
  requirePlan,
  requireSubscription,
  requireType,
} from '../../plugins/auth';
import { multipartForms } from '../../plugins/external/uploads';
import { aiProviderOf, draftCampaign } from './ai-draft';
import { listBriefRevisions } from './brief-revisions';
import { campaignOptions, listCampaigns } from './lists';
import { addCampaignMedia, deleteCampaignMedia, reorderCampaignMedia } from './media';
import { listCampaignMessages, listCampaignThreads, sendCampaignMessage } from './messages';
import { campaignPipeline } from './pipeline';
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

/**
 * Campaigns (spec §7 paths): lists per role, the campaign itself, its lifecycle, media and conversations.
 * Business endpoints need a subscription or trial (402); influencer and admin ones are not gated.
 */
export async function campaignRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(multipartForms);
  const subscribed = requireSubscription;
  const business = { preHandler: [requireType('business'), subscribed] };
  const businessOrInfluencer = { preHandler: [requireType('business', 'influencer'), subscribed] };
  const anyone = { preHandler: [subscribed] };
  // Admin endpoints check the role before validating anything, so only admins learn from their answers.
  const admin = { onRequest: requireType('admin') };
  const onlyStatus = (status: CampaignStatus | undefined) => (status ? [status] : undefined);
  /** A business's own campaigns, archived ones left out, as its lists filter them. */
  const ownCampaigns = (
    businessId: number,
    { tag, status, search }: { tag?: number; status?: CampaignStatus; search?: string },
  ) => ({ businessId, statuses: onlyStatus(status), excludeArchived: true, tag, search });

  route(app, campaignsApi.types, {}, async () => ({ data: await listCampaignTypes(ctx) }));

  // ── lists ───────────────────────────────────────────────────────────────────────────────────────────────
  // The four lists answer the same page shape, written by one compiled serializer.
  const campaignsPage = compiledSerializer(campaignsApi.listBusiness.response);
  route(app, campaignsApi.listBusiness, business, async (request, reply) => {
    const { tag, status, search, ...paging } = request.query;
    const filter = ownCampaigns(currentBusiness(request).businessId, { tag, status, search });
    return sendCompiled(reply, campaignsPage, await listCampaigns(ctx, filter, paging));
  });

  route(app, campaignsApi.listMine, businessOrInfluencer, async (request, reply) => {
    const { tag, status, search, ...paging } = request.query;
    const me = currentActor(request);
    if (me.type === 'business') {
      const filter = ownCampaigns(me.businessId, { tag, status, search });
      return sendCompiled(reply, campaignsPage, await listCampaigns(ctx, filter, paging));
    }
    const statuses = status ? MESSAGE_STATUSES.filter((s) => s === status) : MESSAGE_STATUSES;
    const filter = { statuses, tag, search, threadInfluencerId: me.userId };
    return sendCompiled(reply, campaignsPage, await listCampaigns(ctx, filter, paging));
  });

  route(app, campaignsApi.browse, { preHandler: requireType('influencer') }, async (request, reply) => {
    const { tag, business: businessId, myCampaigns, search, ...paging } = request.query;
    const me = currentUser(request);
    const filter = {
      statuses: ['active'] as const,
      businessId,
      tag,
      search,
      threadInfluencerId: myCampaigns ? me.id : undefined,
    };
    return sendCompiled(reply, campaignsPage, await listCampaigns(ctx, filter, paging));
  });

  route(app, campaignsApi.listAll, admin, async (request, reply) => {
    const { business: businessId, tag, campaign: search, status, ...paging } = request.query;
    const filter = { businessId, tag, search, statuses: onlyStatus(status) };
    return sendCompiled(reply, campaignsPage, await listCampaigns(ctx, filter, paging));
  });

  route(app, campaignsApi.active, business, async (request) => {
    const me = currentBusiness(request);
    return { data: await campaignOptions(ctx, { businessId: me.businessId, statuses: ['active'] }) };
  });

  route(app, campaignsApi.options, businessOrInfluencer, async (request) => {
    const me = currentActor(request);
    const filter =
      me.type === 'business'
        ? { businessId: me.businessId, excludeArchived: true }
        : { statuses: MESSAGE_STATUSES, threadInfluencerId: me.userId };
    return { data: await campaignOptions(ctx, filter) };
  });

  // ── one campaign ────────────────────────────────────────────────────────────────────────────────────────
  route(app, campaignsApi.get, anyone, async (request) =>
    getCampaign(ctx, currentActor(request), request.params.id),
  );

  route(
    app,
    campaignsApi.pipeline,
    { preHandler: [requireType('business', 'admin'), subscribed] },
    async (request) => campaignPipeline(ctx, currentActor(request), request.params.id),
  );

  route(
    app,
    campaignsApi.briefRevisions,
    { preHandler: [requireType('business', 'admin'), subscribed] },
    async (request) => listBriefRevisions(ctx, currentActor(request), request.params.id),
  );

  route(app, campaignsApi.create, business, async (request) =>
    createCampaign(ctx, currentActor(request), request.body),
  );

  route(
    app,
    campaignsApi.aiDraft,
    {
      preHandler: [requireType('business'), requirePlan('ai_campaign_builder')],
      // A model call costs money and seconds: a few per minute per user is plenty for drafting.
      config: {
        rateLimit: {
          max: ctx.config.RATE_LIMIT_AI_MAX,
          timeWindow: ctx.config.RATE_LIMIT_WINDOW_MS,
          hook: 'preHandler',
          keyGenerator: (request) => `ai-draft:${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (request) => draftCampaign(ctx, currentActor(request), request.body),
  );

  route(
    app,
    campaignsApi.aiProvider,
    { preHandler: [requireType('business'), requirePlan('ai_campaign_builder')] },
    async () => aiProviderOf(ctx),
  );

  route(app, campaignsApi.update, business, async (request) =>
    updateCampaign(ctx, currentActor(request), request.params.id, request.body),
  );

  for (const action of CAMPAIGN_ACTIONS) {
    route(app, campaignTransitionsApi[action], business, async (request) =>
      transitionCampaign(ctx, currentActor(request), request.params.id, action),
    );
  }

  for (const action of ADMIN_CAMPAIGN_ACTIONS) {
    route(app, campaignModerationApi[action], admin, async (request) =>
      moderateCampaign(ctx, currentActor(request), request.params.id, action, request.body.reason),
    );
  }

  route(app, campaignsApi.duplicate, business, async (request) =>
    duplicateCampaign(ctx, currentActor(request), request.params.id),
  );

  route(app, campaignsApi.delete, business, async (request) => {
    await deleteCampaign(ctx, currentActor(request), request.params.id);
    return { ok: true as const };
  });

  // ── media ───────────────────────────────────────────────────────────────────────────────────────────────
  route(app, campaignMediaApi.upload, business, async (request) => {
    const me = currentActor(request);
    const part = request.isMultipart()
      ? await request.file({ limits: { fileSize: CAMPAIGN_VIDEO_MAX_BYTES, files: 1 } })
      : undefined;
    return addCampaignMedia(ctx, me, request.params.id, part?.file);
  });

  route(app, campaignMediaApi.delete, business, async (request) => ({
    data: await deleteCampaignMedia(ctx, currentActor(request), request.params.id, request.params.mediaId),
  }));

  route(app, campaignMediaApi.reorder, business, async (request) => ({
    data: await reorderCampaignMedia(ctx, currentActor(request), request.params.id, request.body.media_ids),
  }));

  // ── conversations ───────────────────────────────────────────────────────────────────────────────────────
  route(app, campaignConversationsApi.messages, anyone, async (request) =>
    listCampaignMessages(ctx, currentActor(request), request.params.id, request.query),
  );

  route(app, campaignConversationsApi.send, anyone, async (request) =>
    sendCampaignMessage(ctx, currentActor(request), request.params.id, request.body),
  );

  route(app, campaignConversationsApi.threads, anyone, async (request) =>
    listCampaignThreads(ctx, currentActor(request), request.params.id, request.query),
  );
}
