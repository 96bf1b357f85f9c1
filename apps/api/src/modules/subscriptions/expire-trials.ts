import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { planById } from './service';

/**
 * Ends every trial whose time is up (the free tier remains), ends paid plans cancelled at period end, and
 * renews the other paid plans whose period is over (built-in provider; with Stripe its webhooks do this).
 * Idempotent; run on start and every minute by the scheduler. Returns how many trials ended.
 */
export async function expireTrials(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const trials = await trx
      .updateTable('subscriptions')
      .set({ status: 'canceled', canceled_at: now, updated_at: now })
      .where('status', '=', 'trialing')
      .where('trial_ends_at', '<=', now)
      .returning('user_id')
      .execute();
    const cancelled = await trx
      .updateTable('subscriptions')
      .set({ status: 'canceled', canceled_at: now, updated_at: now })
      .where('status', '=', 'active')
      .where('cancel_at_period_end', '=', true)
      .where('current_period_end', '<=', now)
      .returning('user_id')
      .execute();
    await startFreeTier(
      trx,
      trials.map((t) => t.user_id),
      'subscription.trial_ended',
    );
    await startFreeTier(
      trx,
      cancelled.map((t) => t.user_id),
      'subscription.ended',
    );

    const renewed = await trx
      .updateTable('subscriptions')
      .set({ current_period_end: sql`current_period_end + interval '30 days'`, updated_at: now })
      .where('status', '=', 'active')
      .where('plan', '!=', 'free')
      .where('cancel_at_period_end', '=', false)
      .where('current_period_end', '<=', now)
      .returning(['user_id', 'plan'])
      .execute();
    for (const r of renewed) {
      await trx
        .updateTable('users')
        .set((eb) => ({ credits: eb('credits', '+', planById(r.plan).monthly_credits) }))
        .where('id', '=', r.user_id)
        .execute();
    }
    return trials.length;
  });
}

async function startFreeTier(trx: Kysely<DB>, userIds: number[], action: string) {
  if (!userIds.length) return;
  await trx
    .insertInto('subscriptions')
    .values(userIds.map((user_id) => ({ user_id, plan: 'free' as const, status: 'active' as const })))
    .execute();
  await trx
    .insertInto('audit_log')
    .values(userIds.map((user_id) => ({ actor_id: null, action, subject_type: 'user', subject_id: user_id })))
    .execute();
}
