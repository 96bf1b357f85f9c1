import crypto from 'node:crypto';
import { API_MESSAGE } from '@reach/contract/messages';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, latestCode, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const password = 'Velvet-Harbor-2031';

describe('identity: the sign-up to logout journey', () => {
  it('signs up, confirms with the mailed code, logs in, rotates, detects reuse and logs out', async () => {
    const api = client(t.app);
    const email = 'journey@example.com';
    const signUp = await api.post('/api/v1/auth/sign-up', {
      email: 'Journey@Example.com',
      password,
      given_name: 'Jo',
      family_name: 'Urney',
      type: 'business',
    });
    expect(signUp.status).toBe(201);

    const unconfirmed = await api.post('/api/v1/auth/login', { email, password });
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.body.error?.message).toBe(API_MESSAGE.notConfirmed);

    const confirm = await api.post('/api/v1/auth/confirm', { email, code: await latestCode(t.app, email) });
    expect(confirm.status).toBe(200);

    const login = await api.post('/api/v1/auth/login', { email, password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    const access = login.body.access_token as string;
    const refresh1 = login.body.refresh_token as string;

    const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ email, given_name: 'Jo', family_name: 'Urney', type: 'business' });
    expect(claims.sub).toMatch(/^\d+$/);
    expect(claims.exp - claims.iat).toBe(900);
    expect(JSON.parse(Buffer.from(access.split('.')[0]!, 'base64url').toString()).alg).toBe('EdDSA');

    const me = await client(t.app, access).get('/api/v1/my/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      type: 'business',
      name: 'Jo Urney',
      email,
      avatarType: 'initials',
      credits: 0,
      influencer: null,
      business: { active_subscription_id: null },
      subscription_metadata: { trial: true, plan: 'pro', status: 'trialing' },
    });

    const rotated = await api.post('/api/v1/auth/refresh', { refresh_token: refresh1 });
    expect(rotated.status).toBe(200);
    const refresh2 = rotated.body.refresh_token as string;
    expect(refresh2).not.toBe(refresh1);

    // Reusing the rotated token revokes the whole family, including the newest token.
    const reuse = await api.post('/api/v1/auth/refresh', { refresh_token: refresh1 });
    expect(reuse.status).toBe(401);
    expect((await api.post('/api/v1/auth/refresh', { refresh_token: refresh2 })).status).toBe(401);

    const again = await api.post('/api/v1/auth/login', { email, password });
    const refresh3 = again.body.refresh_token as string;
    expect((await api.post('/api/v1/auth/logout', { refresh_token: refresh3 })).status).toBe(200);
    expect((await api.post('/api/v1/auth/refresh', { refresh_token: refresh3 })).status).toBe(401);
  });

  it('refuses a wrong password with a message, and a duplicate email with 409', async () => {
    const api = client(t.app);
    const email = 'dup@example.com';
    await api.post('/api/v1/auth/sign-up', {
      email,
      password,
      given_name: 'D',
      family_name: 'Up',
      type: 'influencer',
    });
    const dup = await api.post('/api/v1/auth/sign-up', {
      email: 'DUP@example.com',
      password,
      given_name: 'D',
      family_name: 'Up',
      type: 'influencer',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error?.message).toBe(API_MESSAGE.emailTaken);
    await api.post('/api/v1/auth/confirm', { email, code: await latestCode(t.app, email) });
    const wrong = await api.post('/api/v1/auth/login', { email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({
      code: 'unauthenticated',
      message: API_MESSAGE.wrongCredentials,
    });
    const unknown = await api.post('/api/v1/auth/login', { email: 'nobody@example.com', password });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error?.message).toBe(API_MESSAGE.wrongCredentials);
  });

  it('validates sign-up input: length, common passwords, type, admin never', async () => {
    const api = client(t.app);
    const base = { email: 'v@example.com', given_name: 'V', family_name: 'A', type: 'business' };
    const short = await api.post('/api/v1/auth/sign-up', { ...base, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error?.fields?.password).toBe(API_MESSAGE.passwordLength);
    const long = await api.post('/api/v1/auth/sign-up', { ...base, password: 'x'.repeat(129) });
    expect(long.status).toBe(400);
    const common = await api.post('/api/v1/auth/sign-up', { ...base, password: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body.error?.message).toBe(API_MESSAGE.commonPassword);
    const admin = await api.post('/api/v1/auth/sign-up', { ...base, password, type: 'admin' });
    expect(admin.status).toBe(400);
    const badEmail = await api.post('/api/v1/auth/sign-up', { ...base, password, email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error?.fields?.email).toBeTruthy();
    const count = await t.app.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('email', '=', 'v@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('identity: codes', () => {
  it('invalidates a code after 5 wrong tries: the 6th attempt fails even with the right code', async () => {
    const api = client(t.app);
    const email = 'codes@example.com';
    await api.post('/api/v1/auth/sign-up', {
      email,
      password,
      given_name: 'C',
      family_name: 'Ode',
      type: 'influencer',
    });
    const right = await latestCode(t.app, email);
    const wrongCode = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await api.post('/api/v1/auth/confirm', { email, code: wrongCode });
      expect(res.status).toBe(400);
      expect(res.body.error?.message).toBe(API_MESSAGE.codeInvalid);
    }
    const sixth = await api.post('/api/v1/auth/confirm', { email, code: right });
    expect(sixth.status).toBe(400);
    expect(sixth.body.error?.message).toBe(API_MESSAGE.codeExpired);

    // A resent code works, and the old one never does again.
    await api.post('/api/v1/auth/resend-code', { email });
    const fresh = await latestCode(t.app, email);
    expect((await api.post('/api/v1/auth/confirm', { email, code: fresh })).status).toBe(200);
  });

  it('expires a confirmation code after 24 hours', async () => {
    const api = client(t.app);
    const email = 'late@example.com';
    await api.post('/api/v1/auth/sign-up', {
      email,
      password,
      given_name: 'L',
      family_name: 'Ate',
      type: 'business',
    });
    const code = await latestCode(t.app, email);
    t.clock.advance(24 * 3600 * 1000 + 1000);
    const res = await api.post('/api/v1/auth/confirm', { email, code });
    t.clock.now = new Date();
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(API_MESSAGE.codeExpired);
  });

  it('resets a forgotten password with a code and signs old sessions out', async () => {
    const api = client(t.app);
    const email = 'forgot@example.com';
    await api.post('/api/v1/auth/sign-up', {
      email,
      password,
      given_name: 'F',
      family_name: 'Orgot',
      type: 'business',
    });
    await api.post('/api/v1/auth/confirm', { email, code: await latestCode(t.app, email) });
    const session = await api.post('/api/v1/auth/login', { email, password });

    expect((await api.post('/api/v1/auth/forgot-password', { email: 'nobody@example.com' })).status).toBe(
      200,
    );
    expect((await api.post('/api/v1/auth/forgot-password', { email })).status).toBe(200);
    const code = await latestCode(t.app, email);
    const wrong = await api.post('/api/v1/auth/reset-password', {
      email,
      code: code === '123456' ? '654321' : '123456',
      password: 'Brand-New-Pass-7',
    });
    expect(wrong.status).toBe(400);
    const ok = await api.post('/api/v1/auth/reset-password', { email, code, password: 'Brand-New-Pass-7' });
    expect(ok.status).toBe(200);
    expect((await api.post('/api/v1/auth/login', { email, password })).status).toBe(401);
    expect((await api.post('/api/v1/auth/login', { email, password: 'Brand-New-Pass-7' })).status).toBe(200);
    expect(
      (await api.post('/api/v1/auth/refresh', { refresh_token: session.body.refresh_token })).status,
    ).toBe(401);
  });

  it('changes the password only with the right old password', async () => {
    const api = client(t.app);
    const email = 'change@example.com';
    await api.post('/api/v1/auth/sign-up', {
      email,
      password,
      given_name: 'Ch',
      family_name: 'Ange',
      type: 'influencer',
    });
    await api.post('/api/v1/auth/confirm', { email, code: await latestCode(t.app, email) });
    const login = await api.post('/api/v1/auth/login', { email, password });
    const me = client(t.app, login.body.access_token as string);
    const wrongOld = await me.post('/api/v1/auth/change-password', {
      old_password: 'nope-nope-nope',
      new_password: 'Another-Pass-88',
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.error?.fields?.old_password).toBe(API_MESSAGE.wrongOldPassword);
    const unauth = await client(t.app).post('/api/v1/auth/change-password', {
      old_password: password,
      new_password: 'Another-Pass-88',
    });
    expect(unauth.status).toBe(401);
    const ok = await me.post('/api/v1/auth/change-password', {
      old_password: password,
      new_password: 'Another-Pass-88',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTruthy();
    expect((await api.post('/api/v1/auth/login', { email, password: 'Another-Pass-88' })).status).toBe(200);
  });
});

describe('access tokens', () => {
  async function validToken() {
    const api = client(t.app);
    const email = `tok-${crypto.randomBytes(3).toString('hex')}@example.com`;
    await api.post('/api/v1/auth/sign-up', {
      email,
      password,
      given_name: 'T',
      family_name: 'Ok',
      type: 'business',
    });
    await api.post('/api/v1/auth/confirm', { email, code: await latestCode(t.app, email) });
    return (await api.post('/api/v1/auth/login', { email, password })).body.access_token as string;
  }

  it('refuses missing, tampered, alg:none, expired, foreign-key and wrong-audience tokens with 401', async () => {
    const token = await validToken();
    expect((await client(t.app, token).get('/api/v1/my/user')).status).toBe(200);
    expect((await client(t.app).get('/api/v1/my/user')).status).toBe(401);

    const [h, p, s] = token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tamperedPayload = Buffer.from(JSON.stringify({ ...payload, sub: '1', type: 'admin' })).toString(
      'base64url',
    );
    expect((await client(t.app, `${h}.${tamperedPayload}.${s}`).get('/api/v1/my/user')).status).toBe(401);

    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect((await client(t.app, none).get('/api/v1/my/user')).status).toBe(401);

    const foreignKey = crypto.generateKeyPairSync('ed25519').privateKey;
    const forged = await new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA' }).sign(foreignKey);
    expect((await client(t.app, forged).get('/api/v1/my/user')).status).toBe(401);

    // Same key, wrong audience / expired: signed with the server's own key material.
    const pem = (await import('node:fs')).readFileSync(`${t.config.dataDir}/keys/jwt-ed25519.pem`, 'utf8');
    const ownKey = crypto.createPrivateKey(pem);
    const wrongAud = await new SignJWT({ ...payload, aud: 'someone-else' })
      .setProtectedHeader({ alg: 'EdDSA' })
      .sign(ownKey);
    expect((await client(t.app, wrongAud).get('/api/v1/my/user')).status).toBe(401);
    const expired = await new SignJWT({ ...payload, iat: payload.iat - 3600, exp: payload.iat - 1800 })
      .setProtectedHeader({ alg: 'EdDSA' })
      .sign(ownKey);
    const res = await client(t.app, expired).get('/api/v1/my/user');
    expect(res.status).toBe(401);
    expect(res.body.error?.message).toBe(API_MESSAGE.invalidToken);
    const stillGood = await new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA' }).sign(ownKey);
    expect((await client(t.app, stillGood).get('/api/v1/my/user')).status).toBe(200);
  });

  it('publishes the signing key as JWKS', async () => {
    const res = await t.app.inject({ url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
  });
});

describe('rate limits', () => {
  it('answers 429 with a message after too many sign-in attempts, per IP and per account', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_AUTH_MAX: '3' } });
    try {
      const statuses: number[] = [];
      let last: { error?: { message: string } } = {};
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: `victim@example.com`, password: 'guess-guess' },
          remoteAddress: `10.0.0.${i + 1}`,
        });
        statuses.push(res.statusCode);
        last = res.json();
      }
      // Different IPs each time: only the per-account limit can stop it.
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      expect(last.error?.message).toBe(API_MESSAGE.rateLimited);

      const perIp: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/forgot-password',
          payload: { email: `person${i}@example.com` },
          remoteAddress: '10.9.9.9',
        });
        perIp.push(res.statusCode);
      }
      expect(perIp).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('platform', () => {
  it('serves health, security headers, request ids and the OpenAPI document', async () => {
    const health = await t.app.inject({ url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect(health.headers['x-request-id']).toBeTruthy();
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['content-security-policy']).toContain("default-src 'self'");
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/my/user']),
    );
  });

  it('answers unknown api paths and malformed JSON with the error shape, never a stack', async () => {
    const missing = await t.app.inject({ url: '/api/v1/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'not_found', message: API_MESSAGE.notFound } });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation');
    expect(bad.body).not.toMatch(/at .*\.ts|node_modules/);
  });

  it('exposes the outbox only outside production', async () => {
    const res = await t.app.inject({ url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages.length).toBeGreaterThan(0);
    const prod = await createTestApp({
      env: {
        NODE_ENV: 'production',
        JWT_PRIVATE_KEY: crypto
          .generateKeyPairSync('ed25519')
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString(),
        APP_SECRET: 'x'.repeat(40),
      },
    });
    try {
      expect((await prod.app.inject({ url: '/api/dev/outbox' })).statusCode).toBe(404);
      expect(
        (await prod.app.inject({ url: '/dev/mailbox', headers: { accept: 'text/html' } })).statusCode,
      ).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
