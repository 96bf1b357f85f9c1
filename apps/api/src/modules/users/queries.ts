import type { Kysely } from 'kysely';
import { BUSINESS_COLUMNS, columnsOf, INFLUENCER_PROFILE_COLUMNS } from '../../db/columns';
import type { BusinessRow, DB, SubscriptionRow, UserRow } from '../../db/schema';
import { StatementShapes } from '../../db/statement-shapes';
import { influencerTags } from '../../lib/influencer-tags';

/*
 * The current user's read model: what GET /my/user shows beyond the user row, loaded here so that
 * presenter.ts only shapes rows (presenters run no queries; docs/ARCHITECTURE.md).
 */

type BusinessFacts = Awaited<ReturnType<typeof businessFacts>>;
type InfluencerFacts = Awaited<ReturnType<typeof influencerFacts>>;

/** Whole business and profile rows, their columns listed once (a `*` would keep a statement from being prepared). */
const BUSINESS_ROW = columnsOf<'businesses', 'b'>('b', BUSINESS_COLUMNS);
const PROFILE_ROW = columnsOf<'influencer_profiles', 'p'>('p', INFLUENCER_PROFILE_COLUMNS);

/**
 * A business's latest subscription as a lateral join `sub` reads it: its columns, each as `sub_<column>`
 * (GET /my/user here, the admin's users list in lists.ts).
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

/** Both statements, built and compiled once: GET /my/user is the app's most frequent read. */
const statements = new StatementShapes();

/** The rows the current user's view needs, by account type. */
export type CurrentUserFacts =
  | ({ type: 'business' } & BusinessFacts)
  | ({ type: 'influencer' } & InfluencerFacts)
  | { type: 'admin' };

/**
 * A business's profile and its latest subscription (the columns its state depends on), in one statement. Every
 * business user has its profile (sign-up writes both; authentication refuses a user without one), so the
 * profile drives it.
 */
async function businessFacts(db: Kysely<DB>, userId: number) {
  const [row] = await statements.execute(db, 'business', { userId }, (v) => businessQuery(db, v.userId));
  if (!row) return { business: undefined, subscription: undefined };
  const { sub_id, sub_plan, sub_status, sub_trial_ends_at, sub_current_period_end, ...business } = row;
  return {
    business: business as BusinessRow,
    subscription: latestSubscription({
      sub_id,
      sub_plan,
      sub_status,
      sub_trial_ends_at,
      sub_current_period_end,
    }),
  };
}

function businessQuery(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('businesses as b')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('subscriptions')
          .select(['id', 'plan', 'status', 'trial_ends_at', 'current_period_end'])
          .where('subscriptions.user_id', '=', userId)
          .orderBy('id', 'desc')
          .limit(1)
          .as('sub'),
      (join) => join.onTrue(),
    )
    .select(BUSINESS_ROW)
    .select(LATEST_SUBSCRIPTION_COLUMNS)
    .where('b.user_id', '=', userId);
}

/** An influencer's profile with its state's name and its interests by name (none without a profile). */
async function influencerFacts(db: Kysely<DB>, userId: number) {
  const [row] = await statements.execute(db, 'influencer', { userId }, (v) =>
    db
      .selectFrom('influencer_profiles as p')
      .leftJoin('states as s', 's.id', 'p.state_id')
      .select(PROFILE_ROW)
      .select('s.name as state_name')
      .select((eb) => influencerTags(eb.ref('p.id')).as('tags'))
      .where('p.user_id', '=', v.userId),
  );
  if (!row) return { profile: undefined, tags: [] };
  const { tags, ...profile } = row;
  return { profile, tags };
}

/** What the current user's view needs beyond `user` itself; an admin needs nothing more. */
export async function currentUserFacts(
  db: Kysely<DB>,
  user: Pick<UserRow, 'id' | 'type'>,
): Promise<CurrentUserFacts> {
  if (user.type === 'business') return { type: 'business', ...(await businessFacts(db, user.id)) };
  if (user.type === 'influencer') return { type: 'influencer', ...(await influencerFacts(db, user.id)) };
  return { type: 'admin' };
}
