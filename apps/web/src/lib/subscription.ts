import type { User } from '@reach/contract/user';

export const SUBSCRIPTIONS_PATH = '/business/settings/subscriptions';

/**
 * Business pages reachable without a subscription or trial (with or without a trailing slash): spec §5's list,
 * plus Notification Preferences, which spec §2 opens "without a subscription check" like the other three items
 * of the business settings menu.
 */
export const SUBSCRIPTION_EXEMPT_PATHS = [
  '/business',
  '/business/payments',
  '/business/settings',
  '/business/settings/security',
  SUBSCRIPTIONS_PATH,
  '/business/settings/notification-preferences',
] as const;

/** Spec §6: a business needs an active subscription or a trial; non-business users count as subscribed. */
export function hasSubscriptionAccess(user: User): boolean {
  if (user.type !== 'business') return true;
  return !!user.business?.active_subscription_id || !!user.subscription_metadata?.trial;
}

export function isSubscriptionExempt(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (SUBSCRIPTION_EXEMPT_PATHS as readonly string[]).includes(path);
}
