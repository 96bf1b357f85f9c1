import { ok } from '../common';
import {
  addListInfluencerBody,
  adminLookupParams,
  adminLookupResponse,
  avatarParams,
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
} from '../discovery';
import { endpoint } from '../endpoint';

const tags = ['discovery'];
const read = [400, 401, 402, 403, 404, 503] as const;
const write = [...read, 409] as const;

/**
 * Influencer discovery (spec §7 /discovery/*): businesses with a subscription or trial (402 otherwise).
 * Searches and reports cost credits (402 not_enough_credits when short, nothing debited); lists belong to one
 * business (another's list is a 404).
 */
export const discoveryApi = {
  search: endpoint({
    method: 'POST',
    path: '/discovery/instagram/search',
    tags,
    summary: 'Search influencers (Modash-shaped body; 1 credit per page of 15, repeats within 24 h free)',
    body: discoverySearchBody,
    response: discoverySearchResponse,
    errors: read,
  }),
  report: endpoint({
    method: 'GET',
    path: '/discovery/report/:modash_id',
    tags,
    summary: "An influencer's full report (1 credit; opening it again within 24 h is free)",
    params: reportParams,
    response: discoveryReportResponse,
    errors: read,
  }),
  locations: endpoint({
    method: 'GET',
    path: '/discovery/locations',
    tags,
    summary: 'Locations for the filters (typeahead): countries, states, cities',
    query: dictionaryQuery,
    response: locationsResponse,
    errors: read,
  }),
  languages: endpoint({
    method: 'GET',
    path: '/discovery/languages',
    tags,
    summary: 'Languages for the filters (typeahead)',
    query: dictionaryQuery,
    response: languagesResponse,
    errors: read,
  }),
  lists: endpoint({
    method: 'GET',
    path: '/discovery/list',
    tags,
    summary: 'Your discovery lists with their member counts, paged',
    query: discoveryListsQuery,
    response: discoveryListsPage,
    errors: read,
  }),
  allLists: endpoint({
    method: 'GET',
    path: '/discovery/list/all',
    tags,
    summary: 'All your discovery lists with their influencers',
    response: discoveryListsAll,
    errors: read,
  }),
  createList: endpoint({
    method: 'POST',
    path: '/discovery/list',
    tags,
    summary: 'Create a discovery list (names are unique per business)',
    body: createListBody,
    status: 201,
    response: discoveryList,
    errors: write,
  }),
  /** `list_id` in the query or the body: the route checks that one of them is there. */
  deleteList: endpoint({
    method: 'DELETE',
    path: '/discovery/list/delete-list',
    tags,
    summary: 'Delete one of your lists (list_id in the query or the body)',
    query: deleteListBody.partial(),
    body: deleteListBody.partial().nullish(),
    response: ok,
    errors: write,
  }),
  addInfluencer: endpoint({
    method: 'POST',
    path: '/discovery/list/add-influencer',
    tags,
    summary: 'Add an influencer to one of your lists (already there: the existing entry)',
    body: addListInfluencerBody,
    response: discoveryEntry,
    errors: write,
  }),
  removeInfluencer: endpoint({
    method: 'POST',
    path: '/discovery/list/remove-influencer',
    tags,
    summary: 'Remove an entry (influencer_id = the entry id) from one of your lists',
    body: removeListInfluencerBody,
    response: ok,
    errors: write,
  }),
  invite: endpoint({
    method: 'POST',
    path: '/discovery/invite/message',
    tags,
    summary: 'Email a discovered influencer your message with a sign-up link to one of your active campaigns',
    body: discoveryInviteBody,
    status: 201,
    response: discoveryInviteResponse,
    errors: write,
  }),
  /** An SVG image, sent by the handler (no JSON response). */
  avatar: endpoint({
    method: 'GET',
    path: '/discovery/avatar/:file',
    tags,
    summary: 'The generated avatar (SVG initials) of a profile of the local index',
    auth: 'public',
    params: avatarParams,
    errors: [],
  }),
};

/** The admin's look-up of a username through the discovery provider. */
export const adminDiscoveryApi = {
  lookup: endpoint({
    method: 'GET',
    path: '/admin/discovery/instagram/:username',
    tags: ['admin'],
    summary: "The discovery provider's report for a username (admin)",
    params: adminLookupParams,
    response: adminLookupResponse,
    errors: read,
  }),
};
