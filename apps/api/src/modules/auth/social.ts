import crypto from 'node:crypto';
import { SIGN_UP_TYPES, type SignUpType } from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import { claimInvitations } from '../connections/service';
import type { AuthService } from './service';

type Provider = 'google' | 'facebook';

/** What the start route remembers for its callback, sealed (AES-256-GCM) into a short-lived cookie. */
type Transaction = {
  provider: Provider;
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
  provider: Provider;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  /** Provider access token, sealed, kept for later API calls (Facebook). */
  accessTokenEnc?: string;
};

type Resolution = { user: UserRow } | { error: string; page: 'login' | 'register' };

const TRANSACTION_TTL_SECONDS = 600;
const COOKIE_PATH = '/api/v1/auth';
const PROVIDER_TIMEOUT_MS = 10_000;
const tags = ['auth'];

const startQuery = z.object({
  type: z.enum(SIGN_UP_TYPES, { error: 'Choose business or influencer.' }).optional(),
  invite: z.string().max(2000).optional(),
});
const callbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(1024).optional(),
});

/**
 * "Continue with Google / Facebook" under /api/v1/auth: `/<provider>/start` sends the browser to the provider,
 * `/<provider>/callback` signs the person in (or up) and hands the tokens to the web app at /auth/callback in
 * the URL fragment. Every redirect goes to a path of PUBLIC_URL or to the configured provider.
 */
export async function socialRoutes(
  app: FastifyInstance,
  { ctx, auth }: { ctx: AppContext; auth: AuthService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;
  const publicOrigin = new URL(config.publicUrl).origin;
  const secureCookie = new URL(config.publicUrl).protocol === 'https:';
  const redirectUri = (provider: Provider) => `${config.publicUrl}/api/v1/auth/${provider}/callback`;

  // ---- redirects -------------------------------------------------------------------------------------------

  /** Redirects to a path of PUBLIC_URL only; `path` is always one of ours, never taken from the request. */
  function toWeb(
    reply: FastifyReply,
    path: string,
    query?: Record<string, string | undefined>,
    hash?: string,
  ) {
    const target = new URL(`${config.publicUrl}${path}`);
    if (target.origin !== publicOrigin || !path.startsWith('/') || path.startsWith('//')) {
      throw new Error(`refusing to redirect outside PUBLIC_URL: ${path}`);
    }
    const search = Object.entries(query ?? {})
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
    return reply
      .header('cache-control', 'no-store')
      .redirect(`${target.href}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`, 302);
  }

  const toLogin = (reply: FastifyReply, message: string) => toWeb(reply, '/auth/login', { error: message });

  // ---- the transaction cookie --------------------------------------------------------------------------------

  const cookieName = (provider: Provider) => `reach_oauth_${provider}`;

  function transactionCookie(provider: Provider, value: string, maxAge: number) {
    return [
      `${cookieName(provider)}=${value}`,
      `Path=${COOKIE_PATH}`,
      `Max-Age=${maxAge}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(secureCookie ? ['Secure'] : []),
    ].join('; ');
  }

  function saveTransaction(reply: FastifyReply, tx: Omit<Transaction, 'exp'>) {
    const sealed = ctx.cipher.encrypt(
      JSON.stringify({ ...tx, exp: ctx.now().getTime() + TRANSACTION_TTL_SECONDS * 1000 }),
    );
    reply.header('set-cookie', transactionCookie(tx.provider, sealed, TRANSACTION_TTL_SECONDS));
  }

  /** Reads and clears the transaction of a callback; throws when it is missing, forged or expired. */
  function takeTransaction(request: FastifyRequest, reply: FastifyReply, provider: Provider): Transaction {
    reply.header('set-cookie', transactionCookie(provider, '', 0));
    const sealed = readCookie(request.headers.cookie, cookieName(provider));
    if (!sealed) throw new Error('no sign-in transaction cookie (expired, or started in another browser)');
    const tx = JSON.parse(ctx.cipher.decrypt(sealed)) as Transaction;
    if (tx.provider !== provider) throw new Error('sign-in transaction of another provider');
    if (typeof tx.exp !== 'number' || tx.exp < ctx.now().getTime())
      throw new Error('sign-in transaction expired');
    return tx;
  }

  // ---- finding, linking or creating the user -------------------------------------------------------------------

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

  /** Shared end of both callbacks: resolve the user, then hand tokens (or the reason why not) to the web app. */
  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: Provider,
    load: () => Promise<{ profile: SocialProfile; tx: Transaction }>,
  ) {
    let resolution: Resolution;
    let tx: Transaction | undefined;
    try {
      const loaded = await load();
      tx = loaded.tx;
      resolution = await resolveUser(loaded.profile, loaded.tx);
    } catch (error) {
      request.log.warn({ err: error, provider }, `${provider} sign-in failed`);
      return toLogin(reply, API_MESSAGE.socialFailed);
    }
    if ('error' in resolution) {
      return toWeb(reply, `/auth/${resolution.page}`, {
        error: resolution.error,
        ...(resolution.page === 'register' ? { invite: tx?.invite } : {}),
      });
    }
    const { user } = resolution;
    if (user.status !== 'active') return toLogin(reply, API_MESSAGE.accountSuspended);
    try {
      await ctx.db.updateTable('users').set({ last_seen_at: ctx.now() }).where('id', '=', user.id).execute();
      const tokens = await auth.issueTokens(user);
      const fragment = new URLSearchParams({
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        expires_in: String(tokens.expires_in),
        ...(tx?.invite ? { invite: tx.invite } : {}),
      });
      return toWeb(reply, '/auth/callback', undefined, fragment.toString());
    } catch (error) {
      request.log.warn({ err: error, provider }, `${provider} sign-in failed`);
      return toLogin(reply, API_MESSAGE.socialFailed);
    }
  }

  // ---- Google (OpenID Connect) ---------------------------------------------------------------------------------

  const googleConfigured = () => !!(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
  let googleClient: Promise<oidc.Configuration> | undefined;
  /** Discovery of GOOGLE_ISSUER, once; a failed discovery is retried on the next sign-in. */
  function google(): Promise<oidc.Configuration> {
    if (!googleClient) {
      const issuer = new URL(config.GOOGLE_ISSUER);
      // Plain http is for the local test issuer; production always talks https.
      const insecure = issuer.protocol === 'http:' && !config.isProduction;
      googleClient = oidc
        .discovery(
          issuer,
          config.GOOGLE_CLIENT_ID!,
          { client_secret: config.GOOGLE_CLIENT_SECRET! },
          oidc.ClientSecretBasic(config.GOOGLE_CLIENT_SECRET!),
          {
            timeout: PROVIDER_TIMEOUT_MS / 1000,
            ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
          },
        )
        .catch((error: unknown) => {
          googleClient = undefined;
          throw error;
        });
    }
    return googleClient;
  }

  r.get('/google/start', {
    config: { public: true },
    schema: {
      hide: false,
      tags,
      summary: 'Start "Continue with Google": redirects to Google (302)',
      description:
        '`type` (business or influencer) is needed only when the Google account has no REACH account yet.',
      querystring: startQuery,
    },
    handler: async (request, reply) => {
      if (!googleConfigured()) return toLogin(reply, API_MESSAGE.socialNotConfigured);
      try {
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
        saveTransaction(reply, { provider: 'google', state, verifier, nonce, ...request.query });
        return reply.header('cache-control', 'no-store').redirect(url.href, 302);
      } catch (error) {
        request.log.warn({ err: error, provider: 'google' }, 'google sign-in could not start');
        return toLogin(reply, API_MESSAGE.socialFailed);
      }
    },
  });

  r.get('/google/callback', {
    config: { public: true },
    schema: {
      hide: false,
      tags,
      summary: 'Google redirects back here; redirects to the web app with tokens (302)',
      querystring: callbackQuery,
    },
    handler: async (request, reply) => {
      if (!googleConfigured()) return toLogin(reply, API_MESSAGE.socialNotConfigured);
      return finish(request, reply, 'google', async () => {
        const tx = takeTransaction(request, reply, 'google');
        const client = await google();
        const currentUrl = new URL(redirectUri('google'));
        currentUrl.search = new URL(request.url, 'http://callback.invalid').search;
        const tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
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
          tx,
          profile: {
            provider: 'google',
            subject: idClaims.sub,
            email,
            emailVerified: claims.email_verified === true || claims.email_verified === 'true',
            ...names(claims.given_name, claims.family_name, claims.name, email),
          },
        };
      });
    },
  });

  // ---- Facebook (plain OAuth 2.0 + Graph API) ----------------------------------------------------------------

  const facebookConfigured = () => !!(config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET);
  const graph = (path: string) => new URL(`${config.FACEBOOK_GRAPH_URL.replace(/\/$/, '')}${path}`);

  r.get('/facebook/start', {
    config: { public: true },
    schema: {
      hide: false,
      tags,
      summary: 'Start "Continue with Facebook": redirects to Facebook (302)',
      description:
        '`type` (business or influencer) is needed only when the Facebook account has no REACH account yet.',
      querystring: startQuery,
    },
    handler: async (request, reply) => {
      if (!facebookConfigured()) return toLogin(reply, API_MESSAGE.socialNotConfigured);
      const state = oidc.randomState();
      const url = new URL(config.FACEBOOK_DIALOG_URL);
      url.searchParams.set('client_id', config.FACEBOOK_APP_ID!);
      url.searchParams.set('redirect_uri', redirectUri('facebook'));
      url.searchParams.set('state', state);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'email,public_profile');
      saveTransaction(reply, { provider: 'facebook', state, ...request.query });
      return reply.header('cache-control', 'no-store').redirect(url.href, 302);
    },
  });

  r.get('/facebook/callback', {
    config: { public: true },
    schema: {
      hide: false,
      tags,
      summary: 'Facebook redirects back here; redirects to the web app with tokens (302)',
      querystring: callbackQuery,
    },
    handler: async (request, reply) => {
      if (!facebookConfigured()) return toLogin(reply, API_MESSAGE.socialNotConfigured);
      return finish(request, reply, 'facebook', async () => {
        const tx = takeTransaction(request, reply, 'facebook');
        const { code, state, error } = request.query;
        if (!state || !safeEqual(state, tx.state)) throw new Error('state mismatch');
        if (error || !code) throw new Error(`authorization refused: ${error ?? 'no code'}`);

        const tokenUrl = graph('/oauth/access_token');
        tokenUrl.searchParams.set('client_id', config.FACEBOOK_APP_ID!);
        tokenUrl.searchParams.set('client_secret', config.FACEBOOK_APP_SECRET!);
        tokenUrl.searchParams.set('redirect_uri', redirectUri('facebook'));
        tokenUrl.searchParams.set('code', code);
        const token = await getJson(tokenUrl);
        const accessToken = token.access_token;
        if (typeof accessToken !== 'string' || !accessToken) throw new Error('no access token from Facebook');

        const meUrl = graph('/me');
        meUrl.searchParams.set('fields', 'id,email,first_name,last_name');
        meUrl.searchParams.set('access_token', accessToken);
        meUrl.searchParams.set('appsecret_proof', appSecretProof(accessToken, config.FACEBOOK_APP_SECRET!));
        const me = await getJson(meUrl);
        const id = typeof me.id === 'string' || typeof me.id === 'number' ? String(me.id) : undefined;
        if (!id || !/^[\w-]{1,128}$/.test(id)) throw new Error('no usable id from Facebook');
        const email = typeof me.email === 'string' ? me.email : undefined;
        return {
          tx,
          profile: {
            provider: 'facebook',
            subject: id,
            email,
            // Graph returns only a confirmed primary address, and none at all otherwise.
            emailVerified: !!email,
            ...names(me.first_name, me.last_name, undefined, email),
            accessTokenEnc: ctx.cipher.encrypt(accessToken),
          },
        };
      });
    },
  });
}

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

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
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
