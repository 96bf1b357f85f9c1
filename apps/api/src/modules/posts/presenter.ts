import type { CampaignStatus } from '@reach/contract/campaigns';
import type { ConnectionStatus } from '@reach/contract/connections';
import type { Post, PostMedia, PostMetrics } from '@reach/contract/posts';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import type { PostRow } from '../../db/schema';
import { avatarUrl, influencerName } from '../../lib/people';
import { abilities } from './policy';
import type { PostMediaRow, PostViewRow } from './queries';

/** The media of these posts, in display order, by post id. */
export function mediaByPost(ctx: AppContext, rows: readonly PostMediaRow[]): Map<number, PostMedia[]> {
  const byPost = new Map<number, PostMedia[]>();
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

/** The metric columns of a post row. */
export type PostMetricColumns = Pick<
  PostRow,
  | 'reach'
  | 'impressions'
  | 'likes'
  | 'comments'
  | 'shares'
  | 'saves'
  | 'video_views'
  | 'metrics_source'
  | 'metrics_method'
  | 'metrics_fetched_at'
>;

/** A post's metrics with their source, method and as-of time; null before any fetch. */
export function presentPostMetrics(r: PostMetricColumns): PostMetrics | null {
  if (r.metrics_fetched_at === null) return null;
  const asOf = r.metrics_fetched_at.toISOString();
  return {
    reach: r.reach,
    impressions: r.impressions,
    likes: r.likes ?? 0,
    comments: r.comments ?? 0,
    shares: r.shares,
    saves: r.saves,
    video_views: r.video_views,
    // Set together with metrics_fetched_at (CHECK posts_metrics_provenance).
    source: r.metrics_source ?? 'estimated',
    method: r.metrics_method ?? '',
    as_of: asOf,
    fetched_at: asOf,
  };
}

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
    metrics: presentPostMetrics(r),
    abilities: abilities(actor, facts, {
      connectionStatus: r.connection_status as ConnectionStatus,
      campaignStatus: r.campaign_status as CampaignStatus,
    }),
  };
}
