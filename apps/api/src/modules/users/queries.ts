import type { Kysely } from 'kysely';
import { type CallerProfile, loadCallerProfile } from '../../actor';
import type { DB, SubscriptionRow, UserRow } from '../../db/schema';

/*
 * The current user's read model: what GET /my/user shows beyond the user row, loaded here so that
 * presenter.ts only shapes rows (presenters run no queries; docs/ARCHITECTURE.md).
 */

/**
 * A business's latest subscription as a lateral join `sub` reads it: its columns, each as `sub_<column>`
 * (the admin's users list in lists.ts).
 */
export const LATEST_SUBSCRIPTION_COLUMNS = [
  'sub.id as sub_id',
  'sub.plan as sub_plan',
  'sub.status as sub_status',
  'sub.trial_ends_at as sub_trial_ends_at',
  'sub.current_period_end as sub_current_period_end',
] as const;

/** The subscription those columns hold, or undefined when the business has none. */
export function latestSubscription(row: {
  sub_id: number | null;
  sub_plan: SubscriptionRow['plan'] | null;
  sub_status: string | null;
  sub_trial_ends_at: Date | null;
  sub_current_period_end: Date | null;
}) {
  if (row.sub_id === null || row.sub_plan === null || row.sub_status === null) return undefined;
  return {
    id: row.sub_id,
    plan: row.sub_plan,
    // The lateral join loses the column's union type; the table's check constraint keeps it.
    status: row.sub_status as SubscriptionRow['status'],
    trial_ends_at: row.sub_trial_ends_at,
    current_period_end: row.sub_current_period_end,
  };
}

/**
 * The rows the current user's view needs, by account type: the caller's statement reads them (actor.ts), on
 * GET /my/user with the caller itself (its route's `callerProfile`), elsewhere on its own.
 */
export type CurrentUserFacts = CallerProfile;

/** What the current user's view needs beyond `user` itself; an admin needs nothing more. */
export async function currentUserFacts(
  db: Kysely<DB>,
  user: Pick<UserRow, 'id' | 'type'>,
): Promise<CurrentUserFacts> {
  // The user exists (it is signed in, or was just written): its absence is a broken database.
  const facts = await loadCallerProfile(db, user.id);
  if (!facts) throw new Error(`user ${user.id} does not exist`);
  return facts;
}
