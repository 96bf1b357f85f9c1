import crypto from 'node:crypto';
import { type changePlanBody, PLANS, type PlanId, type SubscriptionResponse } from '@reach/contract/billing';
import { API_MESSAGE } from '@reach/contract/messages';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { PlanInvoice } from '../../adapters/payments/index';
import type { AppContext } from '../../context';
import type { CouponRow, DB, InvoiceRow, PaymentMethodRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { latestSubscription, subscriptionState } from '../../lib/subscription-state';
import { chooseCard, customerFor, providerCall } from '../payments/customers';
import { ACCOUNT, recordMovement } from '../payments/ledger';
import { prorationCredit } from '../payments/policy';
import { lockBilling, tryLockBilling } from './billing-lock';
import { attachRedemption, reserveCoupon, usableCoupon } from './coupons';
import { grantMonthlyCredits } from './credits';
import { paidPeriodStart } from './trial';

export const PERIOD_MS = 30 * 86_400_000;

export function planById(id: PlanId) {
  return PLANS.find((p) => p.id === id)!;
}

export async function presentSubscription(ctx: AppContext, userId: number): Promise<SubscriptionResponse> {
  const row = await latestSubscription(ctx.db, userId);
  const state = subscriptionState(row, ctx.now());
  return {
    plan: state.metadata.plan,
    status: state.metadata.status,
    trial: state.metadata.trial,
    trial_ends_at: state.metadata.trial_ends_at,
    current_period_end: state.metadata.current_period_end,
    cancel_at_period_end: !!row?.cancel_at_period_end && state.entitled,
    plans: PLANS.map((p) => ({ ...p, features: [...p.features] })),
  };
}

export type PlanPayment = {
  userId: number;
  subscriptionId: number;
  plan: 'pro' | 'business';
  invoice: PlanInvoice;
  provider: string;
  coupon: Pick<CouponRow, 'id' | 'code'> | null;
  card: { id: number | null; brand: string; last4: string } | null;
  /** Why the plan's monthly credits are granted with this invoice. */
  creditsReason: string;
};

/**
 * Records a paid plan invoice once (by the provider's invoice id): the invoice, the charge it took, the money
 * into platform revenue in the ledger, the coupon's use and the plan's monthly discovery credits, all in the
 * caller's transaction. Returns the invoice, or the existing one for an invoice already recorded.
 */
export async function recordPlanPayment(
  ctx: AppContext,
  trx: Transaction<DB>,
  p: PlanPayment,
): Promise<InvoiceRow> {
  const existing = await trx
    .selectFrom('invoices')
    .selectAll()
    .where('provider_invoice_id', '=', p.invoice.providerInvoiceId)
    .executeTakeFirst();
  if (existing) return existing;
  const plan = planById(p.plan);
  const now = ctx.now();
  const seq = await trx
    .selectNoFrom((eb) => eb.fn<number>('nextval', [eb.val('invoice_number_seq')]).as('n'))
    .executeTakeFirstOrThrow();
  const invoice = await trx
    .insertInto('invoices')
    .values({
      number: `REACH-${now.getUTCFullYear()}-${String(seq.n).padStart(6, '0')}`,
      user_id: p.userId,
      subscription_id: p.subscriptionId,
      plan: p.plan,
      description: `${plan.name} plan, monthly`,
      period_start: p.invoice.periodStart,
      period_end: p.invoice.periodEnd,
      subtotal_cents: p.invoice.subtotalCents,
      discount_cents: p.invoice.discountCents,
      credit_cents: p.invoice.creditCents,
      total_cents: p.invoice.totalCents,
      coupon_code: p.coupon?.code ?? null,
      status: 'paid',
      card_brand: p.card?.brand ?? null,
      card_last4: p.card?.last4 ?? null,
      provider: p.provider,
      provider_invoice_id: p.invoice.providerInvoiceId,
      paid_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (p.invoice.totalCents > 0) {
    const charge = await trx
      .insertInto('charges')
      .values({
        user_id: p.userId,
        purpose: 'subscription',
        invoice_id: invoice.id,
        description: `${plan.name} plan, invoice ${invoice.number}`,
        amount_cents: p.invoice.totalCents,
        status: 'succeeded',
        payment_method_id: p.card?.id ?? null,
        card_brand: p.card?.brand ?? null,
        card_last4: p.card?.last4 ?? null,
        provider: p.provider,
        provider_charge_id: p.invoice.providerChargeId,
        idempotency_key: `invoice:${p.invoice.providerInvoiceId}`,
        settled_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordMovement(trx, {
      key: `invoice:${p.invoice.providerInvoiceId}`,
      kind: 'subscription_payment',
      from: ACCOUNT.externalCard,
      to: ACCOUNT.platformRevenue,
      amountCents: p.invoice.totalCents,
      description: `${plan.name} plan, invoice ${invoice.number}`,
      userId: p.userId,
      reference: { type: 'charge', id: charge.id },
    });
  }
  if (p.coupon) await attachRedemption(trx, p.coupon.id, p.userId, invoice.id);
  await grantMonthlyCredits(
    trx,
    p.userId,
    plan.monthly_credits,
    p.creditsReason,
    `credits:invoice:${invoice.id}`,
  );
  return invoice;
}

type ChangeInput = z.output<typeof changePlanBody>;

/** A refused card inside the plan change's transaction: thrown to roll it back (and the coupon's use with it). */
class PlanChargeDeclined extends Error {
  constructor(
    readonly code: string,
    readonly reason: string,
    readonly card: PaymentMethodRow,
  ) {
    super(reason);
  }
}

/**
 * POST /my/subscription: starts (or switches to) a paid plan, paid now with a saved card through the payments
 * provider. A coupon takes its discount off this first invoice; switching from a paid plan credits its unused
 * time. One transaction holds the business's billing lock from before the subscription is read until the new
 * one is written: a second change sent meanwhile (a double click, another tab, another card) is refused at
 * once with 409 and charges nothing, and one sent after it sees the plan the first one started. The coupon's
 * use is reserved before the charge; the provider call carries a key made of the business, the subscription
 * it replaces and the choice, so a retry after a lost answer is the same charge. A declined card records a
 * failed attempt and changes nothing else (402). The schema keeps one live subscription per business.
 * Subscribing during the trial keeps the trial's remaining days: the first month is charged now and runs
 * from the trial's end (paidPeriodStart), so the next charge comes a month after the trial would have ended.
 */
export async function changePlan(ctx: AppContext, user: UserRow, body: ChangeInput): Promise<void> {
  const now = ctx.now();
  const plan = planById(body.plan);
  // What needs no lock is checked first: the card, a coupon that exists, the provider's customer.
  const card = await chooseCard(ctx, user.id, body.payment_method_id);
  if (body.coupon) await usableCoupon(ctx.db, body.coupon, now, user.id);
  const customerId = await customerFor(ctx, user);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await tryLockBilling(trx, user.id)))
        throw new AppError('conflict', API_MESSAGE.planChangeInProgress);
      const current = await latestSubscription(trx, user.id);
      const state = subscriptionState(current, now);
      if (
        current &&
        state.activeSubscriptionId === current.id &&
        current.plan === body.plan &&
        !current.cancel_at_period_end
      )
        throw new AppError('conflict', `You are already on the ${plan.name} plan.`);
      const coupon = body.coupon ? await reserveCoupon(trx, body.coupon, now, user.id) : null;
      const ownProvider = current?.provider === ctx.payments.name && !!current.provider_subscription_id;
      const replaces =
        ownProvider && (current.status === 'active' || current.status === 'past_due')
          ? current.provider_subscription_id
          : null;
      const credit =
        state.activeSubscriptionId !== null && current && current.plan !== 'free'
          ? prorationCredit(planById(current.plan).price_cents, current.current_period_end, now, PERIOD_MS)
          : 0;
      // Subscribing during the trial keeps its remaining days: the paid month starts when the trial ends.
      const periodStart = paidPeriodStart(current, state.entitled, now, PERIOD_MS);
      const key = ['plan', user.id, current?.id ?? 0, body.plan, card.id, coupon?.code ?? ''].join(':');
      const result = await providerCall(
        () =>
          ctx.payments.subscribe({
            customerId,
            plan: body.plan,
            priceCents: plan.price_cents,
            paymentMethodId: card.provider_payment_method_id,
            replaces,
            creditCents: credit,
            coupon: coupon
              ? { code: coupon.code, percentOff: coupon.percent_off, amountOffCents: coupon.amount_off_cents }
              : null,
            idempotencyKey: key,
            now,
            periodStart,
            metadata: { user_id: String(user.id), plan: body.plan },
          }),
        ctx.log,
      );
      if (!result.ok) throw new PlanChargeDeclined(result.code, result.message, card);

      await trx
        .updateTable('subscriptions')
        .set({ status: 'canceled', canceled_at: now, updated_at: now })
        .where('user_id', '=', user.id)
        .where('status', '<>', 'canceled')
        .execute();
      const created = await trx
        .insertInto('subscriptions')
        .values({
          user_id: user.id,
          plan: body.plan,
          status: 'active',
          current_period_end: result.currentPeriodEnd,
          provider: ctx.payments.name,
          provider_subscription_id: result.providerSubscriptionId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const invoice = await recordPlanPayment(ctx, trx, {
        userId: user.id,
        subscriptionId: created.id,
        plan: body.plan,
        invoice: result.invoice,
        provider: ctx.payments.name,
        coupon,
        card: { id: card.id, brand: card.brand, last4: card.last4 },
        creditsReason: `${plan.name} plan started`,
      });
      await trx
        .insertInto('audit_log')
        .values({
          actor_id: user.id,
          action: 'subscription.plan_changed',
          subject_type: 'subscription',
          subject_id: created.id,
          data: JSON.stringify({
            from: current?.plan ?? null,
            to: body.plan,
            credits_granted: plan.monthly_credits,
            paid_from: periodStart.toISOString(),
            invoice: invoice.number,
            total_cents: invoice.total_cents,
          }),
        })
        .execute();
    });
  } catch (error) {
    if (!(error instanceof PlanChargeDeclined)) throw error;
    await ctx.db
      .insertInto('charges')
      .values({
        user_id: user.id,
        purpose: 'subscription',
        description: `${plan.name} plan`,
        amount_cents: plan.price_cents,
        status: 'failed',
        payment_method_id: error.card.id,
        card_brand: error.card.brand,
        card_last4: error.card.last4,
        provider: ctx.payments.name,
        failure_code: error.code,
        failure_message: error.reason,
        idempotency_key: `plan:${user.id}:failed:${crypto.randomUUID()}`,
        settled_at: now,
      })
      .execute();
    throw new AppError('payment_failed', error.reason, { payment_method_id: error.reason });
  }
}

/** Cancels the paid plan at the end of its period; the free tier remains after it. */
export async function cancelPlan(ctx: AppContext, userId: number) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockBilling(trx, userId);
    const current = await latestSubscription(trx, userId);
    const state = subscriptionState(current, now);
    if (!current || state.activeSubscriptionId !== current.id)
      throw new AppError('conflict', 'You have no paid plan to cancel.');
    if (current.cancel_at_period_end)
      throw new AppError('conflict', 'Your plan is already set to end at the end of this period.');
    if (current.provider === ctx.payments.name && current.provider_subscription_id) {
      const id = current.provider_subscription_id;
      await providerCall(() => ctx.payments.cancelAtPeriodEnd(id), ctx.log);
    }
    await trx
      .updateTable('subscriptions')
      .set({ cancel_at_period_end: true, updated_at: now })
      .where('id', '=', current.id)
      .execute();
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: userId,
        action: 'subscription.cancel_requested',
        subject_type: 'subscription',
        subject_id: current.id,
      })
      .execute();
  });
}

/** GET /my/invoices/{id}: the business's own invoice, else 404. */
export async function getInvoice(ctx: AppContext, userId: number, id: number): Promise<InvoiceRow> {
  const row = await ctx.db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', API_MESSAGE.invoiceNotFound);
  return row;
}

/** GET /coupons/{code}: the coupon this user may apply now (refusals as usableCoupon gives them). */
export async function usableCouponFor(ctx: AppContext, code: string, userId: number): Promise<CouponRow> {
  return usableCoupon(ctx.db, code, ctx.now(), userId);
}
