import { formatUsd } from '@reach/contract/money';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, SubscriptionRow } from '../../db/schema';
import { customerFor } from '../payments/customers';
import { lockBilling } from './billing-lock';
import { PERIOD_MS, planById, recordPlanPayment } from './service';

/**
 * Ends every trial whose time is up (the free tier remains), ends paid plans cancelled at period end, and
 * renews the other paid plans whose period is over by charging the business's default card (built-in
 * provider; Stripe renews its plans itself and reports through webhooks). A renewal that cannot be paid leaves
 * the plan past due. Idempotent; run on start and every minute by the scheduler. Returns how many trials ended.
 */
export async function expireTrials(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .selectFrom('subscriptions')
    .select(['id', 'user_id', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'trialing'), eb('trial_ends_at', '<=', now)]),
        eb.and([
          eb('status', '=', 'active'),
          eb('cancel_at_period_end', '=', true),
          eb('current_period_end', '<=', now),
        ]),
      ]),
    )
    .orderBy('id')
    .execute();
  let ended = 0;
  // One business at a time, under its billing lock: a plan change running now either finishes first (and
  // this row is no longer live, so nothing happens) or starts after the free tier is in place.
  for (const sub of due) {
    const closed = await ctx.db.transaction().execute(async (trx) => {
      await lockBilling(trx, sub.user_id);
      const row = await trx
        .updateTable('subscriptions')
        .set({ status: 'canceled', canceled_at: now, updated_at: now })
        .where('id', '=', sub.id)
        .where('status', '=', sub.status)
        .returning('user_id')
        .executeTakeFirst();
      if (!row) return false;
      await startFreeTier(
        trx,
        [row.user_id],
        sub.status === 'trialing' ? 'subscription.trial_ended' : 'subscription.ended',
      );
      return sub.status === 'trialing';
    });
    if (closed) ended++;
  }

  if (!ctx.payments.billsPlansItself) {
    const renewals = await ctx.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('status', '=', 'active')
      .where('plan', '!=', 'free')
      .where('cancel_at_period_end', '=', false)
      .where('current_period_end', '<=', now)
      .where('provider', '=', ctx.payments.name)
      .orderBy('id')
      .execute();
    for (const sub of renewals) {
      try {
        await renew(ctx, sub);
      } catch (error) {
        ctx.log.error({ err: error, subscriptionId: sub.id }, 'plan renewal failed; retried next run');
      }
    }
  }
  return ended;
}

/**
 * Charges one period of a due plan to the default card, then extends it (or marks it past due). The charge
 * is taken under the business's billing lock, after checking the plan is still the one due: a plan switched
 * or cancelled meanwhile is not charged. Its key (subscription and period) makes a retry the same charge.
 */
async function renew(ctx: AppContext, sub: SubscriptionRow) {
  const plan = planById(sub.plan);
  const periodEnd = sub.current_period_end!;
  const key = `renewal:${sub.id}:${periodEnd.getTime()}`;
  const user = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', sub.user_id)
    .executeTakeFirstOrThrow();
  const card = await ctx.db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', sub.user_id)
    .where('provider', '=', ctx.payments.name)
    .where('is_default', '=', true)
    .executeTakeFirst();
  const customerId = card ? await customerFor(ctx, user) : null;

  const now = ctx.now();
  const renewed = await ctx.db.transaction().execute(async (trx) => {
    await lockBilling(trx, sub.user_id);
    const locked = await trx
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', sub.id)
      .executeTakeFirst();
    // Already renewed, cancelled or switched meanwhile: nothing to do.
    if (
      locked?.status !== 'active' ||
      locked.cancel_at_period_end ||
      locked.current_period_end?.getTime() !== periodEnd.getTime()
    )
      return null;
    const outcome =
      card && customerId
        ? await ctx.payments.charge({
            customerId,
            paymentMethodId: card.provider_payment_method_id,
            amountCents: plan.price_cents,
            description: `${plan.name} plan renewal`,
            idempotencyKey: key,
            metadata: { subscription_id: String(sub.id) },
          })
        : ({ ok: false, code: 'no_card', message: 'No card is saved to pay the renewal.' } as const);
    if (!outcome.ok) {
      await trx
        .updateTable('subscriptions')
        .set({ status: 'past_due', updated_at: now })
        .where('id', '=', sub.id)
        .execute();
      await trx
        .insertInto('charges')
        .values({
          user_id: sub.user_id,
          purpose: 'subscription',
          description: `${plan.name} plan renewal`,
          amount_cents: plan.price_cents,
          status: 'failed',
          payment_method_id: card?.id ?? null,
          card_brand: card?.brand ?? null,
          card_last4: card?.last4 ?? null,
          provider: ctx.payments.name,
          failure_code: outcome.code,
          failure_message: outcome.message,
          idempotency_key: `${key}:failed`,
          settled_at: now,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      return { ok: false as const, message: outcome.message };
    }
    const next = new Date(periodEnd.getTime() + PERIOD_MS);
    await trx
      .updateTable('subscriptions')
      .set({ current_period_end: next, updated_at: now })
      .where('id', '=', sub.id)
      .execute();
    await recordPlanPayment(ctx, trx, {
      userId: sub.user_id,
      subscriptionId: sub.id,
      plan: sub.plan as 'pro' | 'business',
      invoice: {
        providerInvoiceId: `${ctx.payments.name}:${key}`,
        providerChargeId: outcome.providerChargeId,
        subtotalCents: plan.price_cents,
        discountCents: 0,
        creditCents: 0,
        totalCents: plan.price_cents,
        periodStart: periodEnd,
        periodEnd: next,
      },
      provider: ctx.payments.name,
      coupon: null,
      card: card ? { id: card.id, brand: card.brand, last4: card.last4 } : null,
      creditsReason: `${plan.name} plan renewed`,
    });
    return { ok: true as const };
  });
  if (renewed?.ok === false) {
    await ctx.notifier.notify(sub.user_id, {
      category: 'payments',
      body: `We could not renew your ${plan.name} plan (${formatUsd(plan.price_cents)}): ${renewed.message} Add a card or choose your plan again to keep it.`,
      link: '/business/settings/subscriptions',
      emailSubject: `REACH: your ${plan.name} plan could not be renewed`,
    });
  }
}

/**
 * Puts businesses on the free tier (after a trial or a paid plan ended), in the caller's transaction. A
 * business that already has a live subscription keeps it (the schema allows one).
 */
export async function startFreeTier(trx: Kysely<DB>, userIds: number[], action: string) {
  if (!userIds.length) return;
  await trx
    .insertInto('subscriptions')
    .values(userIds.map((user_id) => ({ user_id, plan: 'free' as const, status: 'active' as const })))
    .onConflict((oc) => oc.column('user_id').where('status', '<>', 'canceled').doNothing())
    .execute();
  await trx
    .insertInto('audit_log')
    .values(userIds.map((user_id) => ({ actor_id: null, action, subject_type: 'user', subject_id: user_id })))
    .execute();
}
