import { z } from 'zod';
import { id, pagingQuery } from './common';
import { API_MESSAGE } from './messages';

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

export const plan = z.object({
  id: z.enum(['free', 'pro', 'business']),
  name: z.string(),
  price_cents: z.number().int(),
  monthly_credits: z.number().int(),
  features: z.array(z.string()),
});

/** GET /my/subscription */
export const subscriptionResponse = z
  .object({
    plan: z.enum(['free', 'pro', 'business']),
    status: z.enum(['trialing', 'active', 'past_due', 'canceled', 'none']),
    trial: z.boolean(),
    trial_ends_at: z.string().nullable(),
    current_period_end: z.string().nullable(),
    cancel_at_period_end: z.boolean(),
    plans: z.array(plan),
  })
  .meta({ id: 'Subscription' });
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;

/** A coupon code as typed: case and surrounding spaces do not matter. */
export const couponCode = z
  .string({ error: API_MESSAGE.couponFormat })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,40}$/, { error: API_MESSAGE.couponFormat });

/**
 * POST /my/subscription: start or switch to a paid plan, charged now to a saved card (the default card when
 * `payment_method_id` is absent). A coupon takes its discount off this first invoice.
 */
export const changePlanBody = z.object({
  plan: z.enum(['pro', 'business'], { error: 'Choose the Pro or Business plan.' }),
  coupon: z.preprocess((v) => (v === '' || v === null ? undefined : v), couponCode.optional()),
  payment_method_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional()),
});
export type ChangePlanBody = z.input<typeof changePlanBody>;

// ── coupons ───────────────────────────────────────────────────────────────────────────────────────────────

export const couponParams = z.object({ code: couponCode });

/** GET /coupons/{code}: a coupon that can be used now (unknown, expired or used up → an error). */
export const coupon = z
  .object({
    code: z.string(),
    description: z.string(),
    percent_off: z.number().int().nullable(),
    amount_off_cents: z.number().int().nullable(),
    expires_at: z.string().nullable(),
    remaining_redemptions: z.number().int().nullable().describe('Null: no limit'),
  })
  .meta({ id: 'Coupon' });
export type Coupon = z.infer<typeof coupon>;

/** The discount a coupon gives on an amount: percent rounded half up to the cent, never more than the amount. */
export function couponDiscount(
  c: { percent_off: number | null; amount_off_cents: number | null },
  amountCents: number,
): number {
  const off =
    c.percent_off !== null ? Math.round((amountCents * c.percent_off) / 100) : (c.amount_off_cents ?? 0);
  return Math.max(0, Math.min(amountCents, off));
}

// ── invoices ──────────────────────────────────────────────────────────────────────────────────────────────

export const INVOICE_STATUSES = ['paid', 'open', 'void'] as const;
export const invoice = z
  .object({
    id: z.number().int(),
    number: z.string(),
    plan: z.enum(['pro', 'business']),
    description: z.string(),
    period_start: z.string(),
    period_end: z.string(),
    subtotal_cents: z.number().int(),
    discount_cents: z.number().int(),
    credit_cents: z.number().int().describe('Unused time of the previous plan, when switching'),
    total_cents: z.number().int(),
    coupon_code: z.string().nullable(),
    status: z.enum(INVOICE_STATUSES),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    pdf_url: z.string().describe('GET it with the bearer token for the PDF'),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoice>;

/** GET /my/invoices */
export const invoicesQuery = pagingQuery(['created_at', 'total'] as const, 'created_at').extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(INVOICE_STATUSES).optional()),
});
export type InvoicesQuery = z.input<typeof invoicesQuery>;
export const invoicesPage = z.object({ data: z.array(invoice), total: z.number().int() });
export type InvoicesPage = z.infer<typeof invoicesPage>;
export const invoiceParams = z.object({ id });
