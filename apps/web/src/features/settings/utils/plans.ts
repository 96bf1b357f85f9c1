import type { SubscriptionResponse } from '@reach/contract/billing';
import { PLANS, type PlanId } from '@reach/contract/plans';
import type { User } from '@reach/contract/user';

export type Plan = SubscriptionResponse['plans'][number];
export type PaidPlanId = Exclude<PlanId, 'free'>;

export const STATUS: Record<SubscriptionResponse['status'], { label: string; color: string }> = {
  trialing: { label: 'Trial', color: 'reach' },
  active: { label: 'Active', color: 'teal' },
  past_due: { label: 'Past due', color: 'red' },
  canceled: { label: 'Canceled', color: 'gray' },
  none: { label: 'Free tier', color: 'gray' },
};

export function fallbackSubscription(user: User): SubscriptionResponse {
  const meta = user.subscription_metadata;
  return {
    plan: meta?.plan ?? 'free',
    status: meta?.status ?? 'none',
    trial: meta?.trial ?? false,
    trial_ends_at: meta?.trial_ends_at ?? null,
    current_period_end: meta?.current_period_end ?? null,
    cancel_at_period_end: false,
    plans: PLANS.map((plan) => ({ ...plan, features: [...plan.features] })),
  };
}

/** A paid plan the business pays for now (not a trial). */
export function paidPlan(subscription: SubscriptionResponse): PaidPlanId | null {
  if (subscription.trial || subscription.plan === 'free') return null;
  return subscription.status === 'active' || subscription.status === 'past_due' ? subscription.plan : null;
}

export function planName(subscription: SubscriptionResponse, id: PlanId): string {
  return subscription.plans.find((plan) => plan.id === id)?.name ?? id;
}

/** A plan's paid month (the API bills 30 days a period). */
const PERIOD_MS = 30 * 86_400_000;

/**
 * When a paid plan chosen now starts its paid month (as the API decides it): at the end of a running trial,
 * whose remaining days are kept; at the start of a month paid during the trial that has not begun yet; else
 * null (today).
 */
export function paidMonthStart(subscription: SubscriptionResponse, now: number = Date.now()): string | null {
  if (subscription.trial) {
    const end = subscription.trial_ends_at ? Date.parse(subscription.trial_ends_at) : Number.NaN;
    return end > now ? new Date(end).toISOString() : null;
  }
  if (!paidPlan(subscription) || !subscription.current_period_end) return null;
  const start = Date.parse(subscription.current_period_end) - PERIOD_MS;
  return start > now ? new Date(start).toISOString() : null;
}

/** The end of a paid month starting at `start` (an ISO date). */
export function paidMonthEnd(start: string): string {
  return new Date(Date.parse(start) + PERIOD_MS).toISOString();
}
