import type { Actor } from '../../actor';
import { type CampaignFacts, canManage } from '../campaigns/policy';

/*
 * Who may import influencers into a campaign, as pure functions (see policy.test.ts).
 *
 * Only the campaign's own business, and only while the campaign is active: an invitation is an offer to work
 * on a live campaign (the connections issue applies the same rule to single invitations), influencers cannot
 * see drafts, and a completed or archived campaign takes nobody new. A paused campaign is refused too: pausing
 * means "hold everything"; resume it first. Anyone else gets 404, so a campaign's existence is never revealed.
 */

/** Why `actor` may not start an import into `campaign` now, or null when it may. */
export function importRefusal(
  actor: Actor,
  campaign: CampaignFacts | undefined,
): 'not_found' | 'not_active' | null {
  if (!campaign || !canManage(actor, campaign)) return 'not_found';
  if (campaign.status !== 'active') return 'not_active';
  return null;
}

/**
 * Whether `actor` may read the imports of `campaign` when it names `businessId` (spec §7 passes it): only the
 * campaign's business, naming itself.
 */
export function canReadImports(
  actor: Actor,
  campaign: CampaignFacts | undefined,
  businessId: number,
): boolean {
  return (
    !!campaign && actor.type === 'business' && actor.businessId === businessId && canManage(actor, campaign)
  );
}

/** Campaign statuses in which a queued import still invites; rows met after the campaign ended fail. */
export const INVITING_STATUSES: readonly CampaignFacts['status'][] = ['active', 'paused'];
