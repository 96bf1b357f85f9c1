import type { SubscriptionMetadata } from '@reach/contract/user';
import type { Kysely } from 'kysely';
import { columnsOf, SUBSCRIPTION_COLUMNS } from '../db/columns';
import type { DB, SubscriptionRow } from '../db/schema';

/*
 * Read by the auth plugin (the subscription gate), payments, users and the dashboard as well as by
 * subscriptions, so it lives below all of them: a module importing it never depends on the subscriptions module.
 */

/** The subscription facts the client needs, derived from the business's latest subscription row. */
export type SubscriptionState = {
  metadata: SubscriptionMetadata;
  /** Id of the paid subscription in force, the spec's `active_subscription_id`. */
  activeSubscriptionId: number | null;
  /** True when the business may use the gated features (campaigns, influencers, connections, posts). */
  entitled: boolean;
};

/** Every column, listed: a `*` would keep the statement from being prepared (db/columns.ts). */
const LATEST_COLUMNS = columnsOf<'subscriptions', 'subscriptions'>('subscriptions', SUBSCRIPTION_COLUMNS);

export async function latestSubscription(
  db: Kysely<DB>,
  userId: number,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .select(LATEST_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const DAY_MS = 86_400_000;

/**
 * Days of a trial left as of `now`, a part-day counting as a day: 7 throughout a 7-day trial's first day, 1 on
 * its last, never below 0 (and 0 without an end).
 */
export function trialDaysLeft(trialEndsAt: Date | null | undefined, now: Date): number {
  if (!trialEndsAt) return 0;
  return Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS));
}

/** The subscription columns the state depends on (a caller may select just those). */
type StateColumns = Pick<SubscriptionRow, 'id' | 'plan' | 'status' | 'trial_ends_at' | 'current_period_end'>;

/**
 * Whether the row is in force as of `now`: a running trial or a paid plan whose period has not ended. What the
 * request's actor carries (the subscription gate's facts), without the metadata's text that only the
 * answers showing a subscription need.
 */
export function planInForce(
  row: StateColumns | undefined,
  now: Date,
): { trialing: boolean; active: boolean; entitled: boolean; plan: SubscriptionMetadata['plan'] } {
  const trialing =
    row?.status === 'trialing' && !!row.trial_ends_at && row.trial_ends_at.getTime() > now.getTime();
  const active =
    row?.status === 'active' &&
    row.plan !== 'free' &&
    (!row.current_period_end || row.current_period_end.getTime() > now.getTime());
  const entitled = trialing || active;
  return { trialing, active, entitled, plan: entitled ? (row?.plan ?? 'free') : 'free' };
}

/** The facts of a subscription row as of `now` (only the columns they depend on, so a caller may select just those). */
export function subscriptionState(row: StateColumns | undefined, now: Date): SubscriptionState {
  const { trialing, active, entitled, plan } = planInForce(row, now);
  return {
    metadata: {
      trial: trialing,
      plan,
      status: row ? (row.status === 'trialing' && !trialing ? 'canceled' : row.status) : 'none',
      trial_ends_at: row?.trial_ends_at?.toISOString() ?? null,
      current_period_end: row?.current_period_end?.toISOString() ?? null,
    },
    activeSubscriptionId: active && row ? row.id : null,
    entitled,
  };
}
