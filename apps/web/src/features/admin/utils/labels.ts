import type { AdminReview, ReviewStatus } from '@reach/contract/admin-reviews';
import type { AdminUser, UserStatus } from '@reach/contract/admin-users';
import type { UserType } from '@reach/contract/constants';
import { formatDate } from '../../../lib/format';

export const USER_TYPE_LABEL: Record<UserType, string> = {
  business: 'Business',
  influencer: 'Influencer',
  admin: 'Admin',
};
export const USER_TYPE_COLOR: Record<UserType, string> = {
  business: 'reach',
  influencer: 'grape',
  admin: 'dark',
};

export const USER_STATUS_LABEL: Record<UserStatus, string> = { active: 'Active', suspended: 'Suspended' };
export const USER_STATUS_COLOR: Record<UserStatus, string> = { active: 'teal', suspended: 'red' };

/** A business's subscription in a few words and a colour, for the users table ("Pro trial", "Free tier"…). */
export function subscriptionLabel(subscription: AdminUser['subscription']): {
  label: string;
  color: string;
  detail: string | null;
} | null {
  if (!subscription) return null;
  const plan = subscription.plan[0]!.toUpperCase() + subscription.plan.slice(1);
  if (subscription.trial) {
    return {
      label: `${plan} trial`,
      color: 'cyan',
      detail: `ends ${formatDate(subscription.trial_ends_at)}`,
    };
  }
  if (subscription.status === 'past_due') return { label: 'Past due', color: 'orange', detail: null };
  if (subscription.status === 'active' && subscription.plan !== 'free') {
    const renews = subscription.current_period_end
      ? `renews ${formatDate(subscription.current_period_end)}`
      : null;
    return { label: `${plan} plan`, color: 'blue', detail: renews };
  }
  if (subscription.plan === 'free' && subscription.status === 'active')
    return { label: 'Free tier', color: 'gray', detail: null };
  return { label: 'No plan', color: 'gray', detail: null };
}

/** What an audit action reads as in the user drawer's history. */
export function auditLabel(action: string, data: Record<string, unknown> | null): string {
  switch (action) {
    case 'user.suspended':
      return 'Suspended';
    case 'user.reactivated':
      return 'Reactivated';
    case 'user.credits_granted':
      return `Granted ${Number(data?.amount ?? 0).toLocaleString('en-US')} credits`;
    default:
      return action;
  }
}

/** A review's latest moderation in a few words: "Hidden 11/23/2026 by Ada Admin". */
export function moderationNote(moderation: AdminReview['moderation']): string | null {
  if (!moderation) return null;
  const verb = moderation.status === 'hidden' ? 'Hidden' : 'Shown again';
  return `${verb} ${formatDate(moderation.at)}${moderation.by ? ` by ${moderation.by.name}` : ''}`;
}

/** The toast after hiding or showing a review: what happened to the reviewed side's rating. */
export function moderationToast(
  status: ReviewStatus,
  name: string,
  before: number | null,
  after: number | null,
): string {
  const done = status === 'hidden' ? 'Review hidden.' : 'Review shown again.';
  if (after === null) return `${done} ${name} has no visible reviews now, so no rating.`;
  if (before === after) return `${done} ${name}'s rating stays ${after.toFixed(2)}.`;
  if (before === null) return `${done} ${name}'s rating is now ${after.toFixed(2)}.`;
  return `${done} ${name}'s rating is now ${after.toFixed(2)} (was ${before.toFixed(2)}).`;
}
