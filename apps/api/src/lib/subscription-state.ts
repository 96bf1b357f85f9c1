import type { SubscriptionMetadata } from '@reach/contract/user';
import type { Kysely } from 'kysely';
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

export async function latestSubscription(
  db: Kysely<DB>,
  userId: number,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The facts of a subscription row as of `now` (only the columns they depend on, so a caller may select just those). */
export function subscriptionState(
  row: Pick<SubscriptionRow, 'id' | 'plan' | 'status' | 'trial_ends_at' | 'current_period_end'> | undefined,
  now: Date,
): SubscriptionState {
  const trialing =
    row?.status === 'trialing' && !!row.trial_ends_at && row.trial_ends_at.getTime() > now.getTime();
  const active =
    row?.status === 'active' &&
    row.plan !== 'free' &&
    (!row.current_period_end || row.current_period_end.getTime() > now.getTime());
  return {
    metadata: {
      trial: trialing,
      plan: trialing || active ? (row?.plan ?? 'free') : 'free',
      status: row ? (row.status === 'trialing' && !trialing ? 'canceled' : row.status) : 'none',
      trial_ends_at: row?.trial_ends_at?.toISOString() ?? null,
      current_period_end: row?.current_period_end?.toISOString() ?? null,
    },
    activeSubscriptionId: active && row ? row.id : null,
    entitled: trialing || active,
  };
}
