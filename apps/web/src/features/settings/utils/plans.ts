import { PLANS, type PlanId, type SubscriptionResponse } from '@reach/contract/billing';
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
