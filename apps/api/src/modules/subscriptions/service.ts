import { PLANS, type PlanId, type SubscriptionResponse } from '@reach/contract/billing';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { latestSubscription, subscriptionState } from './state';

const PERIOD_MS = 30 * 86_400_000;

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

async function lockLatest(trx: Kysely<DB>, userId: number) {
  return trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Starts (or switches to) a paid plan. On the embedded default the built-in ledger provider accepts it
 * without a card; the payments capability puts a charge in front of this. Grants the plan's monthly credits.
 */
export async function changePlan(ctx: AppContext, userId: number, planId: 'pro' | 'business') {
  const now = ctx.now();
  const plan = planById(planId);
  await ctx.db.transaction().execute(async (trx) => {
    const current = await lockLatest(trx, userId);
    const state = subscriptionState(current, now);
    if (
      current &&
      state.activeSubscriptionId === current.id &&
      current.plan === planId &&
      !current.cancel_at_period_end
    ) {
      throw new AppError('conflict', `You are already on the ${plan.name} plan.`);
    }
    if (current && current.status !== 'canceled') {
      await trx
        .updateTable('subscriptions')
        .set({ status: 'canceled', canceled_at: now, updated_at: now })
        .where('id', '=', current.id)
        .execute();
    }
    const created = await trx
      .insertInto('subscriptions')
      .values({
        user_id: userId,
        plan: planId,
        status: 'active',
        current_period_end: new Date(now.getTime() + PERIOD_MS),
        provider: 'ledger',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('users')
      .set((eb) => ({ credits: eb('credits', '+', plan.monthly_credits) }))
      .where('id', '=', userId)
      .execute();
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: userId,
        action: 'subscription.plan_changed',
        subject_type: 'subscription',
        subject_id: created.id,
        data: JSON.stringify({
          from: current?.plan ?? null,
          to: planId,
          credits_granted: plan.monthly_credits,
        }),
      })
      .execute();
  });
}

/** Cancels the paid plan at the end of its period; the free tier remains after it. */
export async function cancelPlan(ctx: AppContext, userId: number) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const current = await lockLatest(trx, userId);
    const state = subscriptionState(current, now);
    if (!current || state.activeSubscriptionId !== current.id) {
      throw new AppError('conflict', 'You have no paid plan to cancel.');
    }
    if (current.cancel_at_period_end)
      throw new AppError('conflict', 'Your plan is already set to end at the end of this period.');
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
