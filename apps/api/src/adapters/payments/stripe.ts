import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { brandOf, declineMessage } from './cards';
import {
  type PaymentFailure,
  type PaymentsProvider,
  type PlanInvoice,
  type ProviderEvent,
  WebhookSignatureError,
  WebhooksNotConfiguredError,
} from './index';

/** Stripe's own default: a webhook older than 5 minutes is refused (replays of captured requests). */
const WEBHOOK_TOLERANCE_SECONDS = 300;
/** A plan's month, as the built-in provider and the renewals count it. */
const PLAN_PERIOD_MS = 30 * 86_400_000;
/** Metadata of a Stripe subscription whose first month was paid during the REACH trial (see subscribe). */
const PREPAID = 'reach_prepaid';

export type StripePaymentsOptions = {
  secretKey: string;
  webhookSecret: string | undefined;
  publishableKey: string | null;
  /** e.g. https://api.stripe.com, or a local fake in tests. */
  apiBase: string;
  prices: { pro: string; business: string };
  log: FastifyBaseLogger;
};

/**
 * Stripe through its official SDK. Cards arrive as PaymentMethod ids made by Stripe.js (the card number never
 * reaches this server); charges are off-session PaymentIntents; plans are Stripe Billing subscriptions, which
 * Stripe renews and reports through webhooks; payouts are Stripe Connect transfers to Express accounts.
 */
export function createStripePayments(options: StripePaymentsOptions): PaymentsProvider {
  const base = new URL(options.apiBase);
  const stripe = new Stripe(options.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });

  /** A card error becomes a refusal to show; anything else (network, configuration) propagates. */
  const refusal = (error: unknown): PaymentFailure => {
    if (error instanceof Stripe.errors.StripeCardError) {
      const code = error.decline_code || error.code || 'card_declined';
      return { ok: false, code, message: declineMessage(code) };
    }
    throw error;
  };

  const couponId = async (coupon: {
    code: string;
    percentOff: number | null;
    amountOffCents: number | null;
  }) => {
    const id = `reach_${coupon.code}`;
    try {
      await stripe.coupons.retrieve(id);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== 'resource_missing')
        throw error;
      await stripe.coupons.create(
        {
          id,
          name: coupon.code,
          duration: 'once',
          ...(coupon.percentOff !== null
            ? { percent_off: coupon.percentOff }
            : { amount_off: coupon.amountOffCents ?? 0, currency: 'usd' }),
        },
        { idempotencyKey: `coupon:${id}` },
      );
    }
    return id;
  };

  const periodOf = (subscription: Stripe.Subscription) => {
    const item = subscription.items.data[0];
    return {
      start: new Date((item?.current_period_start ?? subscription.created) * 1000),
      end: new Date((item?.current_period_end ?? subscription.created) * 1000),
    };
  };

  const planInvoice = (invoice: Stripe.Invoice, period: { start: Date; end: Date }): PlanInvoice => {
    const subtotal = Math.max(invoice.subtotal, 0);
    const total = Math.max(invoice.total, 0);
    return {
      providerInvoiceId: invoice.id ?? '',
      providerChargeId: total > 0 ? (invoice.id ?? null) : null,
      subtotalCents: subtotal,
      discountCents: Math.max(subtotal - total, 0),
      creditCents: 0,
      totalCents: total,
      periodStart: period.start,
      periodEnd: period.end,
    };
  };

  const subscriptionIdOf = (invoice: Stripe.Invoice): string | null => {
    const sub = invoice.parent?.subscription_details?.subscription;
    return typeof sub === 'string' ? sub : (sub?.id ?? null);
  };

  const STATUS: Record<string, 'trialing' | 'active' | 'past_due' | 'canceled'> = {
    trialing: 'trialing',
    active: 'active',
    past_due: 'past_due',
    unpaid: 'past_due',
    incomplete: 'past_due',
    paused: 'past_due',
    canceled: 'canceled',
    incomplete_expired: 'canceled',
  };

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    billsPlansItself: true,

    async ensureCustomer({ userId, email, name }) {
      const customer = await stripe.customers.create(
        { email, name, metadata: { user_id: String(userId) } },
        { idempotencyKey: `customer:${userId}` },
      );
      return customer.id;
    },

    async attachCard({ customerId, card }) {
      if (card.kind !== 'token') return { ok: false, code: 'raw_card', message: API_MESSAGE.cardTokenOnly };
      try {
        const pm = await stripe.paymentMethods.attach(card.paymentMethodId, { customer: customerId });
        if (!pm.card) return { ok: false, code: 'not_a_card', message: API_MESSAGE.cardNumberInvalid };
        return {
          ok: true,
          card: {
            providerPaymentMethodId: pm.id,
            brand: brandOf(pm.card.brand),
            last4: pm.card.last4,
            expMonth: pm.card.exp_month,
            expYear: pm.card.exp_year,
          },
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
          return { ok: false, code: 'resource_missing', message: API_MESSAGE.cardNumberInvalid };
        return refusal(error);
      }
    },

    async detachCard(id) {
      try {
        await stripe.paymentMethods.detach(id);
      } catch (error) {
        // Already detached or unknown to Stripe: nothing left to do.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        options.log.warn({ err: error }, 'stripe detach refused');
      }
    },

    async charge(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { ok: true, providerChargeId: intent.id };
        if (intent.status === 'processing')
          return { ok: true, providerChargeId: intent.id, processing: true };
        const code =
          intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? 'card_declined';
        return { ok: false, code, message: declineMessage(code) };
      } catch (error) {
        return refusal(error);
      }
    },

    async refund({ providerChargeId, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        { payment_intent: providerChargeId, amount: amountCents, reason: 'requested_by_customer' },
        { idempotencyKey },
      );
      if (refund.status === 'failed' || refund.status === 'canceled')
        return {
          ok: false,
          code: refund.failure_reason ?? 'refund_failed',
          message: API_MESSAGE.paymentProcessingError,
        };
      return { ok: true, providerRefundId: refund.id };
    },

    async subscribe(input) {
      const price = options.prices[input.plan];
      const paidAhead = input.periodStart.getTime() > input.now.getTime();
      const discounts = input.coupon ? [{ coupon: await couponId(input.coupon) }] : undefined;
      try {
        let subscription: Stripe.Subscription;
        if (input.replaces) {
          const current = await stripe.subscriptions.retrieve(input.replaces);
          const item = current.items.data[0];
          const params: Stripe.SubscriptionUpdateParams = {
            items: [{ ...(item ? { id: item.id } : {}), price }],
            proration_behavior: 'always_invoice',
            cancel_at_period_end: false,
            default_payment_method: input.paymentMethodId,
            payment_behavior: 'error_if_incomplete',
            ...(discounts ? { discounts } : {}),
            metadata: input.metadata,
            expand: ['latest_invoice'],
          };
          subscription = await stripe.subscriptions.update(input.replaces, params, {
            idempotencyKey: input.idempotencyKey,
          });
        } else {
          // Subscribing during the trial: the first month is paid now (a one-off item of the plan's price on
          // the first invoice) and the plan bills itself from the end of that month, which starts when the
          // trial ends; Stripe calls the time until then a trial, REACH a paid plan (PREPAID below).
          const prepaidUntil = paidAhead
            ? Math.floor((input.periodStart.getTime() + PLAN_PERIOD_MS) / 1000)
            : null;
          subscription = await stripe.subscriptions.create(
            {
              customer: input.customerId,
              items: [{ price }],
              ...(prepaidUntil ? { trial_end: prepaidUntil, add_invoice_items: [{ price }] } : {}),
              default_payment_method: input.paymentMethodId,
              payment_behavior: 'error_if_incomplete',
              ...(discounts ? { discounts } : {}),
              metadata: paidAhead ? { ...input.metadata, [PREPAID]: 'true' } : input.metadata,
              expand: ['latest_invoice'],
            },
            { idempotencyKey: input.idempotencyKey },
          );
        }
        const period =
          paidAhead && !input.replaces
            ? {
                start: input.periodStart,
                end: new Date(input.periodStart.getTime() + PLAN_PERIOD_MS),
              }
            : periodOf(subscription);
        const invoice = subscription.latest_invoice;
        if (!invoice || typeof invoice === 'string')
          throw new Error('Stripe returned no invoice for the subscription');
        return {
          ok: true,
          providerSubscriptionId: subscription.id,
          currentPeriodEnd: period.end,
          invoice: planInvoice(invoice, period),
        };
      } catch (error) {
        return refusal(error);
      }
    },

    async cancelAtPeriodEnd(id) {
      await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    },

    async createPayoutAccount({ userId, email, returnUrl }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email,
          capabilities: { transfers: { requested: true } },
          metadata: { user_id: String(userId) },
        },
        { idempotencyKey: `connect-account:${userId}` },
      );
      const link = await stripe.accountLinks.create({
        account: account.id,
        refresh_url: returnUrl,
        return_url: returnUrl,
        type: 'account_onboarding',
      });
      const bank = account.external_accounts?.data[0];
      return {
        ok: true,
        providerAccountId: account.id,
        bankName: bank && 'bank_name' in bank ? (bank.bank_name ?? null) : null,
        last4: bank?.last4 ?? null,
        status: account.payouts_enabled ? 'active' : 'onboarding',
        onboardingUrl: account.payouts_enabled ? null : link.url,
      };
    },

    async transfer({ destination, amountCents, idempotencyKey, description }) {
      try {
        const transfer = await stripe.transfers.create(
          { amount: amountCents, currency: 'usd', destination, description },
          { idempotencyKey },
        );
        return { ok: true, providerTransferId: transfer.id };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return { ok: false, code: error.code ?? 'transfer_failed', message: error.message };
        throw error;
      }
    },

    parseWebhook(rawBody, signature, receivedAtMs): ProviderEvent {
      if (!options.webhookSecret) throw new WebhooksNotConfiguredError(API_MESSAGE.webhookNotConfigured);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          receivedAtMs,
        );
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
      }
      const object = event.data.object as { id?: string };
      const base = { id: event.id, type: event.type, objectId: object.id ?? null };
      switch (event.type) {
        case 'payment_intent.succeeded': {
          const intent = event.data.object as Stripe.PaymentIntent;
          return {
            ...base,
            data: {
              kind: 'payment_succeeded',
              providerChargeId: intent.id,
              chargeId: Number(intent.metadata?.charge_id) || null,
            },
          };
        }
        case 'payment_intent.payment_failed': {
          const intent = event.data.object as Stripe.PaymentIntent;
          const code =
            intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? 'card_declined';
          return {
            ...base,
            data: {
              kind: 'payment_failed',
              providerChargeId: intent.id,
              chargeId: Number(intent.metadata?.charge_id) || null,
              code,
              message: declineMessage(code),
            },
          };
        }
        case 'invoice.paid': {
          const invoice = event.data.object as Stripe.Invoice;
          const subscriptionId = subscriptionIdOf(invoice);
          if (!subscriptionId) return { ...base, data: { kind: 'ignored' } };
          const line = invoice.lines?.data.find((l) => l.period)?.period;
          const period = line
            ? { start: new Date(line.start * 1000), end: new Date(line.end * 1000) }
            : { start: new Date(invoice.period_start * 1000), end: new Date(invoice.period_end * 1000) };
          return {
            ...base,
            data: {
              kind: 'invoice_paid',
              providerSubscriptionId: subscriptionId,
              invoice: planInvoice(invoice, period),
              couponCode: null,
              renewal: invoice.billing_reason === 'subscription_cycle',
            },
          };
        }
        case 'invoice.payment_failed': {
          const subscriptionId = subscriptionIdOf(event.data.object as Stripe.Invoice);
          return subscriptionId
            ? { ...base, data: { kind: 'invoice_payment_failed', providerSubscriptionId: subscriptionId } }
            : { ...base, data: { kind: 'ignored' } };
        }
        case 'customer.subscription.updated': {
          const subscription = event.data.object as Stripe.Subscription;
          const end = subscription.items?.data[0]?.current_period_end;
          return {
            ...base,
            data: {
              kind: 'subscription_updated',
              providerSubscriptionId: subscription.id,
              // A month paid ahead during the REACH trial is a trial to Stripe, a paid plan to REACH.
              status:
                subscription.status === 'trialing' && subscription.metadata?.[PREPAID] === 'true'
                  ? 'active'
                  : (STATUS[subscription.status] ?? 'past_due'),
              currentPeriodEnd: end ? new Date(end * 1000) : null,
              cancelAtPeriodEnd: subscription.cancel_at_period_end,
            },
          };
        }
        case 'customer.subscription.deleted': {
          const subscription = event.data.object as Stripe.Subscription;
          return { ...base, data: { kind: 'subscription_deleted', providerSubscriptionId: subscription.id } };
        }
        case 'account.updated': {
          const account = event.data.object as Stripe.Account;
          return {
            ...base,
            data: {
              kind: 'payout_account_updated',
              providerAccountId: account.id,
              active: !!account.payouts_enabled,
            },
          };
        }
        default:
          return { ...base, data: { kind: 'ignored' } };
      }
    },
  };
}
