import crypto from 'node:crypto';
import { TRIAL_CREDITS } from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService, settleAuthWork } from '../src/modules/auth/service';
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
      // The trial's discovery credits (issue 12: a trial can search).
      credits: TRIAL_CREDITS,
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

  it('refuses a wrong password with a message; a sign-up of a taken address looks new and mails the owner', async () => {
    const api = client(t.app);
    const email = 'dup@example.com';
    const first = await api.post('/api/v1/auth/sign-up', {
      email,
      password,
      given_name: 'D',
      family_name: 'Up',
      type: 'influencer',
    });
    const code = await latestCode(t.app, email);
    const dup = await api.post('/api/v1/auth/sign-up', {
      email: 'DUP@example.com',
      password: 'Other-Password-99',
      given_name: 'Mal',
      family_name: 'Lory',
      type: 'business',
    });
    expect([dup.status, dup.body]).toEqual([first.status, first.body]);
    expect(dup.body).toEqual({ message: API_MESSAGE.signUpMailed });
    // The owner is told, with links to sign in or reset the password, and no code.
    const mail = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Someone tried to sign up to REACH with your email address');
    expect(mail.text_body).toContain(`${t.config.publicUrl}/auth/login?email=dup%40example.com`);
    expect(mail.text_body).toContain(`${t.config.publicUrl}/auth/forgot-password?email=dup%40example.com`);
    expect(mail.text_body).not.toMatch(/\b\d{6}\b/);
    // Nothing about the account changed: still one, with its first password and names.
    const users = await t.app.ctx.db.selectFrom('users').selectAll().where('email', '=', email).execute();
    expect(users.map((u) => [u.type, u.given_name])).toEqual([['influencer', 'D']]);
    await api.post('/api/v1/auth/confirm', { email, code });
    expect((await api.post('/api/v1/auth/login', { email, password: 'Other-Password-99' })).status).toBe(401);
    // A confirmed owner is mailed the same way, and the answer is still that of a new sign-up.
    const again = await api.post('/api/v1/auth/sign-up', {
      email,
      password: 'Other-Password-99',
      given_name: 'Mal',
      family_name: 'Lory',
      type: 'influencer',
    });
    expect([again.status, again.body]).toEqual([first.status, first.body]);
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
      expect(res.body.error?.message).toBe(API_MESSAGE.codeNotAccepted);
    }
    const sixth = await api.post('/api/v1/auth/confirm', { email, code: right });
    expect(sixth.status).toBe(400);
    expect(sixth.body.error?.message).toBe(API_MESSAGE.codeNotAccepted);

    // A resent code works, and the old one never does again.
    await api.post('/api/v1/auth/resend-code', { email });
    await settleAuthWork(t.app.ctx);
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
    expect(res.body.error?.message).toBe(API_MESSAGE.codeNotAccepted);
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

    const unknown = await api.post('/api/v1/auth/forgot-password', { email: 'nobody@example.com' });
    const known = await api.post('/api/v1/auth/forgot-password', { email });
    expect([unknown.status, unknown.body]).toEqual([200, { message: API_MESSAGE.codeSent }]);
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
    // The mail follows the answer.
    await settleAuthWork(t.app.ctx);
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
    // The access token of the old session ends at once too.
    const old = await client(t.app, session.body.access_token as string).get('/api/v1/my/user');
    expect([old.status, old.body.error?.message]).toEqual([401, API_MESSAGE.invalidToken]);
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

/** A confirmed account signed in with a password; returns its tokens and an api client with its access token. */
async function signedIn(type: 'business' | 'influencer' = 'business') {
  const api = client(t.app);
  const email = `s-${crypto.randomBytes(4).toString('hex')}@example.com`;
  await api.post('/api/v1/auth/sign-up', { email, password, given_name: 'S', family_name: 'Ession', type });
  await api.post('/api/v1/auth/confirm', { email, code: await latestCode(t.app, email) });
  const login = await api.post('/api/v1/auth/login', { email, password });
  const access = login.body.access_token as string;
  return { email, access, refresh: login.body.refresh_token as string, me: client(t.app, access) };
}

/** The median of some durations in milliseconds. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Times `a` and `b` alternately, `rounds` times each, letting queued auth work finish between requests (outside
 * the timed part) so one request's mail does not slow the next one down.
 */
async function interleavedMedians(rounds: number, a: () => Promise<unknown>, b: () => Promise<unknown>) {
  const times = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    // Alternate which goes first, so neither always follows the other.
    for (const which of i % 2 ? (['b', 'a'] as const) : (['a', 'b'] as const)) {
      const started = performance.now();
      await (which === 'a' ? a() : b());
      times[which].push(performance.now() - started);
      await settleAuthWork(t.app.ctx);
    }
  }
  return { a: median(times.a), b: median(times.b) };
}

describe('accounts do not reveal who is registered', () => {
  it('answers confirm the same for a wrong code, an unknown address and a confirmed one', async () => {
    const api = client(t.app);
    const pending = 'pending@example.com';
    await api.post('/api/v1/auth/sign-up', {
      email: pending,
      password,
      given_name: 'P',
      family_name: 'Ending',
      type: 'business',
    });
    const right = await latestCode(t.app, pending);
    const wrong = right === '000000' ? '111111' : '000000';
    const { email: confirmed } = await signedIn();
    const answers = await Promise.all([
      api.post('/api/v1/auth/confirm', { email: pending, code: wrong }),
      api.post('/api/v1/auth/confirm', { email: 'nobody-here@example.com', code: wrong }),
      api.post('/api/v1/auth/confirm', { email: confirmed, code: wrong }),
      api.post('/api/v1/auth/confirm', { email: confirmed, code: await latestCode(t.app, confirmed) }),
    ]);
    for (const answer of answers) {
      expect([answer.status, answer.body]).toEqual([
        400,
        {
          error: {
            code: 'validation',
            message: API_MESSAGE.codeNotAccepted,
            fields: { code: API_MESSAGE.codeNotAccepted },
          },
        },
      ]);
    }
    expect((await api.post('/api/v1/auth/confirm', { email: pending, code: right })).status).toBe(200);
  });

  it('answers reset-password the same for an unknown address and a wrong code', async () => {
    const api = client(t.app);
    const { email } = await signedIn();
    await api.post('/api/v1/auth/forgot-password', { email });
    await settleAuthWork(t.app.ctx);
    const code = await latestCode(t.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const known = await api.post('/api/v1/auth/reset-password', {
      email,
      code: wrong,
      password: 'New-Pass-123x',
    });
    const unknown = await api.post('/api/v1/auth/reset-password', {
      email: 'nobody-here@example.com',
      code: wrong,
      password: 'New-Pass-123x',
    });
    expect(known.status).toBe(400);
    expect(known.body.error?.message).toBe(API_MESSAGE.codeNotAccepted);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
  });

  it('answers forgot-password and resend-code the same for known and unknown addresses, mailing only accounts', async () => {
    const api = client(t.app);
    const { email } = await signedIn();
    const mails = async () =>
      Number(
        (
          await t.app.ctx.db
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    await settleAuthWork(t.app.ctx);
    const before = await mails();
    for (const route of ['forgot-password', 'resend-code']) {
      const known = await api.post(`/api/v1/auth/${route}`, { email });
      const unknown = await api.post(`/api/v1/auth/${route}`, { email: 'nobody-here@example.com' });
      expect([known.status, known.body]).toEqual([200, { message: API_MESSAGE.codeSent }]);
      expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    }
    await settleAuthWork(t.app.ctx);
    // One reset code for the account; no confirmation code (it is confirmed) and nothing for the unknown address.
    expect((await mails()) - before).toBe(1);
    expect(
      await t.app.ctx.db
        .selectFrom('mail_outbox')
        .select('to_address')
        .where('to_address', '=', 'nobody-here@example.com')
        .execute(),
    ).toEqual([]);
  });

  it('times forgot-password alike for known and unknown addresses (medians of 30 interleaved requests)', async () => {
    const { email } = await signedIn();
    const api = client(t.app);
    // Warm both paths (JIT, the database's plans) before timing.
    for (let i = 0; i < 5; i++) {
      await api.post('/api/v1/auth/forgot-password', { email });
      await api.post('/api/v1/auth/forgot-password', { email: `warm-${i}@example.com` });
    }
    await settleAuthWork(t.app.ctx);
    let n = 0;
    const medians = await interleavedMedians(
      30,
      () => api.post('/api/v1/auth/forgot-password', { email }),
      () => api.post('/api/v1/auth/forgot-password', { email: `nobody-${n++}@example.com` }),
    );
    console.info(
      `forgot-password medians: known ${medians.a.toFixed(2)} ms, unknown ${medians.b.toFixed(2)} ms`,
    );
    // Both answer before any lookup, so only noise separates them: 2 ms or 25%, whichever is larger.
    const tolerance = Math.max(2, 0.25 * Math.max(medians.a, medians.b));
    expect(Math.abs(medians.a - medians.b)).toBeLessThan(tolerance);
  });

  // By hand: REACH_AUTH_TIMING=1 npx vitest run --project api apps/api/test/auth.test.ts -t 'bench'
  it.runIf(process.env.REACH_AUTH_TIMING === '1')('bench: sign-up and confirm timings', async () => {
    const api = client(t.app);
    const { email } = await signedIn();
    const body = { password, given_name: 'B', family_name: 'Ench', type: 'business' as const };
    let n = 0;
    const signUp = await interleavedMedians(
      30,
      () => api.post('/api/v1/auth/sign-up', { ...body, email }),
      () => api.post('/api/v1/auth/sign-up', { ...body, email: `bench-${n++}@example.com` }),
    );
    let m = 0;
    // One wrong code for each account just signed up, so each still has its code (5 tries would use it up).
    const confirm = await interleavedMedians(
      30,
      () => api.post('/api/v1/auth/confirm', { email: `bench-${m++}@example.com`, code: '000000' }),
      () => api.post('/api/v1/auth/confirm', { email: `nobody-${n++}@example.com`, code: '000000' }),
    );
    console.info(
      `sign-up medians: taken ${signUp.a.toFixed(2)} ms, new ${signUp.b.toFixed(2)} ms; ` +
        `confirm (wrong code) medians: pending account ${confirm.a.toFixed(2)} ms, unknown ${confirm.b.toFixed(2)} ms`,
    );
  });
});

describe('access tokens end with the session', () => {
  it('logout ends the access tokens at once; other sessions renew with their refresh tokens', async () => {
    const session = await signedIn();
    const other = await client(t.app).post('/api/v1/auth/login', { email: session.email, password });
    expect((await session.me.get('/api/v1/my/user')).status).toBe(200);
    expect((await client(t.app).post('/api/v1/auth/logout', { refresh_token: session.refresh })).status).toBe(
      200,
    );
    const after = await session.me.get('/api/v1/my/user');
    expect([after.status, after.body.error?.message]).toEqual([401, API_MESSAGE.invalidToken]);
    // The other device's access token ends too, but its session goes on after a refresh.
    expect((await client(t.app, other.body.access_token as string).get('/api/v1/my/user')).status).toBe(401);
    const renewed = await client(t.app).post('/api/v1/auth/refresh', {
      refresh_token: other.body.refresh_token,
    });
    expect(renewed.status).toBe(200);
    expect((await client(t.app, renewed.body.access_token as string).get('/api/v1/my/user')).status).toBe(
      200,
    );
  });

  it('a password change ends the old access tokens while the new session works', async () => {
    const session = await signedIn('influencer');
    const other = await client(t.app).post('/api/v1/auth/login', { email: session.email, password });
    const changed = await session.me.post('/api/v1/auth/change-password', {
      old_password: password,
      new_password: 'Another-Pass-88',
    });
    expect(changed.status).toBe(200);
    for (const old of [session.access, other.body.access_token as string]) {
      const res = await client(t.app, old).get('/api/v1/my/user');
      expect([res.status, res.body.error?.message]).toEqual([401, API_MESSAGE.invalidToken]);
    }
    expect((await client(t.app, changed.body.access_token as string).get('/api/v1/my/user')).status).toBe(
      200,
    );
    const refresh = await client(t.app).post('/api/v1/auth/refresh', {
      refresh_token: changed.body.refresh_token,
    });
    expect(refresh.status).toBe(200);
    expect(
      (await client(t.app).post('/api/v1/auth/refresh', { refresh_token: other.body.refresh_token })).status,
    ).toBe(401);
  });

  it('a suspension stops the access token at once, and a reactivation does not revive it', async () => {
    const session = await signedIn();
    const adminEmail = `admin-${crypto.randomBytes(3).toString('hex')}@example.com`;
    const auth = createAuthService(t.app.ctx);
    const admin = await t.app.ctx.db.transaction().execute((trx) =>
      auth.createAccount(trx, {
        email: adminEmail,
        given_name: 'A',
        family_name: 'Dmin',
        type: 'admin',
        confirmed: true,
      }),
    );
    await auth.setPassword(admin.id, password);
    const adminApi = client(
      t.app,
      (await client(t.app).post('/api/v1/auth/login', { email: adminEmail, password })).body
        .access_token as string,
    );
    const id = (await session.me.get('/api/v1/my/user')).body.id as number;
    expect((await adminApi.post(`/api/v1/admin/users/${id}/suspend`, {})).status).toBe(200);
    const suspended = await session.me.get('/api/v1/my/user');
    expect([suspended.status, suspended.body.error?.code]).toEqual([403, 'account_suspended']);
    expect((await adminApi.post(`/api/v1/admin/users/${id}/reactivate`, {})).status).toBe(200);
    const reactivated = await session.me.get('/api/v1/my/user');
    expect([reactivated.status, reactivated.body.error?.message]).toEqual([401, API_MESSAGE.invalidToken]);
    expect(
      (await client(t.app).post('/api/v1/auth/refresh', { refresh_token: session.refresh })).status,
    ).toBe(401);
  });

  it('refuses an access token without a version (issued before versions existed)', async () => {
    const session = await signedIn();
    const [, p] = session.access.split('.') as [string, string];
    const { token_version, ...claims } = JSON.parse(Buffer.from(p, 'base64url').toString());
    expect(token_version).toBe(0);
    const pem = (await import('node:fs')).readFileSync(`${t.config.dataDir}/keys/jwt-ed25519.pem`, 'utf8');
    const legacy = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA' })
      .sign(crypto.createPrivateKey(pem));
    expect((await client(t.app, legacy).get('/api/v1/my/user')).status).toBe(401);
    expect((await session.me.get('/api/v1/my/user')).status).toBe(200);
  });

  it('signs in on confirm only with the sign-up password', async () => {
    const api = client(t.app);
    const sign = async (email: string) => {
      await api.post('/api/v1/auth/sign-up', {
        email,
        password,
        given_name: 'Con',
        family_name: 'Firm',
        type: 'influencer',
      });
      return latestCode(t.app, email);
    };
    const withPassword = await api.post('/api/v1/auth/confirm', {
      email: 'c1@example.com',
      code: await sign('c1@example.com'),
      password,
    });
    expect(withPassword.status).toBe(200);
    expect(withPassword.body.message).toBe(API_MESSAGE.confirmedSignedIn);
    const tokens = withPassword.body.tokens as { access_token: string; refresh_token: string };
    expect((await client(t.app, tokens.access_token).get('/api/v1/my/user')).body.email).toBe(
      'c1@example.com',
    );
    expect((await api.post('/api/v1/auth/refresh', { refresh_token: tokens.refresh_token })).status).toBe(
      200,
    );

    const codeOnly = await api.post('/api/v1/auth/confirm', {
      email: 'c2@example.com',
      code: await sign('c2@example.com'),
    });
    expect(codeOnly.body).toEqual({ message: API_MESSAGE.confirmed, tokens: null });
    // Someone else's password: confirmed all the same, but not signed in.
    const wrongPassword = await api.post('/api/v1/auth/confirm', {
      email: 'c3@example.com',
      code: await sign('c3@example.com'),
      password: 'Not-The-Password-1',
    });
    expect(wrongPassword.body).toEqual({ message: API_MESSAGE.confirmed, tokens: null });
    expect((await api.post('/api/v1/auth/login', { email: 'c3@example.com', password })).status).toBe(200);
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
