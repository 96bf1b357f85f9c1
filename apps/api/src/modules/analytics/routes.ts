import { pageViewBody, pageViewStats } from '@reach/contract/dashboard';
import { errorBody } from '@reach/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireType } from '../../plugins/auth';

const DAY = 86_400_000;

/** First-party page-view analytics: the client reports each route change; admins read the counts. */
export async function analyticsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/analytics/page-view', {
    config: { public: true, rateLimit: { max: 120, timeWindow: 60_000 } },
    schema: {
      tags: ['analytics'],
      summary: 'Record a page view (signed in or not)',
      body: pageViewBody,
      response: { 204: z.null(), 400: errorBody },
    },
    handler: async (request, reply) => {
      let userId: number | null = null;
      const token = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
      if (token) {
        const verified = await ctx.tokens.verify(token).catch(() => null);
        if (verified?.issuer === 'local') userId = Number(verified.claims.sub);
      }
      // Only the path is kept: query strings may carry codes or emails.
      const path = request.body.path.split(/[?#]/)[0] ?? '/';
      await ctx.db
        .insertInto('page_views')
        .values({ user_id: userId, path, referrer: request.body.referrer ?? null })
        .execute();
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
    handler: async (request) => {
      const since = new Date(ctx.now().getTime() - request.query.days * DAY);
      const [total, pages, daily] = await Promise.all([
        ctx.db
          .selectFrom('page_views')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('created_at', '>=', since)
          .executeTakeFirstOrThrow(),
        ctx.db
          .selectFrom('page_views')
          .select([
            'path',
            (eb) => eb.fn.countAll<number>().as('views'),
            sql<number>`count(distinct user_id)`.as('visitors'),
          ])
          .where('created_at', '>=', since)
          .groupBy('path')
          .orderBy('views', 'desc')
          .limit(50)
          .execute(),
        ctx.db
          .selectFrom('page_views')
          .select([
            sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('date'),
            (eb) => eb.fn.countAll<number>().as('value'),
          ])
          .where('created_at', '>=', since)
          .groupBy(sql`1`)
          .orderBy(sql`1`)
          .execute(),
      ]);
      return {
        total: Number(total.n),
        pages: pages.map((p) => ({ path: p.path, views: Number(p.views), visitors: Number(p.visitors) })),
        daily: daily.map((d) => ({ date: d.date, value: Number(d.value) })),
      };
    },
  });
}
