import { sql } from 'kysely';
import type { AppContext } from '../../context';

const DAY = 86_400_000;

/**
 * POST /analytics/page-view: one view of a client route, by a signed-in user or anonymous (null). Only the
 * path is kept: query strings may carry codes or emails.
 */
export async function recordPageView(
  ctx: AppContext,
  userId: number | null,
  view: { path: string; referrer?: string | undefined },
): Promise<void> {
  const path = view.path.split(/[?#]/)[0] ?? '/';
  await ctx.db
    .insertInto('page_views')
    .values({ user_id: userId, path, referrer: view.referrer ?? null })
    .execute();
}

/** GET /admin/analytics/page-views: the views of the last `days` days in all, per path (top 50) and per UTC day. */
export async function pageViewCounts(ctx: AppContext, days: number) {
  const since = new Date(ctx.now().getTime() - days * DAY);
  // The total is the days' counts summed (each view is in exactly one UTC day): no statement of its own.
  const [pages, daily] = await Promise.all([
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
  return { total: daily.reduce((sum, day) => sum + Number(day.value), 0), pages, daily };
}
