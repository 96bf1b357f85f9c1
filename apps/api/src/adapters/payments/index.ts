import type { FastifyBaseLogger } from 'fastify';
import type { CardBrandColumn } from '../../db/schema';
import { createLedgerPayments } from './ledger';

/*
 * The payments provider: takes cards, charges and refunds them, pays influencers out, and bills plans.
 *
 * - `ledger` (the embedded default): a built-in provider that needs no account anywhere. It accepts Stripe's
 *   documented test card numbers (4242 4242 4242 4242 authorises, 4000 0000 0000 0002 is declined, …) and
 *   records charges, refunds and payouts itself, in this database, through the ledger.
 * - `stripe` (STRIPE_SECRET_KEY): the official SDK. Cards are tokenised by Stripe.js in the browser; payouts
 *   are Stripe Connect transfers; Stripe renews plans and reports through signed webhooks.
 *
 * Nothing outside this folder knows which one runs. Every money-moving call takes an idempotency key, so a
 * retried call (after a crash or a timeout) never charges or pays twice.
 */

export type SavedCard = {
  providerPaymentMethodId: string;
  brand: CardBrandColumn;
  last4: string;
  expMonth: number;
  expYear: number;
};

/** A refusal the user can act on (a declined card), with the sentence to show. */
export type PaymentFailure = { ok: false; code: string; message: string };

/** The card as the client sent it: typed numbers (built-in provider) or a Stripe.js PaymentMethod id. */
export type CardInput =
  | { kind: 'card'; number: string; expMonth: number; expYear: number; cvc: string; holderName?: string }
  | { kind: 'token'; paymentMethodId: string };

export type ChargeInput = {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
};

export type PlanInvoice = {
  providerInvoiceId: string;
  providerChargeId: string | null;
  subtotalCents: number;
  discountCents: number;
  creditCents: number;
  totalCents: number;
  periodStart: Date;
  periodEnd: Date;
};

export type SubscribeInput = {
  customerId: string;
  plan: 'pro' | 'business';
  priceCents: number;
  paymentMethodId: string;
  /** The provider subscription this one replaces (a plan switch), if any. */
  replaces: string | null;
  /** Unused time of the replaced plan, taken off the first invoice (the built-in provider's proration). */
  creditCents: number;
  coupon: { code: string; percentOff: number | null; amountOffCents: number | null } | null;
  idempotencyKey: string;
  now: Date;
  /**
   * When the paid period starts: `now`, or later when the business subscribes during its trial (the trial's
   * remaining days are kept and the paid month runs from the trial's end). The first invoice is charged now
   * either way, and the next one when that month is over.
   */
  periodStart: Date;
  metadata: Record<string, string>;
};

export type SubscribeResult =
  | { ok: true; providerSubscriptionId: string; currentPeriodEnd: Date; invoice: PlanInvoice }
  | PaymentFailure;

export type PayoutAccountInput = {
  userId: number;
  email: string;
  holderName: string;
  routingNumber: string | undefined;
  accountNumber: string | undefined;
  /** Where Stripe sends the influencer back after its onboarding. */
  returnUrl: string;
};

export type PayoutAccountResult =
  | {
      ok: true;
      providerAccountId: string;
      bankName: string | null;
      last4: string | null;
      status: 'active' | 'onboarding';
      onboardingUrl: string | null;
    }
  | PaymentFailure;

/** A verified provider event, in the provider-neutral shape the webhook handler works with. */
export type ProviderEvent = {
  id: string;
  type: string;
  objectId: string | null;
  data:
    | { kind: 'payment_succeeded'; providerChargeId: string; chargeId: number | null }
    | {
        kind: 'payment_failed';
        providerChargeId: string;
        chargeId: number | null;
        code: string;
        message: string;
      }
    | {
        kind: 'invoice_paid';
        providerSubscriptionId: string;
        invoice: PlanInvoice;
        couponCode: string | null;
        renewal: boolean;
      }
    | { kind: 'invoice_payment_failed'; providerSubscriptionId: string }
    | {
        kind: 'subscription_updated';
        providerSubscriptionId: string;
        status: 'trialing' | 'active' | 'past_due' | 'canceled';
        currentPeriodEnd: Date | null;
        cancelAtPeriodEnd: boolean;
      }
    | { kind: 'subscription_deleted'; providerSubscriptionId: string }
    | { kind: 'payout_account_updated'; providerAccountId: string; active: boolean }
    | { kind: 'ignored' };
};

/** A webhook whose signature or timestamp does not verify (→ 401, nothing stored). */
export class WebhookSignatureError extends Error {}
/** Webhooks reached a server without a webhook secret (→ 404). */
export class WebhooksNotConfiguredError extends Error {}

export interface PaymentsProvider {
  readonly name: 'ledger' | 'stripe';
  /** Given to Stripe.js in the browser; null when cards are typed into the built-in form. */
  readonly publishableKey: string | null;
  /** The provider renews paid plans itself and reports through webhooks (no renewal charges from us). */
  readonly billsPlansItself: boolean;
  ensureCustomer(input: { userId: number; email: string; name: string }): Promise<string>;
  attachCard(input: {
    customerId: string;
    card: CardInput;
  }): Promise<{ ok: true; card: SavedCard } | PaymentFailure>;
  detachCard(providerPaymentMethodId: string): Promise<void>;
  /** `processing`: accepted but not final yet (the provider's webhook settles it). */
  charge(
    input: ChargeInput,
  ): Promise<{ ok: true; providerChargeId: string; processing?: boolean } | PaymentFailure>;
  refund(input: {
    providerChargeId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ ok: true; providerRefundId: string } | PaymentFailure>;
  subscribe(input: SubscribeInput): Promise<SubscribeResult>;
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
  createPayoutAccount(input: PayoutAccountInput): Promise<PayoutAccountResult>;
  transfer(input: {
    destination: string;
    amountCents: number;
    idempotencyKey: string;
    description: string;
  }): Promise<{ ok: true; providerTransferId: string } | PaymentFailure>;
  /** Verifies a webhook on its raw body (throws WebhookSignatureError / WebhooksNotConfiguredError). */
  parseWebhook(rawBody: Buffer, signature: string | undefined, receivedAtMs: number): ProviderEvent;
}

export type PaymentsOptions = {
  stripeSecretKey?: string | undefined;
  stripeWebhookSecret?: string | undefined;
  stripePublishableKey?: string | undefined;
  stripeApiBase: string;
  stripePrices: { pro?: string | undefined; business?: string | undefined };
  log: FastifyBaseLogger;
};

/** The Stripe adapter (and its SDK, ~19 MB resident) is loaded only when STRIPE_SECRET_KEY is set. */
export async function createPayments(options: PaymentsOptions): Promise<PaymentsProvider> {
  if (options.stripeSecretKey) {
    const { createStripePayments } = await import('./stripe');
    return createStripePayments({
      secretKey: options.stripeSecretKey,
      webhookSecret: options.stripeWebhookSecret,
      publishableKey: options.stripePublishableKey ?? null,
      apiBase: options.stripeApiBase,
      prices: { pro: options.stripePrices.pro ?? '', business: options.stripePrices.business ?? '' },
      log: options.log,
    });
  }
  return createLedgerPayments();
}
