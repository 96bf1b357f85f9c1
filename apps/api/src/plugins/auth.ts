import { cheapestPlanFor, type PlanFeature, planLabel, planUnlocks } from '@reach/contract/billing';
import type { UserType } from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import {
  type BusinessActor,
  type Caller,
  type CallerColumns,
  type CallerKey,
  type CallerProfile,
  loadCaller,
  type RequestActor,
} from '../actor';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set for every route that is not marked `config: { public: true }`. */
    user: UserRow | null;
    /** Who the signed-in user acts as, resolved with the user row (null on public routes). */
    actor: RequestActor | null;
    /** What the signed-in user's account holds, read with the user row on a route with `callerProfile`. */
    callerProfile: CallerProfile | null;
    /** What a route with `callerColumns` read with the caller's statement (null elsewhere). */
    callerColumns: unknown;
  }
  interface FastifyContextConfig {
    /** Routes are authenticated unless they opt out here. */
    public?: boolean;
    /**
     * With `public: true`: the route serves anonymous and signed-in callers alike. A valid bearer token sets
     * `request.user` and `request.actor` as on an authenticated route; no token, or one that would be refused
     * (invalid, outdated, suspended account), leaves them null instead of answering 401/403.
     */
    optionalAuth?: boolean;
    /**
     * The route shows the signed-in user's account (GET /my/user): the caller's statement reads its profile too
     * (`request.callerProfile`), so the route runs no statement of its own.
     */
    callerProfile?: boolean;
    /**
     * What the route reads, read by the caller's statement instead of a statement of its own (a sidebar's
     * counts): see CallerColumns, and `callerColumnsOf` for the value.
     */
    callerColumns?: CallerColumns<unknown>;
  }
}

/** What authenticate() answers a token it does not accept with. */
const REFUSALS = new Set<AppError['code']>(['unauthenticated', 'account_suspended']);

/**
 * Authentication for a whole route scope: every route needs a valid bearer token unless its config
 * says `public: true`. The user row is loaded on each request so a suspended account, and a token older than
 * the user's token version (logout, password change or reset), stop at once.
 */
export function registerAuthentication(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);
  app.decorateRequest('actor', null);
  app.decorateRequest('callerProfile', null);
  app.decorateRequest('callerColumns', null);
  app.addHook('onRequest', async (request) => {
    const { config } = request.routeOptions;
    if (config.public) {
      if (config.optionalAuth && request.headers.authorization !== undefined) {
        const caller = await authenticate(request, ctx, config).catch((error: unknown) => {
          // Refused: the caller counts as anonymous. Anything else (the database down) fails as usual.
          if (error instanceof AppError && REFUSALS.has(error.code)) return null;
          throw error;
        });
        request.user = caller?.user ?? null;
        request.actor = caller?.actor ?? null;
        request.callerProfile = caller?.profile ?? null;
        request.callerColumns = caller?.columns ?? null;
      }
      return;
    }
    const caller = await authenticate(request, ctx, config);
    request.user = caller.user;
    request.actor = caller.actor;
    request.callerProfile = caller.profile ?? null;
    request.callerColumns = caller.columns ?? null;
  });
  // Access guards given as preHandlers run right after authentication instead, before the body is parsed
  // and validated: a caller who may not use a route learns nothing about its input rules (403/402, not 400).
  app.addHook('onRoute', (route) => {
    const handlers = route.preHandler === undefined ? [] : [route.preHandler].flat();
    const guards = handlers.filter(isGuard);
    if (guards.length === 0) return;
    route.preHandler = handlers.filter((h) => !isGuard(h));
    route.onRequest = [...(route.onRequest === undefined ? [] : [route.onRequest].flat()), ...guards];
  });
}

const GUARD = Symbol('access guard');
type Guard = ((request: FastifyRequest) => Promise<void>) & { [GUARD]: true };

/** Marks a hook as an access check (role, subscription): it needs only the signed-in user and actor. */
export function accessGuard(check: (request: FastifyRequest) => Promise<void>): Guard {
  return Object.assign(check, { [GUARD]: true as const });
}

function isGuard(hook: unknown): hook is Guard {
  return typeof hook === 'function' && GUARD in hook;
}

/** The caller of the request's bearer token, with its profile and columns when the route asks (see loadCaller). */
async function authenticate(
  request: FastifyRequest,
  ctx: AppContext,
  { callerProfile, callerColumns }: { callerProfile?: boolean; callerColumns?: CallerColumns<unknown> },
): Promise<Caller> {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw new AppError('unauthenticated', API_MESSAGE.unauthenticated);
  let verified: Awaited<ReturnType<AppContext['tokens']['verify']>>;
  try {
    verified = await ctx.tokens.verify(match[1]);
  } catch {
    throw new AppError('unauthenticated', API_MESSAGE.invalidToken);
  }
  const load = (key: CallerKey) => loadCaller(ctx.db, ctx.now(), key, callerProfile === true, callerColumns);
  const caller =
    verified.issuer === 'local'
      ? await load({ userId: Number(verified.claims.sub) })
      : await callerForExternalToken(ctx, load, verified.payload);
  if (!caller) throw new AppError('unauthenticated', API_MESSAGE.invalidToken);
  const { user } = caller;
  // Checked before the version (which suspension bumps too) so a suspended person is told why.
  if (user.status !== 'active') throw new AppError('account_suspended', API_MESSAGE.accountSuspended);
  // Logout, a password change or reset and suspension bump the user's version: older tokens end at once (the
  // web app then renews with its refresh token, which those same events revoke where they should). Tokens of
  // the external issuer carry no version.
  if (verified.issuer === 'local' && verified.claims.token_version !== user.token_version) {
    throw new AppError('unauthenticated', API_MESSAGE.invalidToken);
  }
  return caller;
}

/**
 * A token of the external issuer (OIDC_ISSUER, e.g. Cognito) maps to the local user linked to its
 * subject, or to the confirmed user with the same verified email, which is then linked.
 */
async function callerForExternalToken(
  ctx: AppContext,
  load: (key: CallerKey) => Promise<Caller | undefined>,
  payload: JWTPayload,
): Promise<Caller | undefined> {
  if (!payload.sub) return undefined;
  const linked = await load({ oidcSubject: payload.sub });
  if (linked) return linked;
  const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : undefined;
  // Only an address the issuer says it verified links, and only to an account whose owner confirmed it too:
  // otherwise whoever registered (or asserted) an address first could take over the other's account.
  const verified = payload.email_verified === true || payload.email_verified === 'true';
  if (!email || !verified) return undefined;
  const caller = await load({ email });
  if (!caller?.user.email_confirmed_at) return undefined;
  await ctx.db
    .insertInto('identities')
    .values({ user_id: caller.user.id, provider: 'oidc', subject: payload.sub })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return caller;
}

/** The signed-in user of an authenticated route (throws if the route was public). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('unauthenticated', API_MESSAGE.unauthenticated);
  return request.user;
}

/** The signed-in user's account as the caller's statement read it, on a route with `config.callerProfile`. */
export function currentProfile(request: FastifyRequest): CallerProfile {
  if (!request.callerProfile) throw new Error(`${request.routeOptions.url}: the route has no callerProfile`);
  return request.callerProfile;
}

/**
 * What the caller's statement read for the route's `config.callerColumns`, which must be `columns` (a route
 * registered without them is a programming error); null when the query answered none.
 */
export function callerColumnsOf<T>(request: FastifyRequest, columns: CallerColumns<T>): T | null {
  if (request.routeOptions.config.callerColumns !== columns)
    throw new Error(`${request.routeOptions.url}: the route's callerColumns are not ${columns.key}`);
  return request.callerColumns as T | null;
}

/** The actor of an authenticated route (throws if the route was public). */
export function currentActor(request: FastifyRequest): RequestActor {
  if (!request.actor) throw new AppError('unauthenticated', API_MESSAGE.unauthenticated);
  return request.actor;
}

/**
 * The business actor of a route guarded by `requireType('business')`; anyone else is refused as that guard
 * would refuse them.
 */
export function currentBusiness(request: FastifyRequest): BusinessActor {
  const actor = currentActor(request);
  if (actor.type !== 'business') throw new AppError('forbidden', API_MESSAGE.forbidden);
  return actor;
}

/** Access guard (a preHandler or onRequest hook) that lets only the given user types through. */
export function requireType(...types: UserType[]) {
  return accessGuard(async (request: FastifyRequest) => {
    if (!types.includes(currentUser(request).type)) throw new AppError('forbidden', API_MESSAGE.forbidden);
  });
}

/**
 * Access guard for a plan feature (contract PLAN_FEATURES): a business whose plan in force (its paid plan or
 * trial, else the free tier) does not unlock `feature` gets 402 naming the cheapest plan that does. Other user
 * types count as subscribed (spec §6).
 */
export function requirePlan(feature: PlanFeature) {
  return accessGuard(async (request: FastifyRequest) => {
    const actor = currentActor(request);
    if (actor.type === 'business' && !planUnlocks(actor.plan, feature)) {
      throw new AppError(
        'subscription_required',
        API_MESSAGE.planRequired(planLabel(cheapestPlanFor(feature))),
      );
    }
  });
}

/** The gated endpoint groups (campaigns, influencers, connections, posts): the plan feature `campaigns`. */
export const requireSubscription = requirePlan('campaigns');
