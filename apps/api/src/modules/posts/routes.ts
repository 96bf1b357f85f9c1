import { postsApi } from '@reach/contract/endpoints/posts';
import { METRICS_REFRESH_MINUTES, resubmitPostBody, submitPostBody } from '@reach/contract/posts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { createKeyedLimiter } from '../../lib/fixed-window-limiter';
import { currentActor, requireSubscription, requireType } from '../../plugins/auth';
import { multipartForms } from '../../plugins/external/uploads';
import { parseFields, withPostForm } from './form';
import { listPosts } from './lists';
import { approvePost, getPost, refreshPostMetrics, rejectPost, resubmitPost, submitPost } from './service';

/**
 * Posts (spec §7 GET /posts; the actions in the connections' style). Businesses need a subscription or trial
 * (402). A business sees its campaigns' posts, an influencer their own, admins all; anything else is a 404.
 */
export async function postRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(multipartForms);
  const viewers = { preHandler: [requireType('business', 'influencer', 'admin'), requireSubscription] };
  const reviewer = { preHandler: [requireType('business'), requireSubscription] };
  const influencer = { preHandler: [requireType('influencer')] };
  // One on-demand refresh per post per window, counted on the rate-limit store (Redis: across the replicas).
  const metricsRefreshes = createKeyedLimiter(app, {
    max: 1,
    windowMs: METRICS_REFRESH_MINUTES * 60_000,
    name: 'post-metrics',
  });

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
  route(app, postsApi.refreshMetrics, viewers, async (request) =>
    refreshPostMetrics(ctx, currentActor(request), request.params.id, async (postId) => {
      const seconds = await metricsRefreshes.wait(request, `post:${postId}`);
      return seconds === null ? null : { retryAfterSeconds: seconds };
    }),
  );
  route(app, postsApi.resubmit, influencer, async (request) => {
    const me = currentActor(request);
    return withPostForm(request, (fields, files) =>
      resubmitPost(ctx, me, request.params.id, parseFields(resubmitPostBody, fields), files),
    );
  });
}
