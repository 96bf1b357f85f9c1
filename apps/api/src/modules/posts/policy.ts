import type { CampaignStatus } from '@reach/contract/campaigns';
import type { ConnectionStatus } from '@reach/contract/connections';
import { API_MESSAGE } from '@reach/contract/messages';
import { POST_METRICS_MESSAGE, type PostAbilities, type PostStatus } from '@reach/contract/posts';
import type { Actor } from '../../actor';

/*
 * The rules of posts, as pure functions (no database, no clock). The service enforces them on locked rows; the
 * presenter turns them into `abilities`.
 *
 *   submit:   the influencer of an ACCEPTED connection, while its campaign is active      → submitted
 *   approve:  the business owning the campaign, post submitted                              → approved (+ pay)
 *   reject:   the business owning the campaign, post submitted, with a reason               → rejected
 *   resubmit: the influencer who posted it, post rejected, connection accepted, campaign active → submitted
 *   refresh metrics: the business owning the campaign or an admin, post not rejected (the service also limits
 *             it to once per METRICS_REFRESH_MINUTES per post)
 *
 * Paying (cash 2 / combination 3 campaigns only): amount_per_post must be set, and the influencer may have at
 * most max_posts_per_influencer paid posts on the campaign; the funded budget is checked by the ledger.
 * Approving an approved post again is an idempotent success (same post, same payment), not a second payment.
 *
 * Visibility: the business sees the posts of its campaigns, the influencer their own, admins all; anyone else
 * gets 404 so a post's existence is not revealed.
 */

export type PostFacts = {
  business_id: number;
  influencer_user_id: number;
  status: PostStatus;
};

export type Refusal = { code: 'not_found' | 'forbidden' | 'conflict'; message: string };

const notFound: Refusal = { code: 'not_found', message: API_MESSAGE.postNotFound };

export const isBusinessOf = (actor: Actor, p: Pick<PostFacts, 'business_id'>) =>
  actor.type === 'business' && actor.businessId === p.business_id;
export const isInfluencerOf = (actor: Actor, p: Pick<PostFacts, 'influencer_user_id'>) =>
  actor.type === 'influencer' && actor.userId === p.influencer_user_id;

export function canView(actor: Actor, p: PostFacts): boolean {
  return actor.type === 'admin' || isBusinessOf(actor, p) || isInfluencerOf(actor, p);
}

/** Campaign types whose approved posts are paid from the funded budget. */
export const PAID_CAMPAIGN_TYPES: readonly number[] = [2, 3];
export const isPaidType = (typeId: number) => PAID_CAMPAIGN_TYPES.includes(typeId);

/** Why the actor may not submit a post on this connection, or null. */
export function submitRefusal(
  actor: Actor,
  connection:
    | { influencer_user_id: number; status: ConnectionStatus; campaign_status: CampaignStatus }
    | undefined,
): Refusal | null {
  if (actor.type !== 'influencer') return { code: 'forbidden', message: API_MESSAGE.postInfluencersOnly };
  if (!connection || connection.influencer_user_id !== actor.userId)
    return { code: 'not_found', message: API_MESSAGE.postConnectionNotFound };
  if (connection.status !== 'accepted')
    return { code: 'conflict', message: API_MESSAGE.postConnectionNotAccepted };
  if (connection.campaign_status !== 'active')
    return { code: 'conflict', message: API_MESSAGE.postCampaignNotActive };
  return null;
}

/** Why the actor may not approve or reject this post, or null (`approved` again is handled by the caller). */
export function reviewRefusal(actor: Actor, p: PostFacts, verb: 'approved' | 'rejected'): Refusal | null {
  if (!canView(actor, p)) return notFound;
  if (!isBusinessOf(actor, p)) return { code: 'forbidden', message: API_MESSAGE.postReviewBusinessOnly };
  if (p.status !== 'submitted')
    return { code: 'conflict', message: API_MESSAGE.postTransition(p.status, verb) };
  return null;
}

/** Why the actor may not resubmit this post, or null. */
export function resubmitRefusal(
  actor: Actor,
  p: PostFacts,
  context: { connectionStatus: ConnectionStatus; campaignStatus: CampaignStatus },
): Refusal | null {
  if (!canView(actor, p)) return notFound;
  if (!isInfluencerOf(actor, p)) return { code: 'forbidden', message: API_MESSAGE.postResubmitOwnOnly };
  if (p.status !== 'rejected')
    return { code: 'conflict', message: API_MESSAGE.postTransition(p.status, 'resubmitted') };
  if (context.connectionStatus !== 'accepted')
    return { code: 'conflict', message: API_MESSAGE.postConnectionNotAccepted };
  if (context.campaignStatus !== 'active')
    return { code: 'conflict', message: API_MESSAGE.postCampaignNotActive };
  return null;
}

/** Why the actor may not refresh this post's metrics, or null. */
export function refreshMetricsRefusal(actor: Actor, p: PostFacts): Refusal | null {
  if (!canView(actor, p)) return notFound;
  if (!(actor.type === 'admin' || isBusinessOf(actor, p)))
    return { code: 'forbidden', message: POST_METRICS_MESSAGE.refreshBusinessOnly };
  if (p.status === 'rejected') return { code: 'conflict', message: POST_METRICS_MESSAGE.refreshRejected };
  return null;
}

/**
 * Why approving a post of this campaign may not pay, or null: the campaign needs an amount per post, and the
 * influencer must have fewer than max posts per influencer paid posts on it (`paidPosts`, counted under lock).
 * The funded budget is the ledger's to check.
 */
export function paymentRefusal(
  campaign: {
    type_id: number;
    amount_per_post_cents: number | null;
    max_posts_per_influencer: number | null;
  },
  paidPosts: number,
): Refusal | null {
  if (!isPaidType(campaign.type_id)) return null;
  if (!campaign.amount_per_post_cents || campaign.amount_per_post_cents <= 0)
    return { code: 'conflict', message: API_MESSAGE.postAmountMissing };
  const max = campaign.max_posts_per_influencer;
  if (max !== null && paidPosts >= max)
    return { code: 'conflict', message: API_MESSAGE.postMaxPostsReached(max) };
  return null;
}

/** What the client may offer this actor for this post. */
export function abilities(
  actor: Actor,
  p: PostFacts,
  context: { connectionStatus: ConnectionStatus; campaignStatus: CampaignStatus },
): PostAbilities {
  return {
    approve: reviewRefusal(actor, p, 'approved') === null,
    reject: reviewRefusal(actor, p, 'rejected') === null,
    resubmit: resubmitRefusal(actor, p, context) === null,
    refresh_metrics: refreshMetricsRefusal(actor, p) === null,
  };
}
