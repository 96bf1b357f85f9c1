import { z } from 'zod';

/** The plans of spec §1 (a 7-day Pro trial, then the free tier remains). Prices in integer cents per month. */
export const PLANS = [
  {
    id: 'free',
    name: 'Free',
    price_cents: 0,
    monthly_credits: 0,
    features: ['Dashboard and payments', 'Browse your past campaigns', 'Email support'],
  },
  {
    id: 'pro',
    name: 'Pro',
    price_cents: 9_900,
    monthly_credits: 500,
    features: [
      'Campaigns, connections and posts',
      'Influencer directory and discovery',
      '500 discovery credits a month',
      'AI campaign builder',
    ],
  },
  {
    id: 'business',
    name: 'Business',
    price_cents: 29_900,
    monthly_credits: 2_000,
    features: [
      'Everything in Pro',
      '2,000 discovery credits a month',
      'Bulk invitations from CSV and lists',
      'Priority support',
    ],
  },
] as const;
export type PlanId = (typeof PLANS)[number]['id'];

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

/** POST /my/subscription */
export const changePlanBody = z.object({
  plan: z.enum(['pro', 'business'], { error: 'Choose the Pro or Business plan.' }),
});
