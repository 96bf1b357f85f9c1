import crypto from 'node:crypto';
import type { SocialProvider } from '@reach/contract/auth';
import type { SignUpType } from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import * as oidc from 'openid-client';
import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import { claimInvitations } from '../connections/service';
import type { AuthService } from './service';

/** How long a started sign-in may take before its callback is refused (the transaction cookie's Max-Age too). */
export const TRANSACTION_TTL_SECONDS = 600;
const PROVIDER_TIMEOUT_MS = 10_000;

/** What a start remembers for its callback; sealed (AES-256-GCM) into a short-lived cookie by the route. */
type Transaction = {
  provider: SocialProvider;
  state: string;
  verifier?: string;
  nonce?: string;
  type?: SignUpType;
  invite?: string;
  /** Expiry in epoch milliseconds; checked besides the cookie's Max-Age. */
  exp: number;
};

/** A person as a provider describes them. */
type SocialProfile = {
  provider: SocialProvider;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  /** Provider access token, sealed, kept for later API calls (Facebook). */
  accessTokenEnc?: string;
};

type Resolution = { user: UserRow } | { error: string; page: 'login' | 'register' };

/** A page of the web app the browser is sent to, with its query or its fragment. */
export type WebPage = {
  path: '/auth/login' | '/auth/register' | '/auth/callback';
  query?: Record<string, string | undefined>;
  hash?: string;
};

/** Where a start sends the browser: to the provider (keeping the sealed transaction), or back to the web app. */
export type StartRedirect = { provider: URL; transaction: string } | WebPage;

/** What the person asked for on the start route. */
export type StartRequest = { type?: SignUpType; invite?: string };

const loginPage = (message: string): WebPage => ({ path: '/auth/login', query: { error: message } });

/** The redirect of every social route while its provider has no client id and secret. */
export const NOT_CONFIGURED: WebPage = loginPage(API_MESSAGE.socialNotConfigured);

/**
 * "Continue with Google / Facebook": building the provider's authorization URL, and on its callback exchanging
 * the code (openid-client: Google by OIDC discovery, Facebook as a plain OAuth 2.0 server), then finding,
 * linking or creating the user and issuing REACH tokens.
 */
export function createSocialService(ctx: AppContext, auth: AuthService) {
  const { config } = ctx;
  const redirectUri = (provider: SocialProvider) => `${config.publicUrl}/api/v1/auth/${provider}/callback`;
  // Plain http is for the local test servers; production always talks https.
  const allowHttp = (url: string) => new URL(url).protocol === 'http:' && !config.isProduction;

  // ---- the sealed transaction --------------------------------------------------------------------------------

  function seal(tx: Omit<Transaction, 'exp'>): string {
    return ctx.cipher.encrypt(
      JSON.stringify({ ...tx, exp: ctx.now().getTime() + TRANSACTION_TTL_SECONDS * 1000 }),
    );
  }

  /** The transaction of a callback; throws when it is missing, forged, expired or another provider's. */
  function open(provider: SocialProvider, sealed: string | undefined): Transaction {
    if (!sealed) throw new Error('no sign-in transaction cookie (expired, or started in another browser)');
    const tx = JSON.parse(ctx.cipher.decrypt(sealed)) as Transaction;
    if (tx.provider !== provider) throw new Error('sign-in transaction of another provider');
    if (typeof tx.exp !== 'number' || tx.exp < ctx.now().getTime())
      throw new Error('sign-in transaction expired');
    return tx;
  }

  // ---- the providers -----------------------------------------------------------------------------------------

  let googleClient: Promise<oidc.Configuration> | undefined;
  /** Discovery of GOOGLE_ISSUER, once; a failed discovery is retried on the next sign-in. */
  function google(): Promise<oidc.Configuration> {
    if (!googleClient) {
      googleClient = oidc
        .discovery(
          new URL(config.GOOGLE_ISSUER),
          config.GOOGLE_CLIENT_ID!,
          { client_secret: config.GOOGLE_CLIENT_SECRET! },
          oidc.ClientSecretBasic(config.GOOGLE_CLIENT_SECRET!),
          {
            timeout: PROVIDER_TIMEOUT_MS / 1000,
            ...(allowHttp(config.GOOGLE_ISSUER) ? { execute: [oidc.allowInsecureRequests] } : {}),
          },
        )
        .catch((error: unknown) => {
          googleClient = undefined;
          throw error;
        });
    }
    return googleClient;
  }

  const graph = (path: string) => new URL(`${config.FACEBOOK_GRAPH_URL.replace(/\/$/, '')}${path}`);

  let facebookClient: oidc.Configuration | undefined;
  /** Facebook is plain OAuth 2.0 (no discovery, no ID token): its two endpoints are configured by hand. */
  function facebook(): oidc.Configuration {
    if (!facebookClient) {
      const client = new oidc.Configuration(
        {
          issuer: new URL(config.FACEBOOK_DIALOG_URL).origin,
          authorization_endpoint: config.FACEBOOK_DIALOG_URL,
          token_endpoint: graph('/oauth/access_token').href,
        },
        config.FACEBOOK_APP_ID!,
        { client_secret: config.FACEBOOK_APP_SECRET! },
        oidc.ClientSecretPost(config.FACEBOOK_APP_SECRET!),
      );
      client.timeout = PROVIDER_TIMEOUT_MS / 1000;
      if (allowHttp(config.FACEBOOK_GRAPH_URL)) oidc.allowInsecureRequests(client);
      client[oidc.customFetch] = facebookTokenFetch;
      facebookClient = client;
    }
    return facebookClient;
  }

  const configured: Record<SocialProvider, () => boolean> = {
    google: () => !!(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    facebook: () => !!(config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET),
  };

  // ---- start -------------------------------------------------------------------------------------------------

  async function startGoogle(request: StartRequest): Promise<StartRedirect> {
    const client = await google();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: redirectUri('google'),
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { provider: url, transaction: seal({ provider: 'google', state, verifier, nonce, ...request }) };
  }

  function startFacebook(request: StartRequest): StartRedirect {
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(facebook(), {
      redirect_uri: redirectUri('facebook'),
      state,
      response_type: 'code',
      scope: 'email,public_profile',
    });
    return { provider: url, transaction: seal({ provider: 'facebook', state, ...request }) };
  }

  // ---- callback: the provider's profile ------------------------------------------------------------------------

  async function googleProfile(tx: Transaction, callback: URL): Promise<SocialProfile> {
    const client = await google();
    const tokens = await oidc.authorizationCodeGrant(client, callback, {
      pkceCodeVerifier: tx.verifier,
      expectedState: tx.state,
      expectedNonce: tx.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims?.sub) throw new Error('no ID token subject');
    let claims: Record<string, unknown> = idClaims;
    // Providers may keep profile claims out of the ID token; then they come from userinfo.
    if (typeof claims.email !== 'string' && client.serverMetadata().userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(client, tokens.access_token, idClaims.sub);
      claims = { ...idClaims, ...info };
    }
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    return {
      provider: 'google',
      subject: idClaims.sub,
      email,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      ...names(claims.given_name, claims.family_name, claims.name, email),
    };
  }

  async function facebookProfile(tx: Transaction, callback: URL): Promise<SocialProfile> {
    // Checks the state (and a refusal), then exchanges the code at the Graph API's token endpoint.
    const tokens = await oidc.authorizationCodeGrant(facebook(), callback, { expectedState: tx.state });
    const accessToken = tokens.access_token;
    if (!accessToken) throw new Error('no access token from Facebook');

    const meUrl = graph('/me');
    meUrl.searchParams.set('fields', 'id,email,first_name,last_name');
    meUrl.searchParams.set('access_token', accessToken);
    meUrl.searchParams.set('appsecret_proof', appSecretProof(accessToken, config.FACEBOOK_APP_SECRET!));
    const me = await getJson(meUrl);
    const id = typeof me.id === 'string' || typeof me.id === 'number' ? String(me.id) : undefined;
    if (!id || !/^[\w-]{1,128}$/.test(id)) throw new Error('no usable id from Facebook');
    const email = typeof me.email === 'string' ? me.email : undefined;
    return {
      provider: 'facebook',
      subject: id,
      email,
      // Graph returns only a confirmed primary address, and none at all otherwise.
      emailVerified: !!email,
      ...names(me.first_name, me.last_name, undefined, email),
      accessTokenEnc: ctx.cipher.encrypt(accessToken),
    };
  }

  // ---- callback: finding, linking or creating the user -----------------------------------------------------------

  async function resolveUser(profile: SocialProfile, tx: Transaction): Promise<Resolution> {
    return ctx.db.transaction().execute(async (trx): Promise<Resolution> => {
      const linked = await trx
        .selectFrom('identities')
        .innerJoin('users', 'users.id', 'identities.user_id')
        .selectAll('users')
        .select('identities.id as identity_id')
        .where('identities.provider', '=', profile.provider)
        .where('identities.subject', '=', profile.subject)
        .executeTakeFirst();
      if (linked) {
        const { identity_id, ...user } = linked;
        if (profile.accessTokenEnc) {
          await trx
            .updateTable('identities')
            .set({ access_token_enc: profile.accessTokenEnc, updated_at: ctx.now() })
            .where('id', '=', identity_id)
            .execute();
        }
        return { user };
      }

      // Without a verified address there is nothing safe to link to, and no account to create.
      const email = profile.email?.trim().toLowerCase();
      if (!email || !profile.emailVerified) return { error: API_MESSAGE.socialEmailMissing, page: 'login' };

      const existing = await trx
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .executeTakeFirst();
      if (existing) {
        await linkIdentity(trx, existing.id, profile);
        if (!existing.email_confirmed_at) {
          // The provider proved the mailbox; a password set by whoever registered the address without
          // confirming it was never proven, so it goes (pre-account-hijacking).
          await trx
            .deleteFrom('identities')
            .where('user_id', '=', existing.id)
            .where('provider', '=', 'password')
            .execute();
          const confirmed = await trx
            .updateTable('users')
            .set({ email_confirmed_at: ctx.now(), updated_at: ctx.now() })
            .where('id', '=', existing.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          if (confirmed.type === 'influencer') await claimInvitations(ctx, trx, confirmed.id, { email });
          return { user: confirmed };
        }
        return { user: existing };
      }

      if (!tx.type) return { error: API_MESSAGE.socialTypeRequired, page: 'register' };
      const user = await auth.createAccount(trx, {
        email,
        given_name: profile.givenName,
        family_name: profile.familyName,
        type: tx.type,
        username: `${profile.provider}_${profile.subject}`,
        confirmed: true,
      });
      await linkIdentity(trx, user.id, profile);
      // The provider verified the address: invitations imported for it become connections.
      if (user.type === 'influencer') await claimInvitations(ctx, trx, user.id, { email });
      return { user };
    });
  }

  async function linkIdentity(trx: Kysely<DB>, userId: number, profile: SocialProfile) {
    await trx
      .insertInto('identities')
      .values({
        user_id: userId,
        provider: profile.provider,
        subject: profile.subject,
        access_token_enc: profile.accessTokenEnc ?? null,
      })
      .execute();
  }

  return {
    /** Whether the provider has its client id and secret. */
    configured: (provider: SocialProvider) => configured[provider](),

    /**
     * The provider's authorization URL and the sealed transaction its callback needs; the login page with the
     * generic message when the provider cannot be reached (nothing is kept then).
     */
    async start(
      provider: SocialProvider,
      request: StartRequest,
      log: FastifyBaseLogger,
    ): Promise<StartRedirect> {
      if (!configured[provider]()) return NOT_CONFIGURED;
      try {
        return provider === 'google' ? await startGoogle(request) : startFacebook(request);
      } catch (error) {
        log.warn({ err: error, provider }, `${provider} sign-in could not start`);
        return loginPage(API_MESSAGE.socialFailed);
      }
    },

    /**
     * Completes a provider's callback (`callbackSearch`: its query string, `sealed`: the transaction cookie):
     * the web app's callback page with REACH tokens in the fragment, or the page that says why not. Failures
     * are logged and end on the login page with the generic message.
     */
    async finish(
      provider: SocialProvider,
      sealed: string | undefined,
      callbackSearch: string,
      log: FastifyBaseLogger,
    ): Promise<WebPage> {
      if (!configured[provider]()) return NOT_CONFIGURED;
      let resolution: Resolution;
      let tx: Transaction | undefined;
      try {
        tx = open(provider, sealed);
        const callback = new URL(redirectUri(provider));
        callback.search = callbackSearch;
        const profile = await (provider === 'google' ? googleProfile : facebookProfile)(tx, callback);
        resolution = await resolveUser(profile, tx);
      } catch (error) {
        log.warn({ err: error, provider }, `${provider} sign-in failed`);
        return loginPage(API_MESSAGE.socialFailed);
      }
      if ('error' in resolution) {
        return {
          path: `/auth/${resolution.page}`,
          query: {
            error: resolution.error,
            ...(resolution.page === 'register' ? { invite: tx.invite } : {}),
          },
        };
      }
      const { user } = resolution;
      if (user.status !== 'active') return loginPage(API_MESSAGE.accountSuspended);
      try {
        await ctx.db
          .updateTable('users')
          .set({ last_seen_at: ctx.now() })
          .where('id', '=', user.id)
          .execute();
        const tokens = await auth.issueTokens(user);
        const fragment = new URLSearchParams({
          access_token: tokens.access_token,
          refresh_token: tokens.refresh_token,
          expires_in: String(tokens.expires_in),
          ...(tx.invite ? { invite: tx.invite } : {}),
        });
        return { path: '/auth/callback', hash: fragment.toString() };
      } catch (error) {
        log.warn({ err: error, provider }, `${provider} sign-in failed`);
        return loginPage(API_MESSAGE.socialFailed);
      }
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;

/**
 * Facebook documents its code exchange as a GET with query parameters: openid-client's token request (a form
 * POST carrying grant_type, code, redirect_uri, client_id and client_secret) is sent that way. Every other
 * request goes out unchanged.
 */
const facebookTokenFetch: oidc.CustomFetch = (url, options) => {
  const { body } = options;
  if (options.method !== 'POST' || !(body instanceof URLSearchParams || typeof body === 'string')) {
    return fetch(url, options);
  }
  const target = new URL(url);
  for (const [key, value] of new URLSearchParams(body)) target.searchParams.set(key, value);
  const headers = new Headers(options.headers);
  headers.delete('content-type');
  return fetch(target, { method: 'GET', headers, redirect: options.redirect, signal: options.signal });
};

/**
 * The Facebook access token kept from the user's latest Facebook sign-in, for Graph API calls; null (with a
 * warning) when the user has none or it cannot be decrypted (e.g. APP_SECRET changed).
 */
export async function getFacebookAccessToken(ctx: AppContext, userId: number): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('identities')
    .select('access_token_enc')
    .where('user_id', '=', userId)
    .where('provider', '=', 'facebook')
    .where('access_token_enc', 'is not', null)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row?.access_token_enc) {
    ctx.log.warn({ userId }, 'Facebook access token unavailable: the user has not signed in with Facebook');
    return null;
  }
  try {
    return ctx.cipher.decrypt(row.access_token_enc);
  } catch (error) {
    ctx.log.warn({ userId, err: error }, 'Facebook access token unavailable: it could not be decrypted');
    return null;
  }
}

/** Graph API `appsecret_proof`: hex HMAC-SHA256 of the access token keyed with the app secret. */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return crypto.createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

async function getJson(url: URL): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    const detail = (body.error as { message?: string } | undefined)?.message ?? '';
    throw new Error(`${url.origin}${url.pathname} answered ${res.status} ${detail}`.trim());
  }
  return body;
}

/** Names for a new account; providers may leave the family name (or both) out. */
function names(given: unknown, family: unknown, full: unknown, email: string | undefined) {
  const clean = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
  let givenName = clean(given);
  let familyName = clean(family);
  if (!givenName && !familyName && clean(full)) {
    const [first = '', ...rest] = clean(full).split(/\s+/);
    givenName = first;
    familyName = rest.join(' ');
  }
  if (!givenName) givenName = clean(email?.split('@')[0]) || 'REACH';
  return { givenName, familyName };
}
