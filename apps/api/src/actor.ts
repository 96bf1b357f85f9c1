import type { PlanId } from '@reach/contract/billing';
import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { AppContext } from './context';
import { columnsOf, INFLUENCER_PROFILE_COLUMNS, USER_COLUMNS } from './db/columns';
import type { BusinessRow, DB, InfluencerProfileRow, SubscriptionRow, UserRow } from './db/schema';
import { StatementShapes } from './db/statement-shapes';
import { planInForce } from './lib/subscription-state';

/*
 * Who is calling, resolved once per request by the auth plugin (request.actor) so handlers and services never
 * re-derive it. A business always has its business id (sign-up creates the row with the user, in one
 * transaction), so no code needs a "no business" sentinel; other roles branch on `type`.
 */

/** A business user with its businesses.id. */
export type BusinessActor = { type: 'business'; userId: number; businessId: number };
/** An influencer user with its influencer_profiles.id. */
export type InfluencerActor = { type: 'influencer'; userId: number; influencerId: number };
export type AdminActor = { type: 'admin'; userId: number };
/** Who acts: what policies and services decide on. */
export type Actor = BusinessActor | InfluencerActor | AdminActor;

/**
 * The actor of a request: a business also carries whether it may use the gated features now (a running trial
 * or a paid plan), which only the subscription gate reads.
 */
export type RequestActor =
  | (BusinessActor & { entitled: boolean; plan: PlanId })
  | InfluencerActor
  | AdminActor;

/**
 * Which side of a business–influencer pair (a connection, a post) the actor is, or null when it is neither
 * (admins are on no side).
 */
export function sideOf(actor: Actor, pair: { business_id: number; influencer_user_id: number }) {
  if (actor.type === 'business' && actor.businessId === pair.business_id) return 'business' as const;
  if (actor.type === 'influencer' && actor.userId === pair.influencer_user_id) return 'influencer' as const;
  return null;
}

/** How a caller is found: by user id (local tokens), by linked OIDC subject or by confirmed email (external ones). */
export type CallerKey = { userId: number } | { oidcSubject: string } | { email: string };

/** The user's columns of the caller statement, listed once (a `*` would keep it from being prepared). */
const CALLER_USER_COLUMNS = columnsOf<'users', 'users'>('users', USER_COLUMNS);

/** A business's latest subscription: the columns its state depends on (lib/subscription-state.ts). */
export type LatestSubscription = Pick<
  SubscriptionRow,
  'id' | 'plan' | 'status' | 'trial_ends_at' | 'current_period_end'
>;

/**
 * What the caller's account holds beyond the user row, as GET /my/user shows it: a business's profile and latest
 * subscription, an influencer's profile with its state's name and its interests; an admin has nothing more.
 */
export type CallerProfile =
  | { type: 'business'; business: BusinessProfile | undefined; subscription: LatestSubscription | undefined }
  | { type: 'influencer'; profile: InfluencerProfile | undefined; tags: Tags }
  | { type: 'admin' };

/** What GET /my/user shows of a business's profile. */
type BusinessProfile = Pick<
  BusinessRow,
  'type' | 'business_name' | 'address_1' | 'city' | 'state_id' | 'postal_code' | 'website' | 'description'
>;
/** The influencer profile's columns GET /my/user leaves out: the timestamps and the directory's kept fields. */
const PROFILE_NOT_SHOWN = [
  'created_at',
  'updated_at',
  'directory_listed',
  'directory_first_name',
  'directory_last_name',
  'directory_tags',
] as const satisfies readonly (keyof InfluencerProfileRow)[];
type ShownProfileColumn = Exclude<keyof InfluencerProfileRow, (typeof PROFILE_NOT_SHOWN)[number]>;
/** Every other column of the profile, from the table's complete list (db/columns.ts). */
const PROFILE_SHOWN = Object.keys(INFLUENCER_PROFILE_COLUMNS).filter(
  (column) => !(PROFILE_NOT_SHOWN as readonly string[]).includes(column),
) as ShownProfileColumn[];
/** What GET /my/user shows of an influencer's profile, with its state's name. */
type InfluencerProfile = Pick<InfluencerProfileRow, ShownProfileColumn> & { state_name: string | null };

type Tags = InfluencerProfileRow['directory_tags'];

/**
 * What a route reads with the caller's statement instead of in a statement of its own (a sidebar's counts): one
 * JSON value built over the caller's ids as SQL references, so the statement, built once per `key`, stays one
 * round trip. It is read before the caller is checked (suspended, outdated token, a guard's role): a refused
 * caller's value is dropped unread, as the route's own statement would not have run.
 */
export type CallerColumns<T> = {
  /** Names the caller statement's shape: one per definition. */
  key: string;
  select: (db: Kysely<DB>, ids: CallerIds) => RawBuilder<T | null>;
};

/** The caller's ids as SQL references in its statement: users.id, and businesses.id (null unless a business). */
export type CallerIds = { userId: Expression<number>; businessId: Expression<number> };

/** The user row and the actor it acts as, with its profile and its route's columns when asked for (see loadCaller). */
export type Caller = { user: UserRow; actor: RequestActor; profile?: CallerProfile; columns?: unknown };

/**
 * The caller statement of each key kind, with and without the profile, built and compiled once (it runs on every
 * signed-in request).
 */
const callers = new StatementShapes();

/**
 * Loads a user with everything its actor needs in one query: the business or influencer profile and, for a
 * business, the latest subscription (the subscription gate's facts as of `now`). With `withProfile`, the same
 * statement also reads what the account holds (CallerProfile) for a route that shows it (GET /my/user), which
 * then needs no statement of its own.
 */
export async function loadCaller(
  db: Kysely<DB>,
  now: Date,
  key: CallerKey,
  withProfile = false,
  columns?: CallerColumns<unknown>,
): Promise<Caller | undefined> {
  const caller = await readCaller(db, key, withProfile, columns);
  if (!caller) return undefined;
  const { user, businessId, influencerId, subscription, profile } = caller;
  return {
    user,
    actor: actorOf(user, businessId, influencerId, () => planInForce(subscription, now)),
    ...(profile ? { profile } : {}),
    ...(columns ? { columns: caller.columns } : {}),
  };
}

/** What the user `userId`'s account holds (CallerProfile), read by the caller's statement; undefined if no such user. */
export async function loadCallerProfile(db: Kysely<DB>, userId: number): Promise<CallerProfile | undefined> {
  return (await readCaller(db, { userId }, true))?.profile;
}

/** The caller's row, split into the user, its profile ids, its latest subscription and (asked for) its profile. */
async function readCaller(
  db: Kysely<DB>,
  key: CallerKey,
  withProfile: boolean,
  columns?: CallerColumns<unknown>,
) {
  const shape = `${withProfile ? 'caller+profile' : 'caller'}${columns ? `+${columns.key}` : ''}`;
  const [row] = await callers.execute(db, shape, key, (slotted) =>
    callerQuery(db, slotted, withProfile, columns),
  );
  if (!row) return undefined;
  const {
    actor_business_id: businessId,
    actor_influencer_id: influencerId,
    actor_sub_id: subId,
    actor_sub_plan: plan,
    actor_sub_status: status,
    actor_sub_trial_ends_at: trialEndsAt,
    actor_sub_current_period_end: periodEnd,
    business_profile: business,
    influencer_profile: influencer,
    caller_columns: routeColumns,
    ...user
  } = row;
  const subscription: LatestSubscription | undefined =
    subId === null || plan === null || status === null
      ? undefined
      : {
          id: subId,
          plan,
          // The lateral join loses the column's union type; the table's check constraint keeps it.
          status: status as SubscriptionRow['status'],
          trial_ends_at: trialEndsAt,
          current_period_end: periodEnd,
        };
  return {
    user,
    businessId,
    influencerId,
    subscription,
    profile: withProfile ? profileOf(user, business ?? null, influencer ?? null, subscription) : undefined,
    columns: routeColumns,
  };
}

/** The CallerProfile of the caller statement's profile columns (null: the caller has no such profile). */
function profileOf(
  user: UserRow,
  business: BusinessProfile | null,
  influencer: CallerRow['influencer_profile'] | null,
  subscription: LatestSubscription | undefined,
): CallerProfile {
  if (user.type === 'business') return { type: 'business', business: business ?? undefined, subscription };
  if (user.type === 'influencer') {
    if (!influencer) return { type: 'influencer', profile: undefined, tags: [] };
    const { tags, ...profile } = influencer;
    return { type: 'influencer', profile, tags };
  }
  return { type: 'admin' };
}

type CallerRow = Awaited<ReturnType<ReturnType<typeof callerQuery>['executeTakeFirstOrThrow']>>;

/**
 * The caller's user row, profile ids and latest subscription, found by `key` (see loadCaller); with
 * `withProfile`, also what GET /my/user shows of the business's or the influencer's profile (with the
 * influencer's state name and interests), each null for whoever has none.
 */
function callerQuery(db: Kysely<DB>, key: CallerKey, withProfile: boolean, columns?: CallerColumns<unknown>) {
  const q = db
    .selectFrom('users')
    .leftJoin('businesses', 'businesses.user_id', 'users.id')
    .leftJoin('influencer_profiles', 'influencer_profiles.user_id', 'users.id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('subscriptions')
          .select(['id', 'plan', 'status', 'trial_ends_at', 'current_period_end'])
          .whereRef('subscriptions.user_id', '=', 'users.id')
          .orderBy('id', 'desc')
          .limit(1)
          .as('sub'),
      (join) => join.onTrue(),
    )
    .select(CALLER_USER_COLUMNS)
    .select([
      'businesses.id as actor_business_id',
      'influencer_profiles.id as actor_influencer_id',
      'sub.id as actor_sub_id',
      'sub.plan as actor_sub_plan',
      'sub.status as actor_sub_status',
      'sub.trial_ends_at as actor_sub_trial_ends_at',
      'sub.current_period_end as actor_sub_current_period_end',
    ])
    .$if(withProfile, (qb) =>
      qb
        .leftJoin('states as profile_state', 'profile_state.id', 'influencer_profiles.state_id')
        .select((eb) => [
          // Each profile as one JSON column (null without one) rather than forty columns, most of them null:
          // pg describes and parses every column of a result on every execution. The values are those the
          // columns would give (numbers, 'YYYY-MM-DD' dates, text, the jsonb data); typed as the profile's row,
          // since under the CASE it exists (the left join types its columns nullable).
          eb
            .case()
            .when('businesses.id', 'is not', null)
            .then(
              jsonBuildObject({
                type: eb.ref('businesses.type'),
                business_name: eb.ref('businesses.business_name'),
                address_1: eb.ref('businesses.address_1'),
                city: eb.ref('businesses.city'),
                state_id: eb.ref('businesses.state_id'),
                postal_code: eb.ref('businesses.postal_code'),
                website: eb.ref('businesses.website'),
                description: eb.ref('businesses.description'),
              }).$castTo<BusinessProfile>(),
            )
            .end()
            .as('business_profile'),
          eb
            .case()
            .when('influencer_profiles.id', 'is not', null)
            .then(
              jsonBuildObject({
                ...Object.fromEntries(
                  PROFILE_SHOWN.map((column) => [column, eb.ref(`influencer_profiles.${column}`)]),
                ),
                state_name: eb.ref('profile_state.name'),
                // The interests as influencerTags (lib/influencer-tags.ts) reads them, kept on the profile by triggers.
                tags: eb.ref('influencer_profiles.directory_tags'),
              }).$castTo<InfluencerProfile & { tags: Tags }>(),
            )
            .end()
            .as('influencer_profile'),
        ]),
    )
    .$if(columns !== undefined, (qb) =>
      qb.select(
        (columns as CallerColumns<unknown>)
          .select(db, { userId: sql.ref('users.id'), businessId: sql.ref('businesses.id') })
          .as('caller_columns'),
      ),
    );
  if ('userId' in key) return q.where('users.id', '=', key.userId);
  if ('email' in key) return q.where((eb) => eb(eb.fn('lower', ['users.email']), '=', key.email));
  const subject = key.oidcSubject;
  return q.where((eb) =>
    eb.exists(
      eb
        .selectFrom('identities')
        .select('identities.id')
        .whereRef('identities.user_id', '=', 'users.id')
        .where('identities.provider', '=', 'oidc')
        .where('identities.subject', '=', subject),
    ),
  );
}

function actorOf(
  user: UserRow,
  businessId: number | null,
  influencerId: number | null,
  subscription: () => { entitled: boolean; plan: PlanId },
): RequestActor {
  if (user.type === 'admin') return { type: 'admin', userId: user.id };
  // Sign-up creates the profile with the user in one transaction: a user without one is a broken database.
  if (user.type === 'business') {
    if (businessId === null) throw new Error(`business user ${user.id} has no business profile`);
    const { entitled, plan } = subscription();
    return { type: 'business', userId: user.id, businessId, entitled, plan };
  }
  if (influencerId === null) throw new Error(`influencer user ${user.id} has no influencer profile`);
  return { type: 'influencer', userId: user.id, influencerId };
}

/** The actor of a user outside a request (jobs, tests); requests use request.actor, resolved by the auth plugin. */
export async function actorFor(ctx: AppContext, user: UserRow): Promise<RequestActor> {
  const caller = await loadCaller(ctx.db, ctx.now(), { userId: user.id });
  if (!caller) throw new Error(`user ${user.id} does not exist`);
  return caller.actor;
}
