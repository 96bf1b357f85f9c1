import type { PipelineNextAction, PipelineStage, PipelineWaitingOn } from '@reach/contract/campaign-pipeline';
import type { CampaignStatus } from '@reach/contract/campaigns';
import type { ConnectionStatus } from '@reach/contract/connections';
import type { Actor } from '../../actor';
import { hasBudget } from '../payments/policy';

/*
 * The rules of a campaign's pipeline, as pure functions (no database, no clock).
 *
 * A creator's stage follows their connection and its posts:
 *   declined / cancelled                                   → declined   (nothing expected)
 *   invited                                                → invited    (the creator answers)
 *   applied                                                → applied    (the business answers)
 *   accepted, a post waiting for review                    → content submitted (the business reviews)
 *   accepted, a paid post                                  → paid       (the creator may post again while
 *                                                            under max posts, else the business completes)
 *   accepted, an approved post (campaign without payments) → approved   (the business completes)
 *   accepted, only rejected posts                          → accepted   (the creator resubmits)
 *   accepted, no posts                                     → accepted   (the creator submits)
 *   completed                                              → paid when a post was paid, else approved
 *
 * Money: an accepted creator on a cash or combination campaign is owed amount per post × max posts per
 * influencer (1 post when no maximum is set) less the posts already paid: that is what the campaign committed.
 * Completed, declined and pending creators are owed nothing more.
 */

export type CreatorFacts = {
  connectionStatus: ConnectionStatus;
  posts: { submitted: number; approved: number; rejected: number; paid: number };
};

export type CampaignTerms = {
  type_id: number;
  status: CampaignStatus;
  amount_per_post_cents: number | null;
  max_posts_per_influencer: number | null;
};

export type PipelineStep = { stage: PipelineStage; next: PipelineNextAction; waitingOn: PipelineWaitingOn };

export const NEXT_ACTION_LABELS: Record<PipelineNextAction, string> = {
  answer_invitation: 'The creator answers the invitation',
  review_application: 'The business accepts or declines the application',
  submit_content: 'The creator submits content',
  resubmit_content: 'The creator resubmits the rejected post',
  review_content: 'The business reviews the submitted post',
  submit_more_content: 'The creator may submit another post',
  complete_collaboration: 'The business marks the collaboration complete',
  none: 'Nothing left to do',
};

/** Posts the terms pay one creator for (0 on campaigns without payments). */
export function postsPerCreator(terms: CampaignTerms): number {
  if (!hasBudget(terms.type_id) || !terms.amount_per_post_cents || terms.amount_per_post_cents <= 0) return 0;
  return terms.max_posts_per_influencer ?? 1;
}

/** Whether the creator may still be paid for another post under the terms. */
const morePostsAllowed = (terms: CampaignTerms, paid: number) =>
  terms.max_posts_per_influencer === null || paid < terms.max_posts_per_influencer;

/** Where a creator stands, what comes next and who it waits on. */
export function pipelineStep(creator: CreatorFacts, terms: CampaignTerms): PipelineStep {
  const { connectionStatus: status, posts } = creator;
  switch (status) {
    case 'declined':
    case 'cancelled':
      return { stage: 'declined', next: 'none', waitingOn: 'none' };
    case 'invited':
      return { stage: 'invited', next: 'answer_invitation', waitingOn: 'creator' };
    case 'applied':
      return { stage: 'applied', next: 'review_application', waitingOn: 'business' };
    case 'completed':
      return { stage: posts.paid > 0 ? 'paid' : 'approved', next: 'none', waitingOn: 'none' };
    case 'accepted':
      break;
  }
  if (posts.submitted > 0)
    return { stage: 'content_submitted', next: 'review_content', waitingOn: 'business' };
  if (posts.paid > 0) {
    const more = terms.status === 'active' && morePostsAllowed(terms, posts.paid);
    return more
      ? { stage: 'paid', next: 'submit_more_content', waitingOn: 'creator' }
      : { stage: 'paid', next: 'complete_collaboration', waitingOn: 'business' };
  }
  if (posts.approved > 0) return { stage: 'approved', next: 'complete_collaboration', waitingOn: 'business' };
  if (posts.rejected > 0) return { stage: 'accepted', next: 'resubmit_content', waitingOn: 'creator' };
  return { stage: 'accepted', next: 'submit_content', waitingOn: 'creator' };
}

/** What the campaign still owes this creator under its terms, in cents (never below 0). */
export function committedCents(creator: CreatorFacts, terms: CampaignTerms): number {
  if (creator.connectionStatus !== 'accepted') return 0;
  const owedPosts = Math.max(0, postsPerCreator(terms) - creator.posts.paid);
  return owedPosts * (terms.amount_per_post_cents ?? 0);
}

/** Only the campaign's business and admins see its pipeline; an influencer is refused before this. */
export function canSeePipeline(actor: Actor, campaign: { business_id: number }): boolean {
  if (actor.type === 'admin') return true;
  return actor.type === 'business' && actor.businessId === campaign.business_id;
}

/** Remaining budget: what the ledger holds for the campaign (funded − refunded − spent) less what is committed. */
export function remainingCents(
  money: { funded: number; spent: number; refunded: number },
  committed: number,
) {
  return money.funded - money.refunded - money.spent - committed;
}
