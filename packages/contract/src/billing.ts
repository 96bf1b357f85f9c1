import { z } from 'zod';
import { id, pagingQuery } from './common';
import { API_MESSAGE } from './messages';
import {
  cheapestPlanFor,
  PLAN_FEATURES,
  PLAN_IDS,
  PLANS,
  type PlanFeature,
  type PlanId,
  planLabel,
  planUnlocks,
} from './plans';

export {
  cheapestPlanFor,
  PLAN_FEATURES,
  PLAN_IDS,
  PLANS,
  type PlanFeature,
  type PlanId,
  planLabel,
  planUnlocks,
};

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
