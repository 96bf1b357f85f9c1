import type { PostSortKey, PostsPage, postsQuery } from '@reach/contract/posts';
import { type Expression, sql } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import { influencerNameSql } from '../connections/queries';
import { mediaByPost, presentPost } from './presenter';
import { postMediaRows, postQuery } from './queries';

type Query = z.output<typeof postsQuery>;

/** Scopes a post query to what the actor may see: a business its campaigns' posts, an influencer theirs, admins all. */
function scoped(q: ReturnType<typeof postQuery>, actor: Actor) {
  if (actor.type === 'business') return q.where('po.business_id', '=', actor.businessId);
  if (actor.type === 'influencer') return q.where('po.influencer_user_id', '=', actor.userId);
  return q;
}

/** Status in review order: awaiting review first. */
const STATUS_ORDER = sql<number>`case po.status when 'submitted' then 0 when 'rejected' then 1 else 2 end`;

/** GET /posts: one page of the posts the actor may see, filtered, sorted and paged in SQL. */
export async function listPosts(ctx: AppContext, actor: Actor, query: Query): Promise<PostsPage> {
  let rows = scoped(postQuery(ctx.db), actor);
  if (query.campaign !== undefined) rows = rows.where('po.campaign_id', '=', query.campaign);
  if (query.status !== undefined) rows = rows.where('po.status', '=', query.status);
  if (query.influencer !== undefined) rows = rows.where('p.id', '=', query.influencer);
  const sort: Record<PostSortKey, Expression<unknown>> = {
    submitted_at: sql`po.submitted_at`,
    reviewed_at: sql`po.reviewed_at`,
    status: STATUS_ORDER,
    campaign: sql`lower(c.title)`,
    influencer: sql`lower(${influencerNameSql})`,
  };
  const [page, total] = await Promise.all([
    rows
      .orderBy(sort[query.sortBy], (ob) => (query.sortDesc === 'desc' ? ob.desc() : ob.asc()).nullsLast())
      .orderBy('po.id', query.sortDesc)
      .limit(query.items)
      .offset((query.page - 1) * query.items)
      .execute(),
    rows
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const mediaRows = await postMediaRows(
    ctx.db,
    page.map((r) => r.id),
  );
  const media = mediaByPost(ctx, mediaRows);
  return {
    data: page.map((r) => presentPost(ctx, actor, r, media.get(r.id) ?? [])),
    total: Number(total.n),
  };
}
