import type { Kysely, Transaction } from 'kysely';
import type { DB, PostMediaTable } from '../../db/schema';

/*
 * The post read model: the queries whose rows presenter.ts turns into the contract's shapes (presenters run
 * no queries; docs/ARCHITECTURE.md).
 */

type Db = Kysely<DB> | Transaction<DB>;

/** The columns every post view needs: the post, its campaign, connection, both sides and the reviewer. */
export function postQuery(db: Db) {
  return db
    .selectFrom('posts as po')
    .innerJoin('campaigns as c', 'c.id', 'po.campaign_id')
    .innerJoin('campaign_types as t', 't.id', 'c.type_id')
    .innerJoin('connections as cn', 'cn.id', 'po.connection_id')
    .innerJoin('businesses as b', 'b.id', 'po.business_id')
    .innerJoin('users as iu', 'iu.id', 'po.influencer_user_id')
    .innerJoin('influencer_profiles as p', 'p.user_id', 'po.influencer_user_id')
    .leftJoin('users as ru', 'ru.id', 'po.reviewed_by')
    .select([
      'po.id',
      'po.connection_id',
      'po.campaign_id',
      'po.business_id',
      'po.influencer_user_id',
      'po.platform',
      'po.post_url',
      'po.caption',
      'po.source',
      'po.status',
      'po.rejection_reason',
      'po.submitted_at',
      'po.reviewed_at',
      'po.reviewed_by',
      'po.paid_cents',
      'po.paid_at',
      'po.likes',
      'po.comments',
      'po.reach',
      'po.impressions',
      'po.shares',
      'po.saves',
      'po.video_views',
      'po.metrics_source',
      'po.metrics_method',
      'po.metrics_fetched_at',
      'c.title as campaign_title',
      'c.type_id as campaign_type_id',
      'c.status as campaign_status',
      'c.amount_per_post_cents',
      't.name as campaign_type_name',
      'cn.status as connection_status',
      'b.business_name',
      'p.id as influencer_id',
      'p.first_name',
      'p.last_name',
      'p.instagram_username',
      'iu.given_name',
      'iu.family_name',
      'iu.avatar as influencer_avatar',
      'iu.avatar_type as influencer_avatar_type',
      'ru.given_name as reviewer_given_name',
      'ru.family_name as reviewer_family_name',
    ]);
}
export type PostViewRow = Awaited<ReturnType<ReturnType<typeof postQuery>['executeTakeFirstOrThrow']>>;

export type PostMediaRow = Pick<PostMediaTable, 'post_id' | 'key' | 'mime'>;

/** The media rows of these posts, in display order (none asked, no query). */
export async function postMediaRows(db: Db, postIds: readonly number[]): Promise<PostMediaRow[]> {
  if (postIds.length === 0) return [];
  return db
    .selectFrom('post_media')
    .select(['post_id', 'key', 'mime'])
    .where('post_id', 'in', postIds)
    .orderBy('post_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}
