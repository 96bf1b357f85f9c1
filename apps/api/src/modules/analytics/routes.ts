import { analyticsApi } from '@reach/contract/endpoints/analytics';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { requireType } from '../../plugins/auth';
import { presentPageViewStats } from './presenter';
import { pageViewCounts, recordPageView } from './service';

/** First-party page-view analytics: the client reports each route change; admins read the counts. */
export async function analyticsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Anonymous and signed-in callers alike (optional access): a valid token attributes the view to its user.
  route(
    app,
    analyticsApi.pageView,
    { config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
    async (request) => {
      await recordPageView(ctx, request.user?.id ?? null, request.body);
      return null;
    },
  );

  route(app, analyticsApi.pageViews, { preHandler: requireType('admin') }, async (request) =>
    presentPageViewStats(await pageViewCounts(ctx, request.query.days)),
  );
}
