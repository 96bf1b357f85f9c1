import type { AdminReviewsPage, adminReviewsQuery, ReviewSortKey } from '@reach/contract/admin-reviews';
import { type Expression, type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { presentAdminReview } from './presenter';

type Query = z.output<typeof adminReviewsQuery>;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/*
 * The display names the presenter shows, in SQL so search and sort agree with the screen: a business by its
 * business name, an influencer by the profile's first and last name (the account's names as a fallback).
 */
const AUTHOR_NAME = sql<string>`(CASE WHEN r.author_type = 'business'
  THEN coalesce(ab.business_name, trim(au.given_name || ' ' || au.family_name))
  ELSE trim(coalesce(ap.first_name, au.given_name) || ' ' || coalesce(ap.last_name, au.family_name)) END)`;
const SUBJECT_NAME = sql<string>`(CASE WHEN r.author_type = 'influencer'
  THEN coalesce(sb.business_name, trim(su.given_name || ' ' || su.family_name))
  ELSE trim(coalesce(sp.first_name, su.given_name) || ' ' || coalesce(sp.last_name, su.family_name)) END)`;
/**
 * The reviewed side's rating now: an influencer's is kept on the profile, a business's is the average of its
 * visible reviews by influencers (as the business directory computes it).
 */
const SUBJECT_RATING = sql<string | number | null>`(CASE WHEN r.author_type = 'business' THEN sp.rating
  ELSE (SELECT round(avg(x.rating)::numeric, 2) FROM reviews x
         WHERE x.subject_user_id = r.subject_user_id AND x.status = 'visible' AND x.author_type = 'influencer')
  END)`;

const SORT_EXPRESSIONS: Record<ReviewSortKey, Expression<unknown>> = {
  created_at: sql`r.created_at`,
  rating: sql`r.rating`,
  author: sql`lower(${AUTHOR_NAME})`,
  subject: sql`lower(${SUBJECT_NAME})`,
  campaign: sql`lower(c.title)`,
  // business_to_influencer before influencer_to_business, as the filter lists them.
  direction: sql`r.author_type`,
  // visible before hidden when ascending.
  status: sql`(r.status = 'hidden')`,
};

/** Reviews with both sides and the campaign: the rows the admin list filters, counts and reads. */
export function adminReviews(db: Kysely<DB>) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('connections as cn', 'cn.id', 'r.connection_id')
    .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
    .innerJoin('users as au', 'au.id', 'r.author_user_id')
    .leftJoin('businesses as ab', 'ab.user_id', 'r.author_user_id')
    .leftJoin('influencer_profiles as ap', 'ap.user_id', 'r.author_user_id')
    .innerJoin('users as su', 'su.id', 'r.subject_user_id')
    .leftJoin('businesses as sb', 'sb.user_id', 'r.subject_user_id')
    .leftJoin('influencer_profiles as sp', 'sp.user_id', 'r.subject_user_id');
}

/** Everything the admin presenter needs, including the latest moderation from the audit log. */
export function selectAdminReviews(q: ReturnType<typeof adminReviews>) {
  return q
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('audit_log as a')
          .leftJoin('users as mu', 'mu.id', 'a.actor_id')
          .select([
            'a.action as moderation_action',
            'a.created_at as moderation_at',
            'a.actor_id as moderation_by_id',
            sql<string | null>`trim(mu.given_name || ' ' || mu.family_name)`.as('moderation_by_name'),
            sql<string | null>`a.data->>'reason'`.as('moderation_reason'),
          ])
          .where('a.subject_type', '=', 'review')
          .whereRef('a.subject_id', '=', 'r.id')
          .where('a.action', 'in', ['review.hidden', 'review.shown'])
          .orderBy('a.id', 'desc')
          .limit(1)
          .as('m'),
      (join) => join.onTrue(),
    )
    .select([
      'r.id',
      'r.connection_id',
      'r.author_type',
      'r.author_user_id',
      'r.subject_user_id',
      'r.rating',
      'r.body',
      'r.status',
      'r.created_at',
      'c.id as campaign_id',
      'c.title as campaign_title',
      'au.avatar as author_avatar',
      'au.avatar_type as author_avatar_type',
      AUTHOR_NAME.as('author_name'),
      SUBJECT_NAME.as('subject_name'),
      SUBJECT_RATING.as('subject_rating'),
      'm.moderation_action',
      'm.moderation_at',
      'm.moderation_by_id',
      'm.moderation_by_name',
      'm.moderation_reason',
    ]);
}
export type AdminReviewRow = Awaited<
  ReturnType<ReturnType<typeof selectAdminReviews>['executeTakeFirstOrThrow']>
>;

function filtered(db: Kysely<DB>, query: Query) {
  let q = adminReviews(db);
  if (query.direction)
    q = q.where(
      'r.author_type',
      '=',
      query.direction === 'business_to_influencer' ? 'business' : 'influencer',
    );
  if (query.rating !== undefined) q = q.where('r.rating', '=', query.rating);
  if (query.status) q = q.where('r.status', '=', query.status);
  if (query.search) {
    const pattern = like(query.search);
    q = q.where((eb) =>
      eb.or([
        eb(AUTHOR_NAME, 'ilike', pattern),
        eb(SUBJECT_NAME, 'ilike', pattern),
        eb('c.title', 'ilike', pattern),
        eb('r.body', 'ilike', pattern),
      ]),
    );
  }
  return q;
}

/** GET /reviews (admin): one page of every review, searched, filtered, sorted and paged in SQL, with the total. */
export async function listAdminReviews(
  ctx: AppContext,
  actor: Actor,
  query: Query,
): Promise<AdminReviewsPage> {
  const q = filtered(ctx.db, query);
  const direction = query.sortDesc;
  const [rows, total] = await Promise.all([
    selectAdminReviews(q)
      .orderBy(SORT_EXPRESSIONS[query.sortBy], (ob) =>
        (direction === 'desc' ? ob.desc() : ob.asc()).nullsLast(),
      )
      .orderBy('r.id', direction)
      .limit(query.items)
      .offset((query.page - 1) * query.items)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map((r) => presentAdminReview(ctx, actor, r)), total: Number(total.n) };
}
