import type { AdminReview, ReviewDirection, ReviewStatus } from '@reach/contract/admin-reviews';
import type { ConnectionSide, Review } from '@reach/contract/connections';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import { avatarUrl, influencerName } from '../../lib/people';
import type { AdminReviewRow } from './lists';
import { reviewAbilities } from './policy';

const DIRECTION: Record<'business' | 'influencer', ReviewDirection> = {
  business: 'business_to_influencer',
  influencer: 'influencer_to_business',
};

/** A review as the admin list shows it: whitelisted fields, its latest moderation and what the admin may do. */
export function presentAdminReview(ctx: AppContext, actor: Actor, r: AdminReviewRow): AdminReview {
  const status = r.status as ReviewStatus;
  return {
    id: r.id,
    connection_id: r.connection_id,
    direction: DIRECTION[r.author_type],
    author: {
      user_id: r.author_user_id,
      type: r.author_type,
      name: r.author_name,
      avatar: avatarUrl(ctx, r.author_avatar, r.author_avatar_type),
      avatarType: r.author_avatar_type,
    },
    subject: {
      user_id: r.subject_user_id,
      type: r.author_type === 'business' ? 'influencer' : 'business',
      name: r.subject_name,
      rating: r.subject_rating === null ? null : Number(r.subject_rating),
    },
    campaign: { id: r.campaign_id, title: r.campaign_title },
    rating: r.rating,
    body: r.body,
    status,
    created_at: r.created_at.toISOString(),
    moderation:
      r.moderation_action && r.moderation_at
        ? {
            status: r.moderation_action === 'review.hidden' ? 'hidden' : 'visible',
            at: new Date(r.moderation_at).toISOString(),
            by: r.moderation_by_id ? { id: r.moderation_by_id, name: r.moderation_by_name ?? '' } : null,
            reason: r.moderation_reason,
          }
        : null,
    abilities: reviewAbilities(actor.type, { status }),
  };
}

/** What a review query selects (see reviews/service.ts reviewQuery). */
export type ReviewViewRow = {
  id: number;
  connection_id: number;
  author_type: ConnectionSide;
  rating: number;
  body: string;
  status: 'visible' | 'hidden';
  created_at: Date;
  campaign_title: string | null;
  author_given_name: string;
  author_family_name: string;
  author_avatar: string | null;
  author_avatar_type: 'initials' | 'upload';
  author_business_name: string | null;
  author_first_name: string | null;
  author_last_name: string | null;
  subject_given_name: string;
  subject_family_name: string;
  subject_business_name: string | null;
  subject_first_name: string | null;
  subject_last_name: string | null;
};

export function presentReview(ctx: AppContext, r: ReviewViewRow): Review {
  const authorName =
    r.author_type === 'business'
      ? (r.author_business_name ?? `${r.author_given_name} ${r.author_family_name}`)
      : influencerName({
          first_name: r.author_first_name,
          last_name: r.author_last_name,
          given_name: r.author_given_name,
          family_name: r.author_family_name,
        });
  const subjectName =
    r.author_type === 'influencer'
      ? (r.subject_business_name ?? `${r.subject_given_name} ${r.subject_family_name}`)
      : influencerName({
          first_name: r.subject_first_name,
          last_name: r.subject_last_name,
          given_name: r.subject_given_name,
          family_name: r.subject_family_name,
        });
  return {
    id: r.id,
    connection_id: r.connection_id,
    author: {
      type: r.author_type,
      name: authorName.trim(),
      avatar: avatarUrl(ctx, r.author_avatar, r.author_avatar_type),
      avatarType: r.author_avatar_type,
    },
    subject_name: subjectName.trim(),
    campaign_title: r.campaign_title,
    rating: r.rating,
    body: r.body,
    status: r.status,
    created_at: r.created_at.toISOString(),
  };
}
