import { postsApi } from '@reach/contract/endpoints/posts';
import { resubmitPostBody, submitPostBody } from '@reach/contract/posts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentActor, requireSubscription, requireType } from '../../plugins/auth';
import { parseFields, withPostForm } from './form';
import { listPosts } from './lists';
import { approvePost, getPost, rejectPost, resubmitPost, submitPost } from './service';

/**
 * Posts (spec §7 GET /posts; the actions in the connections' style). Businesses need a subscription or trial
 * (402). A business sees its campaigns' posts, an influencer their own, admins all; anything else is a 404.
 */
export async function postRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const viewers = { preHandler: [requireType('business', 'influencer', 'admin'), requireSubscription] };
  const reviewer = { preHandler: [requireType('business'), requireSubscription] };
  const influencer = { preHandler: [requireType('influencer')] };

  route(app, postsApi.list, viewers, async (request) => listPosts(ctx, currentActor(request), request.query));
  route(app, postsApi.get, viewers, async (request) =>
    getPost(ctx, currentActor(request), request.params.id),
  );
  route(app, postsApi.submit, influencer, async (request) => {
    const me = currentActor(request);
    return withPostForm(request, (fields, files) =>
      submitPost(ctx, me, parseFields(submitPostBody, fields), files),
    );
  });
  route(app, postsApi.approve, reviewer, async (request) =>
    approvePost(ctx, currentActor(request), request.params.id),
  );
  route(app, postsApi.reject, reviewer, async (request) =>
    rejectPost(ctx, currentActor(request), request.params.id, request.body.reason),
  );
  route(app, postsApi.resubmit, influencer, async (request) => {
    const me = currentActor(request);
    return withPostForm(request, (fields, files) =>
      resubmitPost(ctx, me, request.params.id, parseFields(resubmitPostBody, fields), files),
    );
  });
}
