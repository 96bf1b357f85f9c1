import { paymentWebhooksApi } from '@reach/contract/endpoints/payments';
import { API_MESSAGE } from '@reach/contract/messages';
import { stripeWebhookReceipt } from '@reach/contract/payments';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import {
  type ProviderEvent,
  WebhookSignatureError,
  WebhooksNotConfiguredError,
} from '../../adapters/payments/index';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { route } from '../../lib/endpoint';
import { settleCharge } from '../payments/funding';
import { lockBilling } from '../subscriptions/billing-lock';
import { startFreeTier } from '../subscriptions/expire-trials';
import { planById, recordPlanPayment } from '../subscriptions/service';

/**
 * POST /stripe/webhooks (public; Stripe signs it). The signature is checked on the raw body, with a 300 s
 * tolerance, before anything else: a bad signature or a stale timestamp is a 401 and nothing is stored. Each
 * event id is recorded in the same transaction as its effects, so a replayed event changes nothing.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // This scope alone keeps JSON bodies raw: the signature is over the exact bytes Stripe sent.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  route(app, paymentWebhooksApi.stripe, {}, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(String(request.body ?? ''));
    const header = request.headers['stripe-signature'];
    let event: ProviderEvent;
    try {
      event = ctx.payments.parseWebhook(
        raw,
        typeof header === 'string' ? header : undefined,
        ctx.now().getTime(),
      );
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ reason: error.message }, 'stripe webhook refused');
        throw new AppError('unauthenticated', API_MESSAGE.webhookSignature);
      }
      if (error instanceof WebhooksNotConfiguredError)
        throw new AppError('not_found', API_MESSAGE.webhookNotConfigured);
      throw error;
    }
    const duplicate = await handleProviderEvent(ctx, event);
    return reply.send(stripeWebhookReceipt.parse({ received: true, duplicate }));
  });
}

/** Applies a verified event once; returns true when its id had been handled already. */
export async function handleProviderEvent(ctx: AppContext, event: ProviderEvent): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const first = await trx
      .insertInto('webhook_events')
      .values({
        provider: ctx.payments.name,
        event_id: event.id,
        type: event.type,
        object_id: event.objectId,
      })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!first) return true;
    await apply(ctx, trx, event);
    return false;
  });
}

/**
 * The subscription a provider event is about, read under its business's billing lock (so the event and a plan
 * change of the same business never interleave): found once to learn the business, read again once locked.
 */
async function subscriptionByProviderId(trx: Transaction<DB>, providerSubscriptionId: string) {
  const find = () =>
    trx
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', providerSubscriptionId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  const found = await find();
  if (!found) return undefined;
  await lockBilling(trx, found.user_id);
  return find();
}

async function apply(ctx: AppContext, trx: Transaction<DB>, event: ProviderEvent) {
  const d = event.data;
  const now = ctx.now();
  switch (d.kind) {
    case 'payment_succeeded':
    case 'payment_failed': {
      const charge = await trx
        .selectFrom('charges')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('provider', '=', ctx.payments.name),
              eb('provider_charge_id', '=', d.providerChargeId),
            ]),
            ...(d.chargeId ? [eb('id', '=', d.chargeId)] : []),
          ]),
        )
        .executeTakeFirst();
      if (!charge) return;
      await settleCharge(
        ctx,
        trx,
        charge.id,
        d.kind === 'payment_succeeded'
          ? { ok: true, providerChargeId: d.providerChargeId }
          : { ok: false, code: d.code, message: d.message },
      );
      return;
    }
    case 'invoice_paid': {
      const sub = await subscriptionByProviderId(trx, d.providerSubscriptionId);
      if (!sub || sub.plan === 'free') return;
      const card = await trx
        .selectFrom('payment_methods')
        .select(['id', 'brand', 'last4'])
        .where('user_id', '=', sub.user_id)
        .where('is_default', '=', true)
        .executeTakeFirst();
      await recordPlanPayment(ctx, trx, {
        userId: sub.user_id,
        subscriptionId: sub.id,
        plan: sub.plan,
        invoice: d.invoice,
        provider: ctx.payments.name,
        coupon: null,
        card: card ?? null,
        creditsReason: d.renewal
          ? `${planById(sub.plan).name} plan renewed`
          : `${planById(sub.plan).name} plan paid`,
      });
      if (d.renewal) {
        await trx
          .updateTable('subscriptions')
          .set({ status: 'active', current_period_end: d.invoice.periodEnd, updated_at: now })
          .where('id', '=', sub.id)
          .execute();
      }
      return;
    }
    case 'invoice_payment_failed': {
      const sub = await subscriptionByProviderId(trx, d.providerSubscriptionId);
      if (!sub || sub.status === 'canceled') return;
      await trx
        .updateTable('subscriptions')
        .set({ status: 'past_due', updated_at: now })
        .where('id', '=', sub.id)
        .execute();
      return;
    }
    case 'subscription_updated': {
      const sub = await subscriptionByProviderId(trx, d.providerSubscriptionId);
      if (!sub || sub.status === 'canceled') return;
      await trx
        .updateTable('subscriptions')
        .set({
          status: d.status,
          cancel_at_period_end: d.cancelAtPeriodEnd,
          ...(d.currentPeriodEnd ? { current_period_end: d.currentPeriodEnd } : {}),
          ...(d.status === 'canceled' ? { canceled_at: now } : {}),
          updated_at: now,
        })
        .where('id', '=', sub.id)
        .execute();
      if (d.status === 'canceled') await startFreeTier(trx, [sub.user_id], 'subscription.ended');
      return;
    }
    case 'subscription_deleted': {
      const sub = await subscriptionByProviderId(trx, d.providerSubscriptionId);
      if (!sub || sub.status === 'canceled') return;
      await trx
        .updateTable('subscriptions')
        .set({ status: 'canceled', canceled_at: now, updated_at: now })
        .where('id', '=', sub.id)
        .execute();
      await startFreeTier(trx, [sub.user_id], 'subscription.ended');
      return;
    }
    case 'payout_account_updated': {
      await trx
        .updateTable('payout_accounts')
        .set({ status: d.active ? 'active' : 'onboarding', updated_at: now })
        .where('provider', '=', ctx.payments.name)
        .where('provider_account_id', '=', d.providerAccountId)
        .execute();
      return;
    }
    case 'ignored':
      return;
  }
}
