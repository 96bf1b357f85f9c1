import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DEMO_PASSWORD, type TestApp } from './harness';

/*
 * Spec §3/§8 (issue 13 deviation 7): the sign-in state holds a Facebook auth token taken from the identity's
 * `nickname` attribute: the access token carries the token of the user's latest Facebook sign-in as its
 * `nickname` claim, and nothing when there is none (the web warns and holds null).
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(async () => {
  await t?.close();
});

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

async function login(email: string) {
  const res = await client(t.app).post('/api/v1/auth/login', { email, password: DEMO_PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { access_token: string; refresh_token: string };
}

describe('the Facebook auth token in the nickname attribute', () => {
  it('is the token of the latest Facebook sign-in, after login and after a refresh', async () => {
    const { ctx } = t.app;
    const user = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'influencer@reach.local')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('identities')
      .values([
        {
          user_id: user.id,
          provider: 'facebook',
          subject: 'fb-older',
          access_token_enc: ctx.cipher.encrypt('EAAB-older-token'),
          updated_at: new Date(Date.now() - 86_400_000),
        },
        {
          user_id: user.id,
          provider: 'facebook',
          subject: 'fb-latest',
          access_token_enc: ctx.cipher.encrypt('EAAB-latest-token'),
        },
      ])
      .execute();

    const tokens = await login('influencer@reach.local');
    expect(claimsOf(tokens.access_token).nickname).toBe('EAAB-latest-token');
    // The token still works as an access token.
    expect((await client(t.app, tokens.access_token).get('/api/v1/my/user')).status).toBe(200);

    const refreshed = await client(t.app).post('/api/v1/auth/refresh', {
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(claimsOf(refreshed.body.access_token as string).nickname).toBe('EAAB-latest-token');
  });

  it('is absent for a user who never signed in with Facebook, or whose token cannot be unsealed', async () => {
    const tokens = await login('pro@reach.local');
    expect(claimsOf(tokens.access_token)).not.toHaveProperty('nickname');

    const { ctx } = t.app;
    const user = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'trial@reach.local')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('identities')
      .values({
        user_id: user.id,
        provider: 'facebook',
        subject: 'fb-broken',
        access_token_enc: 'not-sealed',
      })
      .execute();
    const broken = await login('trial@reach.local');
    expect(claimsOf(broken.access_token)).not.toHaveProperty('nickname');
  });
});
