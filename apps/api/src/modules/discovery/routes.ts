import { ok } from '@reach/contract/common';
import {
  addListInfluencerBody,
  adminLookupParams,
  adminLookupResponse,
  createListBody,
  deleteListBody,
  dictionaryQuery,
  discoveryEntry,
  discoveryInviteBody,
  discoveryInviteResponse,
  discoveryList,
  discoveryListsAll,
  discoveryListsPage,
  discoveryListsQuery,
  discoveryReportResponse,
  discoverySearchBody,
  discoverySearchResponse,
  languagesResponse,
  locationsResponse,
  removeListInfluencerBody,
  reportParams,
} from '@reach/contract/discovery';
import { errorBody } from '@reach/contract/errors';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { currentActor, requireSubscription, requireType } from '../../plugins/auth';
import { avatarSvg } from './avatar';
import {
  addListInfluencer,
  allDiscoveryLists,
  createDiscoveryList,
  deleteDiscoveryList,
  indexedName,
  influencerReport,
  inviteDiscovered,
  listDiscoveryLists,
  removeListInfluencer,
  searchInfluencers,
} from './service';

const tags = ['discovery'];
const security = [{ bearer: [] }];
const read = {
  400: errorBody,
  401: errorBody,
  402: errorBody,
  403: errorBody,
  404: errorBody,
  503: errorBody,
};
const write = { ...read, 409: errorBody };

/**
 * Influencer discovery (spec §7 /discovery/*): businesses with a subscription or trial (402 otherwise).
 * Searches and reports cost credits (402 not_enough_credits when short, nothing debited); lists belong to one
 * business (another's list is a 404). The provider (local index or Modash) is ctx.discovery.
 */
export async function discoveryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const business = [requireType('business'), requireSubscription];

  r.post('/discovery/instagram/search', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Search influencers (Modash-shaped body; 1 credit per page of 15, repeats within 24 h free)',
      body: discoverySearchBody,
      response: { 200: discoverySearchResponse, ...read },
    },
    handler: async (request) => searchInfluencers(ctx, ctx.discovery, currentActor(request), request.body),
  });

  r.get('/discovery/report/:modash_id', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: "An influencer's full report (1 credit; opening it again within 24 h is free)",
      params: reportParams,
      response: { 200: discoveryReportResponse, ...read },
    },
    handler: async (request) =>
      influencerReport(ctx, ctx.discovery, currentActor(request), request.params.modash_id),
  });

  r.get('/discovery/locations', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Locations for the filters (typeahead): countries, states, cities',
      querystring: dictionaryQuery,
      response: { 200: locationsResponse, ...read },
    },
    handler: async (request) => ({
      locations: await ctx.discovery.locations(request.query.query, request.query.plataform),
    }),
  });

  r.get('/discovery/languages', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Languages for the filters (typeahead)',
      querystring: dictionaryQuery,
      response: { 200: languagesResponse, ...read },
    },
    handler: async (request) => ({
      languages: await ctx.discovery.languages(request.query.query, request.query.plataform),
    }),
  });

  r.get('/discovery/list', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Your discovery lists with their member counts, paged',
      querystring: discoveryListsQuery,
      response: { 200: discoveryListsPage, ...read },
    },
    handler: async (request) => listDiscoveryLists(ctx, currentActor(request), request.query),
  });

  r.get('/discovery/list/all', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'All your discovery lists with their influencers',
      response: { 200: discoveryListsAll, ...read },
    },
    handler: async (request) => allDiscoveryLists(ctx, currentActor(request)),
  });

  r.post('/discovery/list', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Create a discovery list (names are unique per business)',
      body: createListBody,
      response: { 201: discoveryList, ...write },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createDiscoveryList(ctx, currentActor(request), request.body.name)),
  });

  r.delete('/discovery/list/delete-list', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Delete one of your lists (list_id in the query or the body)',
      querystring: deleteListBody.partial(),
      body: deleteListBody.partial().nullish(),
      response: { 200: ok, ...write },
    },
    handler: async (request) => {
      const listId = request.query.list_id ?? request.body?.list_id;
      const parsed = deleteListBody.safeParse({ list_id: listId });
      if (!parsed.success)
        throw new AppError('validation', parsed.error.issues[0]?.message ?? API_MESSAGE.validation, {
          list_id: parsed.error.issues[0]?.message ?? API_MESSAGE.validation,
        });
      return deleteDiscoveryList(ctx, currentActor(request), parsed.data.list_id);
    },
  });

  r.post('/discovery/list/add-influencer', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Add an influencer to one of your lists (already there: the existing entry)',
      body: addListInfluencerBody,
      response: { 200: discoveryEntry, ...write },
    },
    handler: async (request) => addListInfluencer(ctx, currentActor(request), request.body),
  });

  r.post('/discovery/list/remove-influencer', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Remove an entry (influencer_id = the entry id) from one of your lists',
      body: removeListInfluencerBody,
      response: { 200: ok, ...write },
    },
    handler: async (request) =>
      removeListInfluencer(ctx, currentActor(request), request.body.list_id, request.body.influencer_id),
  });

  r.post('/discovery/invite/message', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary:
        'Email a discovered influencer your message with a sign-up link to one of your active campaigns',
      body: discoveryInviteBody,
      response: { 201: discoveryInviteResponse, ...write },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await inviteDiscovered(ctx, ctx.discovery, currentActor(request), request.body)),
  });

  r.get('/admin/discovery/instagram/:username', {
    preHandler: requireType('admin'),
    schema: {
      tags: ['admin'],
      security,
      summary: "The discovery provider's report for a username (admin)",
      params: adminLookupParams,
      response: { 200: adminLookupResponse, ...read },
    },
    handler: async (request) => ({ report: await ctx.discovery.lookup(request.params.username) }),
  });

  r.get('/discovery/avatar/:file', {
    config: { public: true },
    schema: {
      tags,
      summary: 'The generated avatar (SVG initials) of a profile of the local index',
      params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{1,40}\.svg$/) }),
    },
    handler: async (request, reply) => {
      const modashId = request.params.file.replace(/\.svg$/, '');
      const name = await indexedName(ctx, modashId);
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(avatarSvg(name ?? '?', modashId));
    },
  });
}
