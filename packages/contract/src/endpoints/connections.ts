import {
  applyBody,
  businessOptions,
  type ConnectionAction,
  connection,
  connectionCards,
  connectionDetail,
  connectionIdParams,
  connectionListQuery,
  connectionsPage,
  connectionsQuery,
  inviteBody,
  review,
  reviewBody,
} from '../connections';
import { endpoint } from '../endpoint';

const tags = ['connections'];
const read = [400, 401, 402, 403, 404] as const;
const write = [...read, 409] as const;

/** POST /connection/:id/<action>: one step of a connection's life, taken by the side whose step it is. */
function transition<const A extends ConnectionAction>(action: A, verb: string) {
  return endpoint({
    method: 'POST',
    path: `/connection/:id/${action}`,
    tags,
    summary: `${verb} the connection (illegal transitions → 409, the other side's step → 403)`,
    params: connectionIdParams,
    response: connection,
    errors: write,
  });
}

/**
 * Connections (spec §7 /my/connections*; actions in the same style): businesses need a subscription or trial
 * (402). Each side sees only its own connections; everything else is a 404.
 */
export const connectionsApi = {
  list: endpoint({
    method: 'GET',
    path: '/my/connections',
    tags,
    summary: 'Your connections, paged (default sort: the other side’s name), with counts per status',
    query: connectionsQuery,
    response: connectionsPage,
    errors: read,
  }),
  cards: endpoint({
    method: 'GET',
    path: '/my/connections/list',
    tags,
    summary: 'Connection cards, one per influencer or business; latest=true for the sidebar',
    query: connectionListQuery,
    response: connectionCards,
    errors: read,
  }),
  businesses: endpoint({
    method: 'GET',
    path: '/my/connections/businesses',
    tags,
    summary: 'The businesses you have connections with (filters)',
    response: businessOptions,
    errors: read,
  }),
  get: endpoint({
    method: 'GET',
    path: '/connection/:id',
    tags,
    summary: 'A connection with its history and reviews (404 when not yours)',
    params: connectionIdParams,
    response: connectionDetail,
    errors: read,
  }),
  invite: endpoint({
    method: 'POST',
    path: '/connections/invite',
    tags,
    summary: 'Invite an influencer to one of your active campaigns (duplicates → 409)',
    body: inviteBody,
    status: 201,
    response: connection,
    errors: write,
  }),
  apply: endpoint({
    method: 'POST',
    path: '/connections/apply',
    tags,
    summary: 'Apply to an active campaign (duplicates → 409)',
    body: applyBody,
    status: 201,
    response: connection,
    errors: write,
  }),
  accept: transition('accept', 'Accept'),
  decline: transition('decline', 'Decline'),
  cancel: transition('cancel', 'Cancel'),
  complete: transition('complete', 'Complete'),
  review: endpoint({
    method: 'POST',
    path: '/connection/:id/review',
    tags,
    summary: 'Review the other side of a completed connection (1–5 stars and a text, once)',
    params: connectionIdParams,
    body: reviewBody,
    status: 201,
    response: review,
    errors: write,
  }),
};
