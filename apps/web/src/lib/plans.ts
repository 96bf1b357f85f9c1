import type { PLANS } from '@reach/contract/billing';
import { formatUsd } from '@reach/contract/money';

type Plan = Pick<(typeof PLANS)[number], 'id' | 'name' | 'price_cents'>;

/** The lowest-priced paid plan: the one that unlocks the gated features (campaigns, influencers, connections, posts). */
export function cheapestPaidPlan<P extends Plan>(plans: readonly P[]): P | undefined {
  return plans.filter((p) => p.price_cents > 0).sort((a, b) => a.price_cents - b.price_cents)[0];
}

/** "The Pro plan ($99.00 a month) unlocks it." — said under the subscription prompt. */
export function unlockSentence(plans: readonly Plan[]): string | null {
  const plan = cheapestPaidPlan(plans);
  return plan ? `The ${plan.name} plan (${formatUsd(plan.price_cents)} a month) unlocks it.` : null;
}
