import fastifyCookie from '@fastify/cookie';
import type { SocialProvider } from '@reach/contract/auth';
import { socialAuthApi } from '@reach/contract/endpoints/auth';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import type { AuthService } from './service';
import {
  createSocialService,
  NOT_CONFIGURED,
  type StartRedirect,
  TRANSACTION_TTL_SECONDS,
  type WebPage,
} from './social-service';

export { appSecretProof, getFacebookAccessToken } from './social-service';

/** Only the sign-in routes under /api/v1/auth ever read the transaction cookie. */
const COOKIE_PATH = '/api/v1/auth';

/**
 * "Continue with Google / Facebook" under /api/v1/auth: `/<provider>/start` sends the browser to the provider,
 * `/<provider>/callback` signs the person in (or up) and hands the tokens to the web app at /auth/callback in
 * the URL fragment. Every redirect goes to a path of PUBLIC_URL or to the configured provider. The sign-in
 * transaction travels in a sealed, short-lived cookie (`reach_oauth_<provider>`), parsed by @fastify/cookie for
 * these routes only.
 */
export async function socialRoutes(
  app: FastifyInstance,
  { ctx, auth }: { ctx: AppContext; auth: AuthService },
) {
  await app.register(fastifyCookie);
  const social = createSocialService(ctx, auth);
  const publicUrl = ctx.config.publicUrl;
  const publicOrigin = new URL(publicUrl).origin;
  const secureCookie = new URL(publicUrl).protocol === 'https:';

  // ---- the transaction cookie --------------------------------------------------------------------------------

  const cookieName = (provider: SocialProvider) => `reach_oauth_${provider}`;

  function transactionCookie(reply: FastifyReply, provider: SocialProvider, value: string, maxAge: number) {
    const cookie = app.serializeCookie(cookieName(provider), value, {
      path: COOKIE_PATH,
      maxAge,
      httpOnly: true,
      sameSite: 'lax',
    });
    // Secure goes last, as this cookie has always been written (the serialiser would put it before SameSite).
    reply.header('set-cookie', secureCookie ? `${cookie}; Secure` : cookie);
  }

  // ---- redirects -------------------------------------------------------------------------------------------

  /** Redirects to a path of PUBLIC_URL only; `path` is always one of ours, never taken from the request. */
  function toWeb(reply: FastifyReply, { path, query, hash }: WebPage) {
    const target = new URL(`${publicUrl}${path}`);
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

  function redirect(reply: FastifyReply, provider: SocialProvider, to: StartRedirect) {
    if (!('provider' in to)) return toWeb(reply, to);
    transactionCookie(reply, provider, to.transaction, TRANSACTION_TTL_SECONDS);
    return reply.header('cache-control', 'no-store').redirect(to.provider.href, 302);
  }

  // ---- routes ----------------------------------------------------------------------------------------------

  const { googleStart, googleCallback, facebookStart, facebookCallback } = socialAuthApi;

  function start(provider: SocialProvider, endpoint: typeof googleStart | typeof facebookStart) {
    route(app, endpoint, {}, async (request, reply) =>
      redirect(reply, provider, await social.start(provider, request.query, request.log)),
    );
  }

  /** A callback always clears the transaction cookie: a transaction is used at most once. */
  function callback(provider: SocialProvider, endpoint: typeof googleCallback | typeof facebookCallback) {
    route(app, endpoint, {}, async (request, reply) => {
      if (!social.configured(provider)) return toWeb(reply, NOT_CONFIGURED);
      transactionCookie(reply, provider, '', 0);
      const sealed = request.cookies[cookieName(provider)];
      const search = new URL(request.url, 'http://callback.invalid').search;
      return toWeb(reply, await social.finish(provider, sealed, search, request.log));
    });
  }

  start('google', googleStart);
  callback('google', googleCallback);
  start('facebook', facebookStart);
  callback('facebook', facebookCallback);
}
