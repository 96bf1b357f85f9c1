import { z } from 'zod';
import { MAX_MONEY_CENTS } from './campaigns';
import { id, pagingQuery } from './common';
import { API_MESSAGE } from './messages';

/*
 * Payments (spec §1, §7, §9; DESIGN.md §4): saved cards, campaign funding, charges and refunds for businesses;
 * balance, earnings and payouts for influencers. Money is integer cents; the client shows dollars.
 */

/** Brands a saved card can have; the client draws visa, mastercard, american_express, discover, else generic. */
export const CARD_BRAND_VALUES = [
  'visa',
  'mastercard',
  'american_express',
  'discover',
  'diners',
  'jcb',
  'unionpay',
  'unknown',
] as const;
export type CardBrandValue = (typeof CARD_BRAND_VALUES)[number];

export const CARD_BRAND_LABELS: Record<CardBrandValue, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  american_express: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

/** At most this many saved cards per user. */
export const MAX_PAYMENT_METHODS = 10;

/** The built-in provider's test cards (the numbers Stripe documents for its test mode). */
export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  chargeDeclined: '4000 0000 0000 0341',
} as const;

// ── configuration ─────────────────────────────────────────────────────────────────────────────────────────

/** GET /payments/config: which provider takes cards, and Stripe's publishable key when it is Stripe. */
export const paymentsConfig = z
  .object({
    provider: z.enum(['ledger', 'stripe']).describe('ledger: the built-in provider; stripe: Stripe'),
    publishable_key: z
      .string()
      .nullable()
      .describe('Stripe publishable key: tokenise cards with Stripe.js when set'),
    currency: z.literal('usd'),
  })
  .meta({ id: 'PaymentsConfig' });
export type PaymentsConfig = z.infer<typeof paymentsConfig>;

// ── payment methods ───────────────────────────────────────────────────────────────────────────────────────

export const paymentMethod = z
  .object({
    id: z.number().int(),
    brand: z.enum(CARD_BRAND_VALUES),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    holder_name: z.string().nullable(),
    is_default: z
      .boolean()
      .describe('Plans and payments are charged to the default card unless told otherwise'),
    expired: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** GET /my/paymentMethods */
export const paymentMethodsResponse = z.object({ data: z.array(paymentMethod), total: z.number().int() });
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponse>;

const digits = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v);

/**
 * A card typed into the built-in provider's form. Only the brand, last 4 digits and expiry are kept; the
 * number and security code are never stored.
 */
export const cardDetails = z.object({
  number: z.preprocess(
    digits,
    z
      .string({ error: API_MESSAGE.cardNumberInvalid })
      .regex(/^\d{12,19}$/, { error: API_MESSAGE.cardNumberInvalid }),
  ),
  exp_month: z.coerce
    .number({ error: API_MESSAGE.cardExpiryInvalid })
    .int({ error: API_MESSAGE.cardExpiryInvalid })
    .min(1, { error: API_MESSAGE.cardExpiryInvalid })
    .max(12, { error: API_MESSAGE.cardExpiryInvalid }),
  exp_year: z.coerce
    .number({ error: API_MESSAGE.cardExpiryInvalid })
    .int({ error: API_MESSAGE.cardExpiryInvalid })
    .transform((y) => (y < 100 ? 2000 + y : y))
    .pipe(
      z
        .number()
        .min(2000, { error: API_MESSAGE.cardExpiryInvalid })
        .max(2100, { error: API_MESSAGE.cardExpiryInvalid }),
    ),
  cvc: z.preprocess(
    digits,
    z.string({ error: API_MESSAGE.cardCvcInvalid }).regex(/^\d{3,4}$/, { error: API_MESSAGE.cardCvcInvalid }),
  ),
  holder_name: z.string().trim().max(100).optional(),
});

/** POST /my/paymentMethods: a card (built-in provider) or a Stripe PaymentMethod id made by Stripe.js. */
export const addPaymentMethodBody = z
  .object({
    card: cardDetails.optional(),
    payment_method_id: z
      .string()
      .regex(/^pm_[A-Za-z0-9_]{1,200}$/, { error: 'Not a Stripe payment method id.' })
      .optional()
      .describe('From stripe.createPaymentMethod() in the browser'),
    make_default: z.boolean().optional().describe('Default: true for the first card, else false'),
  })
  .refine((b) => (b.card ? 1 : 0) + (b.payment_method_id ? 1 : 0) === 1, {
    error: API_MESSAGE.cardDetailsRequired,
  });
export type AddPaymentMethodBody = z.input<typeof addPaymentMethodBody>;

export const paymentMethodParams = z.object({ id });

// ── charges, refunds, funding (businesses) ────────────────────────────────────────────────────────────────

export const CHARGE_PURPOSES = ['campaign_funding', 'subscription'] as const;
export const SETTLEMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;

const campaignRef = z.object({ id: z.number().int(), title: z.string().nullable() }).nullable();
const cardRef = z.object({ brand: z.enum(CARD_BRAND_VALUES), last4: z.string() }).nullable();

export const charge = z
  .object({
    id: z.number().int(),
    purpose: z.enum(CHARGE_PURPOSES),
    description: z.string(),
    campaign: campaignRef,
    invoice_id: z.number().int().nullable(),
    amount_cents: z.number().int(),
    refunded_cents: z.number().int(),
    status: z.enum(SETTLEMENT_STATUSES),
    card: cardRef,
    failure_message: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Charge' });
export type Charge = z.infer<typeof charge>;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
const dateFilter = z.iso.date({ error: 'Use a date like 2026-03-14.' });

export const CHARGE_SORT_KEYS = ['created_at', 'amount'] as const;
/** GET /my/payments/charges */
export const chargesQuery = pagingQuery(CHARGE_SORT_KEYS, 'created_at').extend({
  status: optional(z.enum(SETTLEMENT_STATUSES)),
  purpose: optional(z.enum(CHARGE_PURPOSES)),
  campaign: optional(id).describe('Campaign id'),
  from: optional(dateFilter).describe('On or after this day (YYYY-MM-DD, UTC)'),
  to: optional(dateFilter).describe('On or before this day (YYYY-MM-DD, UTC)'),
});
export type ChargesQuery = z.input<typeof chargesQuery>;
export const chargesPage = z.object({ data: z.array(charge), total: z.number().int() });
export type ChargesPage = z.infer<typeof chargesPage>;

export const refund = z
  .object({
    id: z.number().int(),
    charge_id: z.number().int(),
    campaign: campaignRef,
    amount_cents: z.number().int(),
    reason: z.string(),
    status: z.enum(SETTLEMENT_STATUSES),
    card: cardRef,
    created_at: z.string(),
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof refund>;

export const REFUND_SORT_KEYS = ['created_at', 'amount'] as const;
/** GET /my/payments/refunds */
export const refundsQuery = pagingQuery(REFUND_SORT_KEYS, 'created_at').extend({
  status: optional(z.enum(SETTLEMENT_STATUSES)),
  campaign: optional(id),
  from: optional(dateFilter),
  to: optional(dateFilter),
});
export type RefundsQuery = z.input<typeof refundsQuery>;
export const refundsPage = z.object({ data: z.array(refund), total: z.number().int() });
export type RefundsPage = z.infer<typeof refundsPage>;

/**
 * The money of one cash or combination campaign. funded: charged to cards into its budget; spent: paid to
 * influencers; refunded: returned when it ended; available = funded − spent − refunded; to_fund: what
 * publishing still needs (total budget − funded, at least 0).
 */
export const campaignFunding = z
  .object({
    campaign_id: z.number().int(),
    title: z.string().nullable(),
    status: z.string(),
    type_id: z.number().int(),
    total_budget_cents: z.number().int().nullable(),
    funded_cents: z.number().int(),
    spent_cents: z.number().int(),
    refunded_cents: z.number().int(),
    available_cents: z.number().int(),
    to_fund_cents: z.number().int(),
    can_fund: z.boolean().describe('The business may pay to_fund_cents now'),
  })
  .meta({ id: 'CampaignFunding' });
export type CampaignFunding = z.infer<typeof campaignFunding>;

export const FUNDING_SORT_KEYS = ['name', 'total_budget', 'to_fund', 'created_at'] as const;
export const FUNDING_STATES = ['needs_funding', 'funded', 'closed'] as const;
/** GET /my/payments/campaigns: the business's cash and combination campaigns with their money. */
export const fundingQuery = pagingQuery(FUNDING_SORT_KEYS, 'name').extend({
  state: optional(z.enum(FUNDING_STATES)).describe(
    'needs_funding: open campaigns not fully funded; funded: fully funded; closed: completed or archived',
  ),
  search: optional(z.string().trim().max(100)).describe('Part of the title'),
});
export type FundingQuery = z.input<typeof fundingQuery>;
export const fundingPage = z.object({ data: z.array(campaignFunding), total: z.number().int() });
export type FundingPage = z.infer<typeof fundingPage>;

/** POST /campaign/{id}/fund: charge what the budget still needs to a saved card (default card if absent). */
export const fundCampaignBody = z.object({
  payment_method_id: optional(id).describe('A saved card; the default card when absent'),
});
export const fundCampaignResponse = z.object({ charge, funding: campaignFunding });
export type FundCampaignResponse = z.infer<typeof fundCampaignResponse>;

// ── influencers: balance, earnings, payouts ───────────────────────────────────────────────────────────────

export const payoutAccount = z
  .object({
    id: z.number().int(),
    holder_name: z.string(),
    bank_name: z.string().nullable(),
    last4: z.string().nullable(),
    status: z
      .enum(['active', 'onboarding'])
      .describe('onboarding: Stripe still needs details before payouts'),
    onboarding_url: z
      .string()
      .nullable()
      .describe('Where to finish the Stripe Connect set-up, when onboarding'),
  })
  .meta({ id: 'PayoutAccount' });
export type PayoutAccount = z.infer<typeof payoutAccount>;

/** PUT /my/payoutAccount: the bank account withdrawals go to (built-in provider), or start Stripe Connect. */
export const payoutAccountBody = z.object({
  holder_name: z
    .string({ error: API_MESSAGE.holderNameRequired })
    .trim()
    .min(1, { error: API_MESSAGE.holderNameRequired })
    .max(100),
  routing_number: z.preprocess(
    digits,
    z
      .string()
      .regex(/^\d{9}$/, { error: API_MESSAGE.routingNumberInvalid })
      .optional(),
  ),
  account_number: z.preprocess(
    digits,
    z
      .string()
      .regex(/^\d{4,17}$/, { error: API_MESSAGE.accountNumberInvalid })
      .optional(),
  ),
});
export type PayoutAccountBody = z.input<typeof payoutAccountBody>;

/** GET /my/balance */
export const balance = z
  .object({
    available_cents: z.number().int().describe('What can be withdrawn now'),
    pending_payout_cents: z.number().int().describe('Withdrawals on their way to the bank'),
    earned_cents: z.number().int().describe('Everything ever paid for posts'),
    withdrawn_cents: z.number().int().describe('Everything paid out to the bank'),
    payout_account: payoutAccount.nullable(),
  })
  .meta({ id: 'Balance' });
export type Balance = z.infer<typeof balance>;

export const BALANCE_ENTRY_KINDS = ['earning', 'payout', 'payout_reversal'] as const;
export const balanceEntry = z
  .object({
    id: z.number().int(),
    kind: z.enum(BALANCE_ENTRY_KINDS),
    description: z.string(),
    campaign: z
      .object({ id: z.number().int(), title: z.string().nullable(), business_name: z.string().nullable() })
      .nullable(),
    amount_cents: z.number().int().describe('Positive: money in; negative: money out'),
    created_at: z.string(),
  })
  .meta({ id: 'BalanceEntry' });
export type BalanceEntry = z.infer<typeof balanceEntry>;
/** GET /my/balance/history */
export const balanceHistoryQuery = pagingQuery(['created_at', 'amount'] as const, 'created_at').extend({
  kind: optional(z.enum(BALANCE_ENTRY_KINDS)),
  from: optional(dateFilter),
  to: optional(dateFilter),
});
export type BalanceHistoryQuery = z.input<typeof balanceHistoryQuery>;
export const balanceHistoryPage = z.object({ data: z.array(balanceEntry), total: z.number().int() });
export type BalanceHistoryPage = z.infer<typeof balanceHistoryPage>;

export const campaignEarnings = z
  .object({
    campaign_id: z.number().int(),
    title: z.string().nullable(),
    business_name: z.string().nullable(),
    payments: z.number().int().describe('Paid posts'),
    earned_cents: z.number().int(),
    last_paid_at: z.string(),
  })
  .meta({ id: 'CampaignEarnings' });
export type CampaignEarnings = z.infer<typeof campaignEarnings>;
/** GET /my/earnings: what each campaign paid the influencer. */
export const earningsQuery = pagingQuery(['last_paid_at', 'earned', 'name'] as const, 'last_paid_at').extend({
  search: optional(z.string().trim().max(100)).describe('Part of the campaign title'),
});
export type EarningsQuery = z.input<typeof earningsQuery>;
export const earningsPage = z.object({ data: z.array(campaignEarnings), total: z.number().int() });
export type EarningsPage = z.infer<typeof earningsPage>;

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export const payout = z
  .object({
    id: z.number().int(),
    amount_cents: z.number().int(),
    status: z.enum(PAYOUT_STATUSES),
    destination: z.string().describe('e.g. "Chase Bank ••6789"'),
    failure_message: z.string().nullable(),
    created_at: z.string(),
    settled_at: z.string().nullable(),
  })
  .meta({ id: 'Payout' });
export type Payout = z.infer<typeof payout>;
/** GET /my/payouts */
export const payoutsQuery = pagingQuery(['created_at', 'amount'] as const, 'created_at').extend({
  status: optional(z.enum(PAYOUT_STATUSES)),
  from: optional(dateFilter),
  to: optional(dateFilter),
});
export type PayoutsQuery = z.input<typeof payoutsQuery>;
export const payoutsPage = z.object({ data: z.array(payout), total: z.number().int() });
export type PayoutsPage = z.infer<typeof payoutsPage>;

/** POST /my/payouts: withdraw this much (the whole available balance when absent). */
export const withdrawBody = z.object({
  amount_cents: z
    .number({ error: 'The amount must be in cents.' })
    .int({ error: 'The amount must be a whole number of cents.' })
    .min(1, { error: 'The amount must be at least $0.01.' })
    .max(MAX_MONEY_CENTS, { error: 'The amount is too large.' })
    .optional(),
});
export const withdrawResponse = z.object({ payout, balance });
export type WithdrawResponse = z.infer<typeof withdrawResponse>;

/** What the Stripe webhook answers once an event is verified (its own reply; not in the OpenAPI document). */
export const stripeWebhookReceipt = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe('The event id was handled before; nothing changed'),
});
export type StripeWebhookReceipt = z.infer<typeof stripeWebhookReceipt>;
