import { errorBody } from '@reach/contract/errors';
import {
  post,
  postIdParams,
  postsPage,
  postsQuery,
  rejectPostBody,
  resubmitPostBody,
  submitPostBody,
} from '@reach/contract/posts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentActor, requireSubscription, requireType } from '../../plugins/auth';
import { parseFields, readPostForm } from './form';
import { listPosts } from './lists';
import { approvePost, discardReceived, getPost, rejectPost, resubmitPost, submitPost } from './service';

const tags = ['posts'];
const security = [{ bearer: [] }];
const read = { 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 404: errorBody };
const write = { ...read, 409: errorBody };
const upload = { ...write, 413: errorBody };

/**
 * Posts (spec §7 GET /posts; the actions in the connections' style). Businesses need a subscription or trial
 * (402). A business sees its campaigns' posts, an influencer their own, admins all; anything else is a 404.
 */
export async function postRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const subscribed = requireSubscription;

  r.get('/posts', {
    preHandler: [requireType('business', 'influencer', 'admin'), subscribed],
    schema: {
      tags,
      security,
      summary: 'Posts, paged (default sort submitted_at), by campaign, status and influencer',
      querystring: postsQuery,
      response: { 200: postsPage, ...read },
    },
    handler: async (request) => listPosts(ctx, currentActor(request), request.query),
  });

  r.get('/posts/:id', {
    preHandler: [requireType('business', 'influencer', 'admin'), subscribed],
    schema: {
      tags,
      security,
      summary: 'One post (404 when not yours)',
      params: postIdParams,
      response: { 200: post, ...read },
    },
    handler: async (request) => getPost(ctx, currentActor(request), request.params.id),
  });

  r.post('/posts', {
    preHandler: [requireType('influencer')],
    schema: {
      tags,
      security,
      summary:
        'Submit a post on an accepted connection: JSON, or multipart with the fields and up to 5 `media` files (JPEG/PNG/MP4 by content)',
      description: `Fields: ${Object.keys(submitPostBody.shape).join(', ')}.`,
      consumes: ['application/json', 'multipart/form-data'],
      response: { 201: post, ...upload },
    },
    handler: async (request, reply) => {
      const me = currentActor(request);
      const { fields, files } = await readPostForm(request);
      try {
        const input = parseFields(submitPostBody, fields);
        return reply.status(201).send(await submitPost(ctx, me, input, files));
      } finally {
        await discardReceived(files);
      }
    },
  });

  r.post('/posts/:id/approve', {
    preHandler: [requireType('business'), subscribed],
    schema: {
      tags,
      security,
      summary:
        'Approve a submitted post; cash/combination campaigns pay amount per post once (approving again returns the same post and payment)',
      params: postIdParams,
      response: { 200: post, ...write },
    },
    handler: async (request) => approvePost(ctx, currentActor(request), request.params.id),
  });

  r.post('/posts/:id/reject', {
    preHandler: [requireType('business'), subscribed],
    schema: {
      tags,
      security,
      summary: 'Reject a submitted post with a reason (≤ 500 characters) the influencer is told',
      params: postIdParams,
      body: rejectPostBody,
      response: { 200: post, ...write },
    },
    handler: async (request) =>
      rejectPost(ctx, currentActor(request), request.params.id, request.body.reason),
  });

  r.post('/posts/:id/resubmit', {
    preHandler: [requireType('influencer')],
    schema: {
      tags,
      security,
      summary: 'Resubmit a rejected post with a new url/caption (and media, which replace the old ones)',
      params: postIdParams,
      consumes: ['application/json', 'multipart/form-data'],
      response: { 200: post, ...upload },
    },
    handler: async (request) => {
      const me = currentActor(request);
      const { fields, files } = await readPostForm(request);
      try {
        const input = parseFields(resubmitPostBody, fields);
        return await resubmitPost(ctx, me, request.params.id, input, files);
      } finally {
        await discardReceived(files);
      }
    },
  });
}
