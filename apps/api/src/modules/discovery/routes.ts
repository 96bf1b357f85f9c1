import { deleteListBody } from '@reach/contract/discovery';
import { adminDiscoveryApi, discoveryApi } from '@reach/contract/endpoints/discovery';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { compiledSerializer, sendCompiled } from '../../lib/compiled-serializer';
import { route } from '../../lib/endpoint';
import { currentActor, requirePlan, requireType } from '../../plugins/auth';
import { avatarSvg } from './avatar';
import {
  addListInfluencer,
  adminInstagramLookup,
  allDiscoveryLists,
  createDiscoveryList,
  deleteDiscoveryList,
  indexedName,
  influencerReport,
  listDiscoveryLists,
  removeListInfluencer,
  searchInfluencers,
} from './service';

/**
 * Influencer discovery (spec §7 /discovery/*): businesses with a subscription or trial (402 otherwise).
 * Searches and reports cost credits (402 not_enough_credits when short, nothing debited); lists belong to one
 * business (another's list is a 404). The provider (local index or Modash) is ctx.discovery.
 */
export async function discoveryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const business = { preHandler: [requireType('business'), requirePlan('discovery')] };

  // A page of 15 profiles (~10 kB): written from the compiled schema, not checked and copied through zod.
  const searchPage = compiledSerializer(discoveryApi.search.response);
  route(app, discoveryApi.search, business, async (request, reply) =>
    sendCompiled(
      reply,
      searchPage,
      await searchInfluencers(ctx, ctx.discovery, currentActor(request), request.body),
    ),
  );
  route(app, discoveryApi.report, business, async (request) =>
    influencerReport(ctx, ctx.discovery, currentActor(request), request.params.modash_id),
  );
  route(app, discoveryApi.locations, business, async (request) => ({
    locations: await ctx.discovery.locations(request.query.query, request.query.plataform),
  }));
  route(app, discoveryApi.languages, business, async (request) => ({
    languages: await ctx.discovery.languages(request.query.query, request.query.plataform),
  }));

  route(app, discoveryApi.lists, business, async (request) =>
    listDiscoveryLists(ctx, currentActor(request), request.query),
  );
  route(app, discoveryApi.allLists, business, async (request) =>
    allDiscoveryLists(ctx, currentActor(request)),
  );
  route(app, discoveryApi.createList, business, async (request) =>
    createDiscoveryList(ctx, currentActor(request), request.body.name),
  );
  route(app, discoveryApi.deleteList, business, async (request) => {
    const listId = request.query.list_id ?? request.body?.list_id;
    const parsed = deleteListBody.safeParse({ list_id: listId });
    if (!parsed.success)
      throw new AppError('validation', parsed.error.issues[0]?.message ?? API_MESSAGE.validation, {
        list_id: parsed.error.issues[0]?.message ?? API_MESSAGE.validation,
      });
    return deleteDiscoveryList(ctx, currentActor(request), parsed.data.list_id);
  });
  route(app, discoveryApi.addInfluencer, business, async (request) =>
    addListInfluencer(ctx, currentActor(request), request.body),
  );
  route(app, discoveryApi.removeInfluencer, business, async (request) =>
    removeListInfluencer(ctx, currentActor(request), request.body.list_id, request.body.influencer_id),
  );

  route(app, adminDiscoveryApi.lookup, { preHandler: requireType('admin') }, async (request) =>
    adminInstagramLookup(ctx, ctx.discovery, request.params.username),
  );

  route(app, discoveryApi.avatar, {}, async (request, reply) => {
    const modashId = request.params.file.replace(/\.svg$/, '');
    const name = await indexedName(ctx, modashId);
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(avatarSvg(name ?? '?', modashId));
  });
}
