import type { CampaignStatus } from '@reach/contract/campaigns';
import type { ConnectionStatus } from '@reach/contract/connections';
import type { Post, PostMedia } from '@reach/contract/posts';
import type { Kysely, Transaction } from 'kysely';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { avatarUrl, influencerName } from '../../lib/people';
import { abilities } from './policy';

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

/** The media of these posts, in display order, by post id. */
export async function mediaOf(ctx: AppContext, db: Db, postIds: readonly number[]) {
  const byPost = new Map<number, PostMedia[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .selectFrom('post_media')
    .select(['post_id', 'key', 'mime'])
    .where('post_id', 'in', postIds)
    .orderBy('post_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const m of rows) {
    const list = byPost.get(m.post_id) ?? [];
    list.push({
      url: ctx.storage.url(m.key),
      type: m.mime === 'video/mp4' ? 'video' : 'image',
      mime: m.mime,
    });
    byPost.set(m.post_id, list);
  }
  return byPost;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A post as `actor` may see it, with what they may do next. */
export function presentPost(ctx: AppContext, actor: Actor, r: PostViewRow, media: PostMedia[]): Post {
  const facts = { business_id: r.business_id, influencer_user_id: r.influencer_user_id, status: r.status };
  return {
    id: r.id,
    campaign: {
      id: r.campaign_id,
      title: r.campaign_title,
      type: r.campaign_type_id,
      type_name: r.campaign_type_name,
      amount_per_post_cents: r.amount_per_post_cents,
    },
    connection_id: r.connection_id,
    influencer: {
      id: r.influencer_id,
      user_id: r.influencer_user_id,
      name: influencerName(r),
      avatar: avatarUrl(ctx, r.influencer_avatar, r.influencer_avatar_type),
      avatarType: r.influencer_avatar_type,
      instagram_username: r.instagram_username,
    },
    business: { id: r.business_id, name: r.business_name },
    platform: r.platform,
    post_url: r.post_url,
    caption: r.caption,
    media,
    source: r.source,
    status: r.status,
    rejection_reason: r.status === 'rejected' ? r.rejection_reason : null,
    submitted_at: r.submitted_at.toISOString(),
    reviewed_at: iso(r.reviewed_at),
    reviewed_by:
      r.reviewed_by !== null && r.reviewer_given_name !== null
        ? {
            id: r.reviewed_by,
            name: `${r.reviewer_given_name} ${r.reviewer_family_name ?? ''}`.trim(),
          }
        : null,
    payment:
      r.paid_cents !== null && r.paid_at !== null
        ? { amount_cents: r.paid_cents, paid_at: r.paid_at.toISOString() }
        : null,
    metrics:
      r.metrics_fetched_at !== null
        ? {
            likes: r.likes ?? 0,
            comments: r.comments ?? 0,
            reach: r.reach ?? 0,
            fetched_at: r.metrics_fetched_at.toISOString(),
          }
        : null,
    abilities: abilities(actor, facts, {
      connectionStatus: r.connection_status as ConnectionStatus,
      campaignStatus: r.campaign_status as CampaignStatus,
    }),
  };
}
