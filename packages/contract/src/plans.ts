/**
 * The plans and what each unlocks, without zod: a page that needs only these values does not evaluate the
 * contract's schemas (billing.ts, which re-exports them). The contract's one source for them.
 */

/** The plans in order, cheapest first. */
export const PLAN_IDS = ['free', 'pro', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/**
 * Which plan unlocks which feature: the one source of the API's plan checks and the plans page's lists. A plan
 * unlocks its own features and those of every cheaper plan. The 7-day trial is of the Pro plan (spec §1), so
 * everything a new business does in its trial (discovery, campaigns, invitations by mail, CSV and list) is Pro.
 */
export const PLAN_FEATURES = {
  campaigns: { plan: 'pro', label: 'Campaigns, connections and posts' },
  discovery: { plan: 'pro', label: 'Influencer directory and discovery' },
  bulk_invitations: { plan: 'pro', label: 'Bulk invitations from CSV and lists' },
  ai_campaign_builder: { plan: 'pro', label: 'AI campaign builder' },
  priority_support: { plan: 'business', label: 'Priority support' },
} as const satisfies Record<string, { plan: PlanId; label: string }>;
export type PlanFeature = keyof typeof PLAN_FEATURES;

/** True when `plan` (the plan in force: 'free' without a paid plan or trial) unlocks `feature`. */
export function planUnlocks(plan: PlanId, feature: PlanFeature): boolean {
  return PLAN_IDS.indexOf(plan) >= PLAN_IDS.indexOf(PLAN_FEATURES[feature].plan);
}

/** The cheapest plan that unlocks `feature`. */
export function cheapestPlanFor(feature: PlanFeature): PlanId {
  return PLAN_FEATURES[feature].plan;
}

/** The labels of the features a plan adds over the plan below it. */
function featuresOf(plan: PlanId): string[] {
  return Object.values(PLAN_FEATURES)
    .filter((feature) => feature.plan === plan)
    .map((feature) => feature.label);
}

/** The plans of spec §1 (a 7-day Pro trial, then the free tier remains). Prices in integer cents per month. */
export const PLANS = [
  {
    id: 'free',
    name: 'Free',
    price_cents: 0,
    monthly_credits: 0,
    features: [
      'Dashboard and payments',
      'Browse your past campaigns',
      'Email support',
      ...featuresOf('free'),
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    price_cents: 9_900,
    monthly_credits: 500,
    features: [...featuresOf('pro'), '500 discovery credits a month'],
  },
  {
    id: 'business',
    name: 'Business',
    price_cents: 29_900,
    monthly_credits: 2_000,
    features: ['Everything in Pro', '2,000 discovery credits a month', ...featuresOf('business')],
  },
] as const satisfies ReadonlyArray<{
  id: PlanId;
  name: string;
  price_cents: number;
  monthly_credits: number;
  features: readonly string[];
}>;

/** A plan's display name. */
export function planLabel(plan: PlanId): string {
  return PLANS.find((p) => p.id === plan)?.name ?? plan;
}
