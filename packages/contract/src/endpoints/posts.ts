import { endpoint } from '../endpoint';
import {
  facebookWebhookResponse,
  METRICS_REFRESH_MINUTES,
  post,
  postIdParams,
  postsPage,
  postsQuery,
  rejectPostBody,
  submitPostBody,
  webhookChallenge,
  webhookHandshakeQuery,
  webhookSubscriptions,
} from '../posts';

const tags = ['posts'];
const read = [400, 401, 402, 403, 404] as const;
const write = [...read, 409] as const;
const upload = [...write, 413] as const;
/** Submissions come as JSON, or multipart with the fields as text parts and up to 5 `media` files. */
const submission = ['application/json', 'multipart/form-data'] as const;

/**
 * Posts (spec §7 GET /posts; the actions in the connections' style). Submit and resubmit declare no body
 * schema: the API reads JSON or multipart itself and validates the fields against submitPostBody /
 * resubmitPostBody.
 */
export const postsApi = {
  list: endpoint({
    method: 'GET',
    path: '/posts',
    tags,
    summary: 'Posts, paged (default sort submitted_at), by campaign, status and influencer',
    query: postsQuery,
    response: postsPage,
    errors: read,
  }),
  get: endpoint({
    method: 'GET',
    path: '/posts/:id',
    tags,
    summary: 'One post (404 when not yours)',
    params: postIdParams,
    response: post,
    errors: read,
  }),
  submit: endpoint({
    method: 'POST',
    path: '/posts',
    tags,
    summary:
      'Submit a post on an accepted connection: JSON, or multipart with the fields and up to 5 `media` files (JPEG/PNG/MP4 by content)',
    description: `Fields: ${Object.keys(submitPostBody.shape).join(', ')}.`,
    consumes: submission,
    status: 201,
    response: post,
    errors: upload,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/posts/:id/approve',
    tags,
    summary:
      'Approve a submitted post; cash/combination campaigns pay amount per post once (approving again returns the same post and payment)',
    params: postIdParams,
    response: post,
    errors: write,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/posts/:id/reject',
    tags,
    summary: 'Reject a submitted post with a reason (≤ 500 characters) the influencer is told',
    params: postIdParams,
    body: rejectPostBody,
    response: post,
    errors: write,
  }),
  resubmit: endpoint({
    method: 'POST',
    path: '/posts/:id/resubmit',
    tags,
    summary: 'Resubmit a rejected post with a new url/caption (and media, which replace the old ones)',
    params: postIdParams,
    consumes: submission,
    response: post,
    errors: upload,
  }),
  refreshMetrics: endpoint({
    method: 'POST',
    path: '/posts/:id/metrics/refresh',
    tags,
    summary: `Refresh a post's metrics through the social adapter (Graph API when configured, else estimated); the business of the campaign or an admin, once per ${METRICS_REFRESH_MINUTES} minutes per post (429 with Retry-After)`,
    params: postIdParams,
    response: post,
    errors: [...write, 429, 503],
  }),
};

/**
 * Facebook / Instagram webhooks: Meta's verification handshake and signed deliveries (public; Meta calls them),
 * and the signed-in user's subscriptions.
 */
export const facebookWebhooksApi = {
  verify: endpoint({
    method: 'GET',
    path: '/facebook/webhooks',
    tags,
    auth: 'public',
    summary: 'Meta webhook verification handshake (echoes hub.challenge)',
    query: webhookHandshakeQuery,
    response: webhookChallenge,
    errors: [403],
  }),
  deliver: endpoint({
    method: 'POST',
    path: '/facebook/webhooks',
    tags,
    auth: 'public',
    summary: 'Instagram webhook events (signed with the app secret)',
    response: facebookWebhookResponse,
    errors: [400, 401, 404],
  }),
  mine: endpoint({
    method: 'GET',
    path: '/facebook/myWebhooks',
    tags,
    summary: 'Your Instagram webhook subscriptions',
    response: webhookSubscriptions,
    errors: [401],
  }),
};
