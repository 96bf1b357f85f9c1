import type { PlanId } from '@reach/contract/billing';
import type { Kysely } from 'kysely';
import type { AppContext } from './context';
import { columnsOf, USER_COLUMNS } from './db/columns';
import type { DB, SubscriptionRow, UserRow } from './db/schema';
import { StatementShapes } from './db/statement-shapes';
import { type SubscriptionState, subscriptionState } from './lib/subscription-state';

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

/** The user's columns of the caller query, listed once (a `*` would keep it from being prepared). */
const CALLER_USER_COLUMNS = columnsOf<'users', 'users'>('users', USER_COLUMNS);

/** The user row and the actor it acts as. */
export type Caller = { user: UserRow; actor: RequestActor };

/** The caller statement of each key kind, built and compiled once (it runs on every signed-in request). */
const callers = new StatementShapes();

/**
 * Loads a user with everything its actor needs in one query: the business or influencer profile and, for a
 * business, the latest subscription (the subscription gate's facts as of `now`).
 */
export async function loadCaller(db: Kysely<DB>, now: Date, key: CallerKey): Promise<Caller | undefined> {
  const [row] = await callers.execute(db, 'caller', key, (slotted) => callerQuery(db, slotted));
  if (!row) return undefined;
  const {
    actor_business_id: businessId,
    actor_influencer_id: influencerId,
    actor_sub_id: subId,
    actor_sub_plan: plan,
    actor_sub_status: status,
    actor_sub_trial_ends_at: trialEndsAt,
    actor_sub_current_period_end: periodEnd,
    ...user
  } = row;
  const subscription =
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
    actor: actorOf(user, businessId, influencerId, () => subscriptionState(subscription, now)),
  };
}

/** The caller's user row, profile ids and latest subscription, found by `key` (see loadCaller). */
function callerQuery(db: Kysely<DB>, key: CallerKey) {
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
    ]);
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
  subscription: () => SubscriptionState,
): RequestActor {
  if (user.type === 'admin') return { type: 'admin', userId: user.id };
  // Sign-up creates the profile with the user in one transaction: a user without one is a broken database.
  if (user.type === 'business') {
    if (businessId === null) throw new Error(`business user ${user.id} has no business profile`);
    const state = subscription();
    return {
      type: 'business',
      userId: user.id,
      businessId,
      entitled: state.entitled,
      plan: state.metadata.plan,
    };
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
