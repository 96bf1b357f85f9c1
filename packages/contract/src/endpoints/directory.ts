import { businessOptions } from '../connections';
import {
  businessesPage,
  businessesQuery,
  businessIdParams,
  businessPublicProfile,
  influencerIdParams,
  influencerPublicProfile,
  influencersPage,
  influencersQuery,
} from '../directory';
import { endpoint } from '../endpoint';

/** The influencer directory for businesses (spec §7 GET /influencers, GET /influencer/{id}); gated (402). */
export const influencersApi = {
  list: endpoint({
    method: 'GET',
    path: '/influencers',
    tags: ['influencers'],
    summary: 'Influencers on REACH: filters, sorting, paging, and a radius search around a ZIP code',
    query: influencersQuery,
    response: influencersPage,
    errors: [400, 401, 402, 403, 404],
  }),
  get: endpoint({
    method: 'GET',
    path: '/influencer/:id',
    tags: ['influencers'],
    summary: "An influencer's public profile (profile id) with your collaborations",
    params: influencerIdParams,
    response: influencerPublicProfile,
    errors: [400, 401, 402, 403, 404],
  }),
};

const businessTags = ['businesses'];
const businessRead = [400, 401, 403, 404] as const;

/**
 * The business directory (spec §7 GET /businesses, /businesses/list, /my/businesses) and a business's public
 * profile. Public profiles are readable by every signed-in user; /my/businesses is an influencer's own.
 */
export const businessesApi = {
  list: endpoint({
    method: 'GET',
    path: '/businesses',
    tags: businessTags,
    summary: 'Businesses on REACH: filters (campaign, name, tag, location), sorting and paging',
    query: businessesQuery,
    response: businessesPage,
    errors: businessRead,
  }),
  options: endpoint({
    method: 'GET',
    path: '/businesses/list',
    tags: businessTags,
    summary: 'Every listed business, id and name, unpaged (filters and pickers)',
    response: businessOptions,
    errors: businessRead,
  }),
  connected: endpoint({
    method: 'GET',
    path: '/my/businesses',
    tags: businessTags,
    summary: 'The businesses you are connected with (same query as GET /businesses)',
    query: businessesQuery,
    response: businessesPage,
    errors: businessRead,
  }),
  get: endpoint({
    method: 'GET',
    path: '/business/:id',
    tags: businessTags,
    summary: "A business's public profile, active campaigns and reviews (and your connections with it)",
    params: businessIdParams,
    response: businessPublicProfile,
    errors: businessRead,
  }),
};
