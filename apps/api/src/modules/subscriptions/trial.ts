import { TRIAL_CREDITS, TRIAL_DAYS } from '@reach/contract/constants';
import type { Kysely } from 'kysely';
import type { DB, SubscriptionRow } from '../../db/schema';
import { grantCredits } from '../discovery/credits';

const DAY_MS = 86_400_000;

/** The credit ledger key of a business's trial allowance: one per business, ever. */
export const trialCreditsKey = (userId: number) => `trial:${userId}`;

/**
 * Starts a new business's 7-day Pro trial in the caller's transaction (the one creating the account): the
 * trialing subscription and the trial's discovery credits (TRIAL_CREDITS), so the business can search before
 * it pays. Once per business: a business that already has a subscription row starts no second trial, and the
 * credits go through the credit ledger under `trial:<userId>`, so a second call or a retry grants nothing.
 */
export async function startTrial(
  trx: Kysely<DB>,
  userId: number,
  now: Date,
): Promise<{ started: boolean; creditsGranted: number }> {
  const existing = await trx
    .selectFrom('subscriptions')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!existing) {
    await trx
      .insertInto('subscriptions')
      .values({
        user_id: userId,
        plan: 'pro',
        status: 'trialing',
        trial_ends_at: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
      })
      .execute();
  } else if (existing.status !== 'trialing') {
    return { started: false, creditsGranted: 0 };
  }
  const { granted } = await grantCredits(
    trx,
    userId,
    TRIAL_CREDITS,
    `${TRIAL_DAYS}-day Pro trial`,
    trialCreditsKey(userId),
  );
  return { started: !existing, creditsGranted: granted ? TRIAL_CREDITS : 0 };
}

/**
 * When a paid plan chosen now starts its paid month: at the end of a trial still running (the trial's days
 * are kept, not thrown away), at the start of a paid month chosen during the trial that has not begun yet (a
 * switch of plan before the trial is over keeps them too), else now. The first invoice is charged now.
 */
export function paidPeriodStart(
  current: Pick<SubscriptionRow, 'status' | 'trial_ends_at' | 'current_period_end'> | undefined,
  entitled: boolean,
  now: Date,
  periodMs: number,
): Date {
  if (!current || !entitled) return now;
  if (current.status === 'trialing' && current.trial_ends_at && current.trial_ends_at > now)
    return current.trial_ends_at;
  if (current.status === 'active' && current.current_period_end) {
    const start = new Date(current.current_period_end.getTime() - periodMs);
    if (start > now) return start;
  }
  return now;
}
