import { pageViewBody, pageViewStats } from '@reach/contract/dashboard';
import { errorBody } from '@reach/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireType } from '../../plugins/auth';
import { presentPageViewStats } from './presenter';
import { pageViewCounts, recordPageView } from './service';

/** First-party page-view analytics: the client reports each route change; admins read the counts. */
export async function analyticsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/analytics/page-view', {
    // Anonymous and signed-in callers alike: a valid token attributes the view to its user.
    config: { public: true, optionalAuth: true, rateLimit: { max: 120, timeWindow: 60_000 } },
    schema: {
      tags: ['analytics'],
      summary: 'Record a page view (signed in or not)',
      body: pageViewBody,
      response: { 204: z.null(), 400: errorBody },
    },
    handler: async (request, reply) => {
      await recordPageView(ctx, request.user?.id ?? null, request.body);
      return reply.status(204).send(null);
    },
  });

  r.get('/admin/analytics/page-views', {
    preHandler: requireType('admin'),
    schema: {
      tags: ['analytics'],
      security: [{ bearer: [] }],
      summary: 'Page-view counts per path and per day',
      querystring: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }),
      response: { 200: pageViewStats, 401: errorBody, 403: errorBody },
    },
    handler: async (request) => presentPageViewStats(await pageViewCounts(ctx, request.query.days)),
  });
}
