import crypto from 'node:crypto';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getFacebookAccessToken } from '../src/modules/auth/social';
import { type Account, localServer, sendJson, startGoogle } from './fakes/google-oidc';
import { client, createTestApp, latestCode, signUpAndLogin, type TestApp } from './harness';

// ---- helpers ------------------------------------------------------------------------------------------------

type Cookie = { value: string; path: string };

/**
 * A minimal browser: follows redirects with a cookie jar (per host, honouring Path). Requests to the app's
 * origin go through app.inject, everything else over real HTTP. Navigation stops at the first page of the web
 * app (a non-/api path on PUBLIC_URL) or at the first answer that is not a redirect.
 */
class Browser {
  readonly jar = new Map<string, Map<string, Cookie>>();
  readonly visited: string[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly appOrigin: string,
  ) {}

  private cookieHeader(url: URL) {
    const cookies = [...(this.jar.get(url.host)?.entries() ?? [])].filter(([, c]) =>
      url.pathname.startsWith(c.path),
    );
    return cookies.map(([name, c]) => `${name}=${c.value}`).join('; ');
  }

  private store(url: URL, setCookies: string[]) {
    const jar = this.jar.get(url.host) ?? new Map<string, Cookie>();
    this.jar.set(url.host, jar);
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const maxAge = attr('max-age');
      const expires = attr('expires');
      const gone =
        (maxAge !== undefined && Number(maxAge) <= 0) ||
        (expires !== undefined && Date.parse(expires) <= Date.now()) ||
        value === '';
      if (gone) jar.delete(name);
      else jar.set(name, { value, path: attr('path') ?? '/' });
    }
  }

  async navigate(
    start: string,
    rewrite: (url: URL) => URL = (u) => u,
  ): Promise<{ url: URL; status: number; body: string }> {
    let url = new URL(start);
    for (let hop = 0; hop < 20; hop++) {
      url = rewrite(url);
      this.visited.push(url.href);
      if (url.origin === this.appOrigin && !url.pathname.startsWith('/api/')) {
        return { url, status: 200, body: '' };
      }
      const cookie = this.cookieHeader(url);
      let status: number;
      let location: string | undefined;
      let body: string;
      if (url.origin === this.appOrigin) {
        const res = await this.app.inject({
          method: 'GET',
          url: `${url.pathname}${url.search}`,
          headers: cookie ? { cookie } : {},
        });
        status = res.statusCode;
        location = res.headers.location as string | undefined;
        const set = res.headers['set-cookie'];
        this.store(url, set === undefined ? [] : Array.isArray(set) ? set : [set]);
        body = res.body;
      } else {
        const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
        status = res.status;
        location = res.headers.get('location') ?? undefined;
        this.store(url, res.headers.getSetCookie());
        body = await res.text();
      }
      if (status >= 300 && status < 400 && location) {
        url = new URL(location, url);
        continue;
      }
      return { url, status, body };
    }
    throw new Error(`too many redirects: ${this.visited.join(' → ')}`);
  }
}

function fragment(url: URL) {
  return new URLSearchParams(url.hash.slice(1));
}

const errorUrl = (origin: string, page: 'login' | 'register', message: string) =>
  `${origin}/auth/${page}?error=${encodeURIComponent(message)}`;

// ---- Google ----------------------------------------------------------------------------------------------------

describe('Google sign-in against a local OpenID provider', () => {
  const APP = 'http://localhost:5931';
  const accounts: Record<string, Account> = {
    'g-alice': {
      email: 'alice.g@example.com',
      email_verified: true,
      given_name: 'Alice',
      family_name: 'Gee',
    },
    'g-bob': { email: 'bob.g@example.com', email_verified: true, given_name: 'Bob', family_name: 'Gee' },
    'g-carol': { email: 'carol@example.com', email_verified: true, given_name: 'Carol', family_name: 'Gee' },
    'g-dave': { email: 'dave.g@example.com', email_verified: false, given_name: 'Dave', family_name: 'Gee' },
    'g-erin': { email: 'erin.g@example.com', email_verified: true, given_name: 'Erin', family_name: 'Gee' },
  };
  let next = 'g-alice';
  let google: Awaited<ReturnType<typeof startGoogle>>;
  let t: TestApp;

  beforeAll(async () => {
    google = await startGoogle({
      clientId: 'reach-test-client',
      clientSecret: 'reach-test-secret-0123456789',
      redirectUri: `${APP}/api/v1/auth/google/callback`,
      accounts,
      nextAccount: () => next,
    });
    t = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: 'reach-test-client',
        GOOGLE_CLIENT_SECRET: 'reach-test-secret-0123456789',
        GOOGLE_ISSUER: google.issuer,
        PUBLIC_URL: APP,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  async function signIn(account: string, query = '', rewrite?: (url: URL) => URL) {
    next = account;
    const browser = new Browser(t.app, APP);
    const end = await browser.navigate(`${APP}/api/v1/auth/google/start${query}`, rewrite);
    expect(end.url.origin).toBe(APP);
    return { end, browser };
  }

  it('redirects to the provider with PKCE S256, state and nonce, keeping the transaction in a sealed cookie', async () => {
    const res = await t.app.inject({ url: '/api/v1/auth/google/start?type=business' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(google.issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'reach-test-client',
      redirect_uri: `${APP}/api/v1/auth/google/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const param of ['code_challenge', 'state', 'nonce']) {
      expect(location.searchParams.get(param)?.length).toBeGreaterThanOrEqual(20);
    }
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^reach_oauth_google=[\w.-]+; /);
    expect(cookie).toContain('Path=/api/v1/auth');
    expect(cookie).toContain('Max-Age=600');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    // Nothing of the transaction is readable in the cookie.
    expect(cookie).not.toContain(location.searchParams.get('state')!);
    expect(cookie).not.toContain('business');
  });

  it('signs a new Google user up, and a second sign-in reuses the same user', async () => {
    const { end, browser } = await signIn('g-alice', '?type=business&invite=inv-123');
    expect(google.interactions.length).toBeGreaterThan(0);
    expect(browser.visited.some((u) => u.startsWith(google.issuer))).toBe(true);
    expect(`${end.url.origin}${end.url.pathname}`).toBe(`${APP}/auth/callback`);
    const tokens = fragment(end.url);
    expect(tokens.get('access_token')).toBeTruthy();
    expect(tokens.get('refresh_token')).toBeTruthy();
    expect(tokens.get('expires_in')).toBe('900');
    expect(tokens.get('invite')).toBe('inv-123');
    // The transaction cookie is cleared by the callback.
    expect(browser.jar.get(new URL(APP).host)?.has('reach_oauth_google')).toBe(false);

    const me = await client(t.app, tokens.get('access_token')!).get('/api/v1/my/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ type: 'business', email: 'alice.g@example.com', name: 'Alice Gee' });
    expect(me.body.username).toBe('google_g-alice');
    expect(String(me.body.username).startsWith('google_')).toBe(true);

    const refreshed = await client(t.app).post('/api/v1/auth/refresh', {
      refresh_token: tokens.get('refresh_token'),
    });
    expect(refreshed.status).toBe(200);

    const again = await signIn('g-alice');
    expect(again.end.url.pathname).toBe('/auth/callback');
    const me2 = await client(t.app, fragment(again.end.url).get('access_token')!).get('/api/v1/my/user');
    expect(me2.body.id).toBe(me.body.id);
    expect(me2.body.type).toBe('business');
    const identities = await t.app.ctx.db
      .selectFrom('identities')
      .selectAll()
      .where('provider', '=', 'google')
      .where('subject', '=', 'g-alice')
      .execute();
    expect(identities).toHaveLength(1);
    expect(identities[0]!.user_id).toBe(me.body.id);
    const user = await t.app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', Number(me.body.id))
      .executeTakeFirstOrThrow();
    expect(user.email_confirmed_at).not.toBeNull();
  });

  it('asks a new Google account without a type to choose one, creating nothing', async () => {
    const { end } = await signIn('g-bob', '?invite=inv-9');
    expect(end.url.href).toBe(`${errorUrl(APP, 'register', API_MESSAGE.socialTypeRequired)}&invite=inv-9`);
    const users = await t.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'bob.g@example.com')
      .execute();
    expect(users).toHaveLength(0);

    // With a type the same person gets an influencer account.
    const { end: withType } = await signIn('g-bob', '?type=influencer');
    const me = await client(t.app, fragment(withType.url).get('access_token')!).get('/api/v1/my/user');
    expect(me.body).toMatchObject({ type: 'influencer', username: 'google_g-bob' });
  });

  it('links a verified Google email to the existing account, which keeps its username and password', async () => {
    const local = await signUpAndLogin(t.app, 'influencer', 'carol@example.com');
    const before = await client(t.app, local.access).get('/api/v1/my/user');
    const { end } = await signIn('g-carol', '?type=business');
    expect(end.url.pathname).toBe('/auth/callback');
    const me = await client(t.app, fragment(end.url).get('access_token')!).get('/api/v1/my/user');
    expect(me.body).toMatchObject({ id: before.body.id, type: 'influencer', username: before.body.username });
    expect(String(me.body.username).startsWith('google_')).toBe(false);
    const login = await client(t.app).post('/api/v1/auth/login', {
      email: local.email,
      password: local.password,
    });
    expect(login.status).toBe(200);
  });

  it('links to an unconfirmed account only by confirming it and dropping the unproven password', async () => {
    const api = client(t.app);
    const email = 'erin.g@example.com';
    const password = 'Squatter-Pass-77';
    await api.post('/api/v1/auth/sign-up', {
      email,
      password,
      given_name: 'Squat',
      family_name: 'Ter',
      type: 'business',
    });
    expect(await latestCode(t.app, email)).toMatch(/^\d{6}$/);
    const { end } = await signIn('g-erin');
    expect(end.url.pathname).toBe('/auth/callback');
    expect((await api.post('/api/v1/auth/login', { email, password })).status).toBe(401);
  });

  it('refuses an unverified Google email', async () => {
    const { end } = await signIn('g-dave', '?type=business');
    expect(end.url.href).toBe(errorUrl(APP, 'login', API_MESSAGE.socialEmailMissing));
  });

  it('fails safely on a forged state, a missing or tampered transaction cookie, and a refusal', async () => {
    const forged = await signIn('g-alice', '?type=business', (url) => {
      if (url.pathname.endsWith('/google/callback')) url.searchParams.set('state', 'forged-state-value');
      return url;
    });
    expect(forged.end.url.href).toBe(errorUrl(APP, 'login', API_MESSAGE.socialFailed));

    // A genuine callback URL opened in a browser that did not start the sign-in.
    let callbackUrl = '';
    await signIn('g-alice', '?type=business', (url) => {
      if (!url.pathname.endsWith('/google/callback')) return url;
      callbackUrl = url.href;
      return new URL(`${APP}/stopped-before-callback`);
    });
    expect(callbackUrl).toContain('code=');
    const noCookie = await new Browser(t.app, APP).navigate(callbackUrl);
    expect(noCookie.url.href).toBe(errorUrl(APP, 'login', API_MESSAGE.socialFailed));

    const tampered = await t.app.inject({
      url: '/api/v1/auth/google/callback?code=abc&state=def',
      headers: { cookie: 'reach_oauth_google=AAAA.BBBB.CCCC' },
    });
    expect(tampered.statusCode).toBe(302);
    expect(tampered.headers.location).toBe(errorUrl(APP, 'login', API_MESSAGE.socialFailed));

    const start = await t.app.inject({ url: '/api/v1/auth/google/start?type=business' });
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const denied = await t.app.inject({
      url: `/api/v1/auth/google/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(google.issuer)}`,
      headers: { cookie },
    });
    expect(denied.headers.location).toBe(errorUrl(APP, 'login', API_MESSAGE.socialFailed));

    // An expired transaction (older than 10 minutes) is refused even if the browser still sends it.
    const late = await t.app.inject({ url: '/api/v1/auth/google/start?type=business' });
    t.clock.advance(11 * 60 * 1000);
    try {
      const res = await t.app.inject({
        url: '/api/v1/auth/google/callback?code=abc&state=def',
        headers: { cookie: String(late.headers['set-cookie']).split(';')[0]! },
      });
      expect(res.headers.location).toBe(errorUrl(APP, 'login', API_MESSAGE.socialFailed));
    } finally {
      t.clock.now = new Date();
    }
  });

  it('sends a suspended user to the login page with the suspension message', async () => {
    await t.app.ctx.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('email', '=', 'alice.g@example.com')
      .execute();
    try {
      const { end } = await signIn('g-alice');
      expect(end.url.href).toBe(errorUrl(APP, 'login', API_MESSAGE.accountSuspended));
    } finally {
      await t.app.ctx.db
        .updateTable('users')
        .set({ status: 'active' })
        .where('email', '=', 'alice.g@example.com')
        .execute();
    }
  });

  it('rejects an invalid type with a validation error and documents the routes', async () => {
    const res = await t.app.inject({ url: '/api/v1/auth/google/start?type=admin' });
    expect(res.statusCode).toBe(400);
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/google/start',
        '/api/v1/auth/google/callback',
        '/api/v1/auth/facebook/start',
        '/api/v1/auth/facebook/callback',
      ]),
    );
  });
});

// ---- Facebook --------------------------------------------------------------------------------------------------

type FacebookUser = { id: string; email?: string; first_name: string; last_name: string };

describe('Facebook sign-in against a local fake of the dialog and the Graph API', () => {
  const APP = 'http://localhost:5932';
  const APP_ID = 'fb-app-1';
  const APP_SECRET = 'fb-secret-abcdef';
  let fb: Awaited<ReturnType<typeof localServer>>;
  let t: TestApp;
  let nextUser: FacebookUser;
  const codes = new Map<string, FacebookUser>();
  const tokens = new Map<string, FacebookUser>();
  const issued: string[] = [];
  const graphErrors: string[] = [];

  beforeAll(async () => {
    fb = await localServer();
    fb.handle((req, res) => {
      const url = new URL(req.url ?? '/', fb.origin);
      const q = Object.fromEntries(url.searchParams);
      if (url.pathname === '/dialog/oauth') {
        if (q.client_id !== APP_ID || q.scope !== 'email,public_profile' || !q.state) {
          return sendJson(res, 400, { error: { message: 'bad dialog request' } });
        }
        const back = new URL(q.redirect_uri!);
        if (back.origin !== APP) return sendJson(res, 400, { error: { message: 'bad redirect_uri' } });
        const code = crypto.randomBytes(8).toString('hex');
        codes.set(code, nextUser);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.state);
        return res.writeHead(302, { location: back.href }).end();
      }
      if (url.pathname === '/graph/oauth/access_token') {
        const user = codes.get(q.code ?? '');
        if (
          !user ||
          q.client_id !== APP_ID ||
          q.client_secret !== APP_SECRET ||
          q.redirect_uri !== `${APP}/api/v1/auth/facebook/callback`
        ) {
          graphErrors.push('token');
          return sendJson(res, 400, { error: { message: 'Invalid verification code format.' } });
        }
        codes.delete(q.code!);
        const token = `EAAB${crypto.randomBytes(12).toString('hex')}`;
        tokens.set(token, user);
        issued.push(token);
        return sendJson(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5_183_944 });
      }
      if (url.pathname === '/graph/me') {
        const user = tokens.get(q.access_token ?? '');
        const proof = crypto
          .createHmac('sha256', APP_SECRET)
          .update(q.access_token ?? '')
          .digest('hex');
        if (!user || q.appsecret_proof !== proof || q.fields !== 'id,email,first_name,last_name') {
          graphErrors.push('me');
          return sendJson(res, 400, { error: { message: 'Invalid appsecret_proof' } });
        }
        return sendJson(res, 200, user);
      }
      sendJson(res, 404, { error: { message: 'unknown path' } });
    });
    t = await createTestApp({
      env: {
        FACEBOOK_APP_ID: APP_ID,
        FACEBOOK_APP_SECRET: APP_SECRET,
        FACEBOOK_DIALOG_URL: `${fb.origin}/dialog/oauth`,
        FACEBOOK_GRAPH_URL: `${fb.origin}/graph`,
        PUBLIC_URL: APP,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fb?.close();
  });

  async function signIn(user: FacebookUser, query = '', rewrite?: (url: URL) => URL) {
    nextUser = user;
    const end = await new Browser(t.app, APP).navigate(`${APP}/api/v1/auth/facebook/start${query}`, rewrite);
    expect(end.url.origin).toBe(APP);
    return end;
  }

  it('signs up as facebook_<id>, keeps the Facebook token encrypted and hands it back decrypted', async () => {
    const user = { id: '100200300', email: 'fiona.fb@example.com', first_name: 'Fiona', last_name: 'Book' };
    const end = await signIn(user, '?type=influencer');
    expect(graphErrors).toEqual([]);
    expect(end.url.pathname).toBe('/auth/callback');
    const me = await client(t.app, fragment(end.url).get('access_token')!).get('/api/v1/my/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      type: 'influencer',
      username: 'facebook_100200300',
      email: 'fiona.fb@example.com',
    });

    const identity = await t.app.ctx.db
      .selectFrom('identities')
      .selectAll()
      .where('provider', '=', 'facebook')
      .where('subject', '=', '100200300')
      .executeTakeFirstOrThrow();
    const firstToken = issued.at(-1)!;
    expect(identity.access_token_enc).toBeTruthy();
    expect(identity.access_token_enc).not.toBe(firstToken);
    expect(identity.access_token_enc).not.toContain(firstToken);
    expect(await getFacebookAccessToken(t.app.ctx, identity.user_id)).toBe(firstToken);

    // Signing in again: same user, and the stored token is replaced by the new one.
    const again = await signIn(user);
    const me2 = await client(t.app, fragment(again.url).get('access_token')!).get('/api/v1/my/user');
    expect(me2.body.id).toBe(me.body.id);
    const secondToken = issued.at(-1)!;
    expect(secondToken).not.toBe(firstToken);
    expect(await getFacebookAccessToken(t.app.ctx, identity.user_id)).toBe(secondToken);
  });

  it('gives a warning and null when the Facebook token is unavailable', async () => {
    const local = await signUpAndLogin(t.app, 'business');
    const me = await client(t.app, local.access).get('/api/v1/my/user');
    const warn = vi.spyOn(t.app.ctx.log, 'warn');
    try {
      expect(await getFacebookAccessToken(t.app.ctx, Number(me.body.id))).toBeNull();
      expect(warn).toHaveBeenCalledTimes(1);

      // A token sealed with another secret cannot be read either.
      const user = { id: '555', email: 'gus.fb@example.com', first_name: 'Gus', last_name: 'Book' };
      await signIn(user, '?type=business');
      const identity = await t.app.ctx.db
        .selectFrom('identities')
        .selectAll()
        .where('provider', '=', 'facebook')
        .where('subject', '=', '555')
        .executeTakeFirstOrThrow();
      await t.app.ctx.db
        .updateTable('identities')
        .set({ access_token_enc: 'AAAA.BBBB.CCCC' })
        .where('id', '=', identity.id)
        .execute();
      warn.mockClear();
      expect(await getFacebookAccessToken(t.app.ctx, identity.user_id)).toBeNull();
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('applies the Google rules: type required for new accounts, forged state refused', async () => {
    const user = { id: '777', email: 'hank.fb@example.com', first_name: 'Hank', last_name: 'Book' };
    expect((await signIn(user)).url.href).toBe(errorUrl(APP, 'register', API_MESSAGE.socialTypeRequired));
    const forged = await signIn(user, '?type=business', (url) => {
      if (url.pathname.endsWith('/facebook/callback')) url.searchParams.set('state', 'forged');
      return url;
    });
    expect(forged.url.href).toBe(errorUrl(APP, 'login', API_MESSAGE.socialFailed));
    const noEmail = await signIn({ id: '778', first_name: 'No', last_name: 'Mail' }, '?type=business');
    expect(noEmail.url.href).toBe(errorUrl(APP, 'login', API_MESSAGE.socialEmailMissing));
    const denied = await signIn(user, '?type=business', (url) => {
      if (url.pathname.endsWith('/facebook/callback')) {
        url.searchParams.delete('code');
        url.searchParams.set('error', 'access_denied');
      }
      return url;
    });
    expect(denied.url.href).toBe(errorUrl(APP, 'login', API_MESSAGE.socialFailed));
  });

  it('redirects to Facebook with the app id, redirect_uri, state and scope', async () => {
    const res = await t.app.inject({ url: '/api/v1/auth/facebook/start?type=business' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${fb.origin}/dialog/oauth`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: APP_ID,
      redirect_uri: `${APP}/api/v1/auth/facebook/callback`,
      scope: 'email,public_profile',
    });
    expect(location.searchParams.get('state')?.length).toBeGreaterThanOrEqual(20);
    expect(String(res.headers['set-cookie'])).toMatch(/^reach_oauth_facebook=/);
  });
});

// ---- not configured ----------------------------------------------------------------------------------------------

describe('social sign-in when not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://reach.example' } });
  });
  afterAll(() => t.close());

  it('redirects every social route to the login page with the not-configured message', async () => {
    for (const path of [
      '/api/v1/auth/google/start?type=business',
      '/api/v1/auth/google/callback?code=x&state=y',
      '/api/v1/auth/facebook/start',
      '/api/v1/auth/facebook/callback?code=x&state=y',
    ]) {
      const res = await t.app.inject({ url: path });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(
        errorUrl('https://reach.example', 'login', API_MESSAGE.socialNotConfigured),
      );
    }
    const providers = await t.app.inject({ url: '/api/v1/auth/providers' });
    expect(providers.json()).toEqual({ google: false, facebook: false });
  });
});

describe('Google configured on https', () => {
  const APP = 'https://reach.example';
  let google: Awaited<ReturnType<typeof startGoogle>>;
  let t: TestApp;
  beforeAll(async () => {
    google = await startGoogle({
      clientId: 'id',
      clientSecret: 'secret',
      redirectUri: `${APP}/api/v1/auth/google/callback`,
      accounts: {},
      nextAccount: () => 'nobody',
    });
    t = await createTestApp({
      env: {
        PUBLIC_URL: APP,
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        GOOGLE_ISSUER: google.issuer,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('fails safely while the issuer is unreachable, and retries discovery afterwards', async () => {
    google.setAvailable(false);
    try {
      const res = await t.app.inject({ url: '/api/v1/auth/google/start?type=business' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(errorUrl(APP, 'login', API_MESSAGE.socialFailed));
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      google.setAvailable(true);
    }
    const start = await t.app.inject({ url: '/api/v1/auth/google/start?type=business' });
    expect(new URL(start.headers.location as string).origin).toBe(google.issuer);
  });

  it('marks the transaction cookie Secure', async () => {
    const start = await t.app.inject({ url: '/api/v1/auth/google/start?type=business' });
    expect(String(start.headers['set-cookie'])).toMatch(/; Secure$/);
  });
});

// ---- the external OIDC issuer (OIDC_ISSUER / OIDC_AUDIENCE) -------------------------------------------------------

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

describe('access tokens of the external OIDC issuer', () => {
  let issuer: Awaited<ReturnType<typeof localServer>>;
  let t: TestApp;
  let sign: (
    claims: Record<string, unknown>,
    options?: { key?: SigningKey; iss?: string },
  ) => Promise<string>;

  beforeAll(async () => {
    issuer = await localServer();
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'ext-1', alg: 'RS256', use: 'sig' };
    issuer.handle((req, res) => {
      if (req.url === '/.well-known/openid-configuration') {
        return sendJson(res, 200, { issuer: issuer.origin, jwks_uri: `${issuer.origin}/jwks` });
      }
      if (req.url === '/jwks') return sendJson(res, 200, { keys: [jwk] });
      sendJson(res, 404, {});
    });
    sign = (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'ext-1' })
        .setIssuer(options.iss ?? issuer.origin)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(options.key ?? privateKey);
    t = await createTestApp({ env: { OIDC_ISSUER: issuer.origin, OIDC_AUDIENCE: 'reach-external' } });
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const me = (token: string) => client(t.app, token).get('/api/v1/my/user');

  it('accepts a token for a confirmed user with a verified email, links it, and refuses a wrong audience', async () => {
    const local = await signUpAndLogin(t.app, 'business', 'ivy@example.com');
    const ok = await me(
      await sign({ sub: 'ext-ivy', email: 'Ivy@Example.com', email_verified: true, aud: 'reach-external' }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: local.email, type: 'business' });
    const identity = await t.app.ctx.db
      .selectFrom('identities')
      .selectAll()
      .where('provider', '=', 'oidc')
      .where('subject', '=', 'ext-ivy')
      .executeTakeFirst();
    expect(identity?.user_id).toBe(ok.body.id);

    // Linked: later tokens of the same subject need no email (a Cognito access token has client_id, no aud).
    expect((await me(await sign({ sub: 'ext-ivy', client_id: 'reach-external' }))).status).toBe(200);
    expect((await me(await sign({ sub: 'ext-ivy', aud: ['other', 'reach-external'] }))).status).toBe(200);

    const wrongAudience = await me(await sign({ sub: 'ext-ivy', aud: 'someone-else' }));
    expect(wrongAudience.status).toBe(401);
    expect(wrongAudience.body.error?.message).toBe(API_MESSAGE.invalidToken);
    expect((await me(await sign({ sub: 'ext-ivy', client_id: 'someone-else' }))).status).toBe(401);
    expect((await me(await sign({ sub: 'ext-ivy' }))).status).toBe(401);
    expect(
      (await me(await sign({ sub: 'ext-ivy', aud: 'reach-external' }, { iss: 'https://evil.example' })))
        .status,
    ).toBe(401);
    const foreign = await generateKeyPair('RS256');
    expect(
      (await me(await sign({ sub: 'ext-ivy', aud: 'reach-external' }, { key: foreign.privateKey }))).status,
    ).toBe(401);
  });

  it('does not link an unverified email, nor an account whose email was never confirmed', async () => {
    await signUpAndLogin(t.app, 'influencer', 'jack@example.com');
    for (const email_verified of [false, undefined]) {
      const res = await me(
        await sign({ sub: 'ext-jack', email: 'jack@example.com', email_verified, aud: 'reach-external' }),
      );
      expect(res.status).toBe(401);
    }
    await client(t.app).post('/api/v1/auth/sign-up', {
      email: 'kim@example.com',
      password: 'Pending-Kim-2040',
      given_name: 'Kim',
      family_name: 'Pending',
      type: 'business',
    });
    const unconfirmed = await me(
      await sign({ sub: 'ext-kim', email: 'kim@example.com', email_verified: true, aud: 'reach-external' }),
    );
    expect(unconfirmed.status).toBe(401);
    const unknown = await me(
      await sign({
        sub: 'ext-nobody',
        email: 'nobody@example.com',
        email_verified: true,
        aud: 'reach-external',
      }),
    );
    expect(unknown.status).toBe(401);
  });
});
