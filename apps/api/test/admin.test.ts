import type {
  AdminCountriesPage,
  AdminInterest,
  AdminInterestsPage,
  AdminState,
  AdminStatesPage,
} from '@reach/contract/admin-reference';
import type { AdminUser, AdminUserDetail, UsersPage } from '@reach/contract/admin-users';
import type { Campaign, CampaignsPage } from '@reach/contract/campaigns';
import { adminUsersApi, usersApi } from '@reach/contract/endpoints/users';
import type { AdminFeedback, FeedbackPage } from '@reach/contract/feedback';
import { API_MESSAGE } from '@reach/contract/messages';
import type { LiveEvent } from '@reach/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { client, createTestApp, DEMO_PASSWORD, loginAs, signUpAndLogin, type TestApp } from './harness';

type Role = 'admin' | 'trial' | 'pro' | 'influencer';
let t: TestApp;
let tokens: Record<Role, string>;
let ids: Record<Role, number>;

const V = '/api/v1';

/** Counts from the database itself, so expectations follow whatever the demo seed holds. */
async function countOf(
  table: 'users' | 'influencer_profiles' | 'influencer_interests',
  where?: [column: string, value: number],
): Promise<number> {
  let query = t.app.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  // biome-ignore lint/suspicious/noExplicitAny: the column is one of the few this file names
  if (where) query = query.where(where[0] as any, '=', where[1]);
  return Number((await query.executeTakeFirstOrThrow()).n);
}
const influencers = (n: number) => `${n} influencer${n === 1 ? '' : 's'}`;
const as = (role: Role) => client(t.app, tokens[role]);

async function auditRows(action: string, subjectId?: number) {
  let q = t.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (subjectId !== undefined) q = q.where('subject_id', '=', subjectId);
  return q.orderBy('id').execute();
}

async function demoCampaignId(title: string): Promise<number> {
  const row = await t.app.ctx.db
    .selectFrom('campaigns')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function interestId(name: string): Promise<number> {
  const row = await t.app.ctx.db
    .selectFrom('interests')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const roles: Role[] = ['admin', 'trial', 'pro', 'influencer'];
  tokens = Object.fromEntries(
    await Promise.all(roles.map(async (r) => [r, await loginAs(t.app, `${r}@reach.local`)])),
  );
  ids = Object.fromEntries(
    await Promise.all(
      roles.map(async (r) => [r, (await client(t.app, tokens[r]).get(`${V}/my/user`)).body.id as number]),
    ),
  );
});
afterAll(() => t.close());

describe('access', () => {
  // Every admin endpoint, with a request that would succeed for an admin.
  const endpoints = (): [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] => [
    ['GET', `${V}/users`],
    ['GET', `${V}/users?userSearch=pro&type=business&sortBy=email&sortDesc=desc&items=5&page=1`],
    ['GET', `${V}/admin/users/${ids.pro}`],
    ['POST', `${V}/admin/users/${ids.pro}/suspend`, {}],
    ['POST', `${V}/admin/users/${ids.pro}/reactivate`, {}],
    ['POST', `${V}/admin/users/${ids.pro}/credits`, { amount: 5, reason: 'Goodwill' }],
    ['GET', `${V}/campaigns/all`],
    ['POST', `${V}/admin/campaigns/1/pause`, {}],
    ['POST', `${V}/admin/campaigns/1/archive`, {}],
    ['GET', `${V}/admin/keywords`],
    ['GET', `${V}/admin/keywords/categories`],
    ['POST', `${V}/admin/keywords`, { name: 'Forbidden Interest', category: 'Other' }],
    ['PUT', `${V}/admin/keywords/1`, { name: 'Renamed' }],
    ['DELETE', `${V}/admin/keywords/1`],
    ['GET', `${V}/admin/feedback`],
    ['PUT', `${V}/admin/feedback/1`, { status: 'resolved' }],
    ['GET', `${V}/admin/states`],
    ['POST', `${V}/admin/states`, { id: 999_001, country_id: 148838, name: 'Nowhere', code: 'NW' }],
    ['PUT', `${V}/admin/states/165475`, { name: 'Renamed' }],
    ['DELETE', `${V}/admin/states/165475`],
    ['GET', `${V}/admin/countries`],
    ['POST', `${V}/admin/countries`, { id: 999_002, name: 'Nowhere', code: 'QQ' }],
    ['PUT', `${V}/admin/countries/148838`, { name: 'Renamed' }],
    ['DELETE', `${V}/admin/countries/148838`],
  ];

  it('refuses every admin endpoint without a token (401) and to businesses and influencers (403)', async () => {
    for (const [method, url, body] of endpoints()) {
      const res = await t.app.inject({ method, url, ...(body ? { payload: body as object } : {}) });
      expect(res.statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const role of ['trial', 'pro', 'influencer'] as const) {
        const call = client(t.app, tokens[role]);
        const reply =
          method === 'GET'
            ? await call.get(url)
            : method === 'POST'
              ? await call.post(url, body)
              : method === 'PUT'
                ? await call.put(url, body)
                : await call.delete(url);
        expect(reply.status, `${method} ${url} as ${role}`).toBe(403);
        expect(reply.body.error?.code).toBe('forbidden');
      }
    }
    // Refusals changed nothing.
    expect(await auditRows('user.suspended')).toHaveLength(0);
    expect(await auditRows('interest.created')).toHaveLength(0);
    const california = await t.app.ctx.db
      .selectFrom('states')
      .select('name')
      .where('id', '=', 165475)
      .executeTakeFirstOrThrow();
    expect(california.name).toBe('California');
  });

  it('checks the role before validating the request', async () => {
    // A business must not learn anything from validation errors of an admin endpoint.
    expect((await as('pro').get(`${V}/users?sortBy=password`)).status).toBe(403);
    expect((await as('pro').post(`${V}/admin/keywords`, { name: '' })).status).toBe(403);
  });
});

describe('GET /users', () => {
  const page = (body: unknown) => body as UsersPage;

  it('pages every account, sorted by name by default, with subscription state for businesses', async () => {
    const everyone = page((await as('admin').get(`${V}/users?items=100`)).body);
    expect(everyone.total).toBe(await countOf('users'));
    const names = everyone.data.map((u) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    // The demo accounts (the seeded creators are at creators.example).
    const res = await as('admin').get(`${V}/users?items=100&userSearch=reach.local`);
    expect(res.status).toBe(200);
    const all = page(res.body);
    expect(all.total).toBe(6);
    const pro = all.data.find((u) => u.email === 'pro@reach.local')!;
    expect(pro).toMatchObject({
      type: 'business',
      name: 'Peak Outdoor Co.',
      business_name: 'Peak Outdoor Co.',
      status: 'active',
      credits: 500,
      email_confirmed: true,
      external: false,
      subscription: { plan: 'pro', status: 'active', trial: false },
    });
    expect(pro.business_id).toEqual(expect.any(Number));
    expect(all.data.find((u) => u.email === 'trial@reach.local')!.subscription).toMatchObject({
      trial: true,
      status: 'trialing',
    });
    expect(all.data.find((u) => u.email === 'free@reach.local')!.subscription).toMatchObject({
      plan: 'free',
      trial: false,
    });
    const influencer = all.data.find((u) => u.email === 'influencer@reach.local')!;
    expect(influencer.subscription).toBeNull();
    expect(influencer.business_id).toBeNull();
    // Whitelisted: nothing about passwords or tokens leaves the server.
    expect(Object.keys(pro)).not.toContain('password_hash');
    expect(JSON.stringify(res.body)).not.toMatch(/password|token/i);
  });

  it('searches name, business name and email, and filters by type and status', async () => {
    const api = as('admin');
    const emails = async (query: string) =>
      page((await api.get(`${V}/users?${query}`)).body).data.map((u: AdminUser) => u.email);
    expect(await emails('userSearch=isabella')).toEqual(['influencer@reach.local']); // given name
    expect(await emails('userSearch=reyes')).toEqual(['influencer@reach.local']); // family name
    expect(await emails('userSearch=bella%20reyes')).toEqual(['influencer@reach.local']); // full name
    expect(await emails('userSearch=northwind')).toEqual(['free@reach.local']); // business name
    expect(await emails('userSearch=PRO%40REACH')).toEqual(['pro@reach.local']); // email, any case
    expect(await emails('userSearch=%25')).toEqual([]); // LIKE wildcards are literal
    expect((await emails('type=business')).sort()).toEqual([
      'free@reach.local',
      'pro@reach.local',
      'trial@reach.local',
    ]);
    expect(await emails('type=admin')).toEqual(['admin@reach.local']);
    expect(await emails('type=influencer&userSearch=new')).toEqual(['new@reach.local']);
    expect(await emails('status=suspended')).toEqual([]);
  });

  it('sorts and pages, and rejects unknown sorts and bad paging with 400', async () => {
    const api = as('admin');
    const demo = 'userSearch=reach.local';
    const byEmail = page(
      (await api.get(`${V}/users?${demo}&sortBy=email&sortDesc=desc&items=2&page=1`)).body,
    );
    expect(byEmail.total).toBe(6);
    expect(byEmail.data.map((u) => u.email)).toEqual(['trial@reach.local', 'pro@reach.local']);
    const second = page((await api.get(`${V}/users?${demo}&sortBy=email&sortDesc=desc&items=2&page=2`)).body);
    expect(second.data.map((u) => u.email)).toEqual(['new@reach.local', 'influencer@reach.local']);
    const credits = page((await api.get(`${V}/users?sortBy=credits&sortDesc=desc&items=1`)).body);
    expect(credits.data[0]!.email).toBe('pro@reach.local');
    const users = await countOf('users');
    const beyond = page((await api.get(`${V}/users?items=5&page=${Math.ceil(users / 5) + 1}`)).body);
    expect(beyond).toEqual({ data: [], total: users });
    for (const bad of [
      'sortBy=password_hash',
      'sortDesc=up',
      'items=0',
      'items=101',
      'page=0',
      'type=robot',
      'status=gone',
    ]) {
      const res = await api.get(`${V}/users?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error?.code).toBe('validation');
    }
  });

  it('shows one account in detail with what the admin may do', async () => {
    const api = as('admin');
    const influencer = (await api.get(`${V}/admin/users/${ids.influencer}`))
      .body as unknown as AdminUserDetail;
    expect(influencer).toMatchObject({
      email: 'influencer@reach.local',
      given_name: 'Isabella',
      business: null,
      influencer: { city: 'Los Angeles', state: 'California', instagram_username: 'bella.glows' },
      counts: { feedback: 1 },
      abilities: { suspend: true, reactivate: false, grant_credits: false },
    });
    expect(influencer.influencer!.tags.map((tag) => tag.name)).toEqual(['Makeup', 'Skincare']);
    const trial = (await api.get(`${V}/admin/users/${ids.trial}`)).body as unknown as AdminUserDetail;
    expect(trial).toMatchObject({
      business: { business_name: 'Lumen Skincare', city: 'Austin', state: 'Texas' },
      counts: { campaigns: 7 },
      abilities: { suspend: true, grant_credits: true },
    });
    const self = (await api.get(`${V}/admin/users/${ids.admin}`)).body as unknown as AdminUserDetail;
    expect(self.abilities).toEqual({ suspend: false, reactivate: false, grant_credits: false });
    expect((await api.get(`${V}/admin/users/999999`)).status).toBe(404);
    expect((await api.get(`${V}/admin/users/abc`)).status).toBe(400);
  });
});

describe('suspending and reactivating', () => {
  it('blocks sign-in, refresh and an existing access token at once, and records who did it', async () => {
    const victim = await signUpAndLogin(t.app, 'business');
    const me = await client(t.app, victim.access).get(`${V}/my/user`);
    expect(me.status).toBe(200);
    const victimId = me.body.id as number;
    const events: LiveEvent[] = [];
    const unsubscribe = t.app.ctx.live.subscribe(victimId, (event) => events.push(event));

    const res = await as('admin').post(`${V}/admin/users/${victimId}/suspend`, {
      reason: 'Spam invitations',
    });
    unsubscribe();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'suspended', abilities: { suspend: false, reactivate: true } });
    expect(events).toEqual([{ type: 'account-suspended' }]);

    // The access token issued before the suspension stops working on its next request.
    const after = await client(t.app, victim.access).get(`${V}/my/user`);
    expect(after.status).toBe(403);
    expect(after.body.error).toMatchObject({
      code: 'account_suspended',
      message: API_MESSAGE.accountSuspended,
    });
    // Its refresh tokens were revoked with the suspension.
    const refresh = await client(t.app).post(`${V}/auth/refresh`, { refresh_token: victim.refresh });
    expect(refresh.status).toBe(401);
    const revoked = await t.app.ctx.db
      .selectFrom('refresh_tokens')
      .select('revoked_at')
      .where('user_id', '=', victimId)
      .execute();
    expect(revoked.length).toBeGreaterThan(0);
    expect(revoked.every((r) => r.revoked_at !== null)).toBe(true);
    // Signing in again is refused with a clear message.
    const login = await client(t.app).post(`${V}/auth/login`, {
      email: victim.email,
      password: victim.password,
    });
    expect(login.status).toBe(403);
    expect(login.body.error).toMatchObject({
      code: 'account_suspended',
      message: API_MESSAGE.accountSuspended,
    });

    const audit = await auditRows('user.suspended', victimId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: ids.admin, subject_type: 'user' });
    expect(audit[0]!.data).toMatchObject({ reason: 'Spam invitations', refresh_tokens_revoked: 1 });
    const suspended = (await as('admin').get(`${V}/users?status=suspended`)).body as unknown as UsersPage;
    expect(suspended.data.map((u) => u.email)).toEqual([victim.email]);

    // Suspending twice is a conflict and writes nothing more.
    const again = await as('admin').post(`${V}/admin/users/${victimId}/suspend`, {});
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(API_MESSAGE.userAlreadySuspended);
    expect(await auditRows('user.suspended', victimId)).toHaveLength(1);

    // Reactivated: the person signs in again; the sessions from before stay revoked.
    const back = await as('admin').post(`${V}/admin/users/${victimId}/reactivate`, {});
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'active' });
    const detail = back.body as unknown as AdminUserDetail;
    expect(detail.history.map((h) => h.action)).toEqual(['user.reactivated', 'user.suspended']);
    expect(detail.history[1]!.actor).toEqual({ id: ids.admin, name: 'Ada Admin' });
    expect((await client(t.app).post(`${V}/auth/refresh`, { refresh_token: victim.refresh })).status).toBe(
      401,
    );
    const relogin = await client(t.app).post(`${V}/auth/login`, {
      email: victim.email,
      password: victim.password,
    });
    expect(relogin.status).toBe(200);
    expect((await client(t.app, relogin.body.access_token as string).get(`${V}/my/user`)).status).toBe(200);
    expect(await auditRows('user.reactivated', victimId)).toHaveLength(1);
    expect((await as('admin').post(`${V}/admin/users/${victimId}/reactivate`, {})).status).toBe(409);
  });

  it('never lets an admin act on their own account', async () => {
    const self = await as('admin').post(`${V}/admin/users/${ids.admin}/suspend`, {});
    expect(self.status).toBe(403);
    expect(self.body.error?.message).toBe('You cannot suspend your own account.');
    const row = await t.app.ctx.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', ids.admin)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    expect((await as('admin').get(`${V}/my/user`)).status).toBe(200);
    expect(await auditRows('user.suspended', ids.admin)).toHaveLength(0);
    expect(
      (await as('admin').post(`${V}/admin/users/${ids.admin}/credits`, { amount: 5, reason: 'x' })).status,
    ).toBe(403);
  });

  it('answers 404 for an unknown account and 400 for a bad reason', async () => {
    expect((await as('admin').post(`${V}/admin/users/999999/suspend`, {})).status).toBe(404);
    const long = await as('admin').post(`${V}/admin/users/${ids.pro}/suspend`, { reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect((await as('admin').get(`${V}/admin/users/${ids.pro}`)).body.status).toBe('active');
  });
});

describe('granting credits', () => {
  it('adds credits to a business in one step, audited, and tells the business', async () => {
    const before = (await as('trial').get(`${V}/my/user`)).body.credits as number;
    const res = await as('admin').post(`${V}/admin/users/${ids.trial}/credits`, {
      amount: 250,
      reason: 'Launch promotion',
    });
    expect(res.status).toBe(200);
    expect(res.body.credits).toBe(before + 250);
    expect((await as('trial').get(`${V}/my/user`)).body.credits).toBe(before + 250);
    const audit = await auditRows('user.credits_granted', ids.trial);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: ids.admin });
    expect(audit[0]!.data).toEqual({ amount: 250, reason: 'Launch promotion', balance: before + 250 });
    const note = await t.app.ctx.db
      .selectFrom('notifications')
      .select('body')
      .where('user_id', '=', ids.trial)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(note.body).toContain('You received 250 discovery credits');
  });

  it('refuses non-businesses, bad amounts and balances over the maximum, changing nothing', async () => {
    const api = as('admin');
    const influencer = await api.post(`${V}/admin/users/${ids.influencer}/credits`, {
      amount: 5,
      reason: 'x',
    });
    expect(influencer.status).toBe(422);
    expect(influencer.body.error?.message).toBe(API_MESSAGE.creditsBusinessOnly);
    for (const body of [
      { amount: 0, reason: 'x' },
      { amount: -5, reason: 'x' },
      { amount: 1.5, reason: 'x' },
      { amount: 1_000_001, reason: 'x' },
      { amount: '10', reason: 'x' },
      { amount: 10 },
      { amount: 10, reason: '   ' },
    ]) {
      expect((await api.post(`${V}/admin/users/${ids.pro}/credits`, body)).status, JSON.stringify(body)).toBe(
        400,
      );
    }
    await t.app.ctx.db.updateTable('users').set({ credits: 999_999_990 }).where('id', '=', ids.pro).execute();
    const over = await api.post(`${V}/admin/users/${ids.pro}/credits`, { amount: 11, reason: 'x' });
    expect(over.status).toBe(422);
    const pro = await t.app.ctx.db
      .selectFrom('users')
      .select('credits')
      .where('id', '=', ids.pro)
      .executeTakeFirstOrThrow();
    expect(pro.credits).toBe(999_999_990);
    await t.app.ctx.db.updateTable('users').set({ credits: 500 }).where('id', '=', ids.pro).execute();
    expect(await auditRows('user.credits_granted', ids.pro)).toHaveLength(0);
  });

  it('adds concurrent grants without losing any', async () => {
    const before = (await as('pro').get(`${V}/my/user`)).body.credits as number;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        as('admin').post(`${V}/admin/users/${ids.pro}/credits`, { amount: 10, reason: 'Batch' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await as('pro').get(`${V}/my/user`)).body.credits).toBe(before + 50);
  });
});

describe('campaign moderation', () => {
  const page = (body: unknown) => body as CampaignsPage;

  it('filters every campaign by business, interest, title and status', async () => {
    const api = as('admin');
    const lumen = (await api.get(`${V}/users?userSearch=lumen`)).body as unknown as UsersPage;
    const businessId = lumen.data[0]!.business_id!;
    const skincare = await interestId('Skincare');
    const filtered = page(
      (await api.get(`${V}/campaigns/all?business=${businessId}&tag=${skincare}&status=active&campaign=glow`))
        .body,
    );
    expect(filtered.data.map((c) => c.title)).toEqual(['Glow Serum Launch']);
    expect((await api.get(`${V}/campaigns/all?sortBy=nope`)).status).toBe(400);
  });

  it('pauses an active campaign and archives it, telling the business; illegal steps are 409', async () => {
    const api = as('admin');
    const id = await demoCampaignId('Glow Serum Launch');
    const archiveActive = await api.post(`${V}/admin/campaigns/${id}/archive`, {});
    expect(archiveActive.status).toBe(409);
    expect(archiveActive.body.error?.message).toBe('An active campaign cannot be archived.');

    const paused = await api.post(`${V}/admin/campaigns/${id}/pause`, { reason: 'Misleading claims' });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'paused', abilities: { pause: false, archive: true } });
    expect((paused.body as unknown as Campaign).abilities).toMatchObject({ resume: false, update: false });
    expect((await api.post(`${V}/admin/campaigns/${id}/pause`, {})).status).toBe(409);

    const note = await t.app.ctx.db
      .selectFrom('notifications')
      .select(['body', 'link'])
      .where('user_id', '=', ids.trial)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(note).toEqual({
      body: 'The REACH team paused your campaign "Glow Serum Launch": Misleading claims',
      link: `/business/campaigns/${id}`,
    });
    const events = await t.app.ctx.db
      .selectFrom('campaign_status_events')
      .select(['from_status', 'to_status', 'actor_id'])
      .where('campaign_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(events).toEqual({ from_status: 'active', to_status: 'paused', actor_id: ids.admin });
    expect((await auditRows('campaign.paused_by_admin', id))[0]).toMatchObject({ actor_id: ids.admin });

    // The business sees its campaign paused and may resume it (the admin may not).
    const owner = await as('trial').get(`${V}/campaign/${id}`);
    expect(owner.body).toMatchObject({ status: 'paused', abilities: { resume: true } });
    expect((await api.post(`${V}/campaign/${id}/resume`)).status).toBe(403);

    const archived = await api.post(`${V}/admin/campaigns/${id}/archive`, {});
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ status: 'archived' });
    expect((await auditRows('campaign.archived_by_admin', id))[0]).toMatchObject({ actor_id: ids.admin });
    expect((await api.post(`${V}/admin/campaigns/${id}/archive`, {})).status).toBe(409);
    expect((await api.post(`${V}/admin/campaigns/999999/pause`, {})).status).toBe(404);
    expect((await api.post(`${V}/admin/campaigns/${id}/publish`, {})).status).toBe(404);
  });
});

describe('interests', () => {
  const page = (body: unknown) => body as AdminInterestsPage;

  it('lists the taxonomy with usage counts, searched, filtered and sorted', async () => {
    const api = as('admin');
    const skincare = page((await api.get(`${V}/admin/keywords?search=skin`)).body);
    expect(skincare.data.map((i) => i.name)).toEqual(['Skincare']);
    expect(skincare.data[0]).toMatchObject({
      category: 'Beauty',
      influencers: await countOf('influencer_interests', ['interest_id', skincare.data[0]!.id]),
    });
    expect(skincare.data[0]!.campaigns).toBeGreaterThan(1);
    const mostUsed = page((await api.get(`${V}/admin/keywords?sortBy=campaigns&sortDesc=desc&items=1`)).body);
    expect(mostUsed.data[0]!.name).toBe('Skincare');
    const beauty = page((await api.get(`${V}/admin/keywords?category=beauty&items=100`)).body);
    expect(beauty.data.every((i) => i.category === 'Beauty')).toBe(true);
    expect(beauty.total).toBe(7);
    const menu = await api.get(`${V}/dashboard/admin/menu`);
    expect(page((await api.get(`${V}/admin/keywords`)).body).total).toBe(menu.body.keywords);
    expect((await api.get(`${V}/admin/keywords/categories`)).body.data).toContain('Beauty');
    expect((await api.get(`${V}/admin/keywords?sortBy=secret`)).status).toBe(400);
  });

  it('creates, renames and deletes an unused interest; names stay unique', async () => {
    const api = as('admin');
    const created = await api.post(`${V}/admin/keywords`, {
      name: '  Mushroom Foraging ',
      category: 'Outdoors',
    });
    expect(created.status).toBe(201);
    const interest = created.body as unknown as AdminInterest;
    expect(interest).toMatchObject({ name: 'Mushroom Foraging', category: 'Outdoors', campaigns: 0 });
    // It is immediately a keyword everyone can pick.
    const search = await as('pro').get(`${V}/keywords/search?query=mushroom`);
    expect(search.body.data).toEqual([{ id: interest.id, name: 'Mushroom Foraging', category: 'Outdoors' }]);

    const duplicate = await api.post(`${V}/admin/keywords`, { name: 'mushroom foraging', category: 'Other' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatchObject({
      message: API_MESSAGE.interestNameTaken,
      fields: { name: API_MESSAGE.interestNameTaken },
    });
    expect((await api.post(`${V}/admin/keywords`, { name: '', category: 'Other' })).status).toBe(400);
    expect((await api.post(`${V}/admin/keywords`, { name: 'x'.repeat(61), category: 'Other' })).status).toBe(
      400,
    );

    const renamed = await api.put(`${V}/admin/keywords/${interest.id}`, { name: 'Foraging' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: interest.id, name: 'Foraging', category: 'Outdoors' });
    // Changing only the case of its own name is fine; taking another interest's name is not.
    expect((await api.put(`${V}/admin/keywords/${interest.id}`, { name: 'FORAGING' })).status).toBe(200);
    expect((await api.put(`${V}/admin/keywords/${interest.id}`, { name: 'skincare' })).status).toBe(409);
    expect((await api.put(`${V}/admin/keywords/999999`, { name: 'Ghost' })).status).toBe(404);

    const audit = await auditRows('interest.updated', interest.id);
    expect(audit).toHaveLength(2);
    expect(audit[0]!.data).toEqual({
      from: { name: 'Mushroom Foraging', category: 'Outdoors' },
      to: { name: 'Foraging', category: 'Outdoors' },
    });

    const deleted = await api.delete(`${V}/admin/keywords/${interest.id}`);
    expect(deleted.status).toBe(200);
    expect((await api.get(`${V}/admin/keywords?search=foraging`)).body.total).toBe(0);
    expect(await auditRows('interest.created', interest.id)).toHaveLength(1);
    expect(await auditRows('interest.deleted', interest.id)).toHaveLength(1);
    expect((await api.delete(`${V}/admin/keywords/${interest.id}`)).status).toBe(404);
  });

  it('refuses to delete an interest in use (409 saying by what) and changes nothing', async () => {
    const api = as('admin');
    const created = await api.post(`${V}/admin/keywords`, { name: 'Tea Ceremony', category: 'Lifestyle' });
    const id = (created.body as unknown as AdminInterest).id;
    const profile = await t.app.ctx.db
      .selectFrom('influencer_profiles')
      .select('id')
      .where('user_id', '=', ids.influencer)
      .executeTakeFirstOrThrow();
    await t.app.ctx.db
      .insertInto('influencer_interests')
      .values({ influencer_id: profile.id, interest_id: id })
      .execute();
    const res = await api.delete(`${V}/admin/keywords/${id}`);
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe(
      'This interest is used by 1 influencer. Remove it from them before deleting it.',
    );
    const skincare = await api.delete(`${V}/admin/keywords/${await interestId('Skincare')}`);
    expect(skincare.status).toBe(409);
    const skincareInfluencers = await countOf('influencer_interests', [
      'interest_id',
      await interestId('Skincare'),
    ]);
    expect(skincare.body.error?.message).toMatch(
      new RegExp(`^This interest is used by \\d+ campaigns and ${influencers(skincareInfluencers)}\\.`),
    );
    expect(await interestId('Tea Ceremony')).toBe(id);
    const tags = await t.app.ctx.db
      .selectFrom('influencer_interests')
      .select('interest_id')
      .where('interest_id', '=', id)
      .execute();
    expect(tags).toHaveLength(1);
    expect(await auditRows('interest.deleted')).toHaveLength(1); // only the unused one above
  });
});

describe('feedback', () => {
  const page = (body: unknown) => body as FeedbackPage;

  it('lists feedback newest first with its sender, filtered by status and searched', async () => {
    const api = as('admin');
    const all = page((await api.get(`${V}/admin/feedback`)).body);
    expect(all.total).toBe(4);
    const dates = all.data.map((f) => f.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.data[0]).toMatchObject({
      reported_page: '/business',
      status: 'open',
      user: { name: 'Peak Outdoor Co.', email: 'pro@reach.local', type: 'business' },
      resolved_by: null,
    });
    const resolved = page((await api.get(`${V}/admin/feedback?status=resolved`)).body);
    expect(resolved.data).toHaveLength(1);
    expect(resolved.data[0]).toMatchObject({ resolved_by: { id: ids.admin, name: 'Ada Admin' } });
    expect(page((await api.get(`${V}/admin/feedback?status=open`)).body).total).toBe(3);
    expect(page((await api.get(`${V}/admin/feedback?search=isabella`)).body).total).toBe(1);
    expect(page((await api.get(`${V}/admin/feedback?search=invoice`)).body).total).toBe(1);
    const oldest = page((await api.get(`${V}/admin/feedback?sortDesc=asc&items=1`)).body);
    expect(oldest.data[0]!.reported_page).toBe('/business/campaigns/new');
    expect((await api.get(`${V}/admin/feedback?status=closed`)).status).toBe(400);
    expect((await api.get(`${V}/admin/feedback?sortBy=content`)).status).toBe(400);
  });

  it('marks feedback resolved and open again, counting open items in the menu', async () => {
    const api = as('admin');
    const menu = async () => (await api.get(`${V}/dashboard/admin/menu`)).body.feedbacks as number;
    expect(await menu()).toBe(3);
    const open = page((await api.get(`${V}/admin/feedback?status=open&items=1`)).body).data[0]!;
    const res = await api.put(`${V}/admin/feedback/${open.id}`, { status: 'resolved' });
    expect(res.status).toBe(200);
    const resolved = res.body as unknown as AdminFeedback;
    expect(resolved).toMatchObject({ status: 'resolved', resolved_by: { id: ids.admin } });
    expect(resolved.resolved_at).not.toBeNull();
    expect(await menu()).toBe(2);
    // Resolving again changes nothing and writes no second audit row.
    expect((await api.put(`${V}/admin/feedback/${open.id}`, { status: 'resolved' })).status).toBe(200);
    expect(await auditRows('feedback.resolved', open.id)).toHaveLength(1);

    const reopened = await api.put(`${V}/admin/feedback/${open.id}`, { status: 'open' });
    expect(reopened.body).toMatchObject({ status: 'open', resolved_at: null, resolved_by: null });
    expect(await menu()).toBe(3);
    expect(await auditRows('feedback.reopened', open.id)).toHaveLength(1);
    expect((await api.put(`${V}/admin/feedback/${open.id}`, { status: 'done' })).status).toBe(400);
    expect((await api.put(`${V}/admin/feedback/999999`, { status: 'resolved' })).status).toBe(404);
  });
});

describe('states', () => {
  const page = (body: unknown) => body as AdminStatesPage;

  it('lists states with their country, location id and usage', async () => {
    const api = as('admin');
    const all = page((await api.get(`${V}/admin/states?items=100`)).body);
    const menu = await api.get(`${V}/dashboard/admin/menu`);
    expect(all.total).toBe(menu.body.states);
    const california = page((await api.get(`${V}/admin/states?search=calif`)).body).data;
    expect(california).toEqual([
      {
        id: 165475,
        name: 'California',
        code: 'CA',
        country_id: 148838,
        country_name: 'United States',
        businesses: 0,
        influencers: await countOf('influencer_profiles', ['state_id', 165475]),
      },
    ]);
    expect(page((await api.get(`${V}/admin/states?search=tx`)).body).data.map((s) => s.name)).toEqual([
      'Texas',
    ]);
    const used = page((await api.get(`${V}/admin/states?sortBy=businesses&sortDesc=desc&items=3`)).body);
    expect(used.data.map((s) => s.businesses)).toEqual([1, 1, 1]);
    expect(page((await api.get(`${V}/admin/states?country_id=80500`)).body).total).toBe(0);
    expect((await api.get(`${V}/admin/states?sortBy=population`)).status).toBe(400);
  });

  it('adds, edits and deletes an unused state; ids and codes stay unique; used ones stay', async () => {
    const api = as('admin');
    const body = { id: 2_000_001, country_id: 80500, name: ' New South Wales ', code: 'nsw' };
    const created = await api.post(`${V}/admin/states`, body);
    expect(created.status).toBe(201);
    const state = created.body as unknown as AdminState;
    expect(state).toMatchObject({
      id: 2_000_001,
      name: 'New South Wales',
      code: 'NSW',
      country_name: 'Australia',
    });

    const sameId = await api.post(`${V}/admin/states`, { ...body, code: 'XX' });
    expect(sameId.status).toBe(409);
    expect(sameId.body.error?.message).toBe('Location id 2000001 is already used by New South Wales.');
    expect((await api.post(`${V}/admin/states`, { ...body, id: 2_000_002 })).status).toBe(409); // code
    const unknownCountry = await api.post(`${V}/admin/states`, { ...body, id: 2_000_003, country_id: 7 });
    expect(unknownCountry.status).toBe(400);
    expect(unknownCountry.body.error?.fields).toEqual({ country_id: API_MESSAGE.countryUnknown });
    for (const bad of [
      { ...body, id: 0 },
      { ...body, code: 'N S W' },
      { ...body, name: '' },
      { ...body, id: 'x' },
    ]) {
      expect((await api.post(`${V}/admin/states`, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    // Puerto Rico is location 4422604 both as a country and as a state: the same id in both lists is fine.
    expect((await api.get(`${V}/admin/states?search=puerto`)).body.data).toEqual([
      expect.objectContaining({ id: 4422604 }),
    ]);

    const edited = await api.put(`${V}/admin/states/${state.id}`, { name: 'NSW', code: 'NS' });
    expect(edited.body).toMatchObject({ id: 2_000_001, name: 'NSW', code: 'NS' });
    expect((await api.put(`${V}/admin/states/165475`, { code: 'TX' })).status).toBe(409);
    expect((await api.put(`${V}/admin/states/999999`, { name: 'x' })).status).toBe(404);
    expect((await auditRows('state.updated', state.id))[0]!.data).toEqual({
      from: { name: 'New South Wales', code: 'NSW', country_id: 80500 },
      to: { name: 'NSW', code: 'NS', country_id: 80500 },
    });

    const californiaUsed = await api.delete(`${V}/admin/states/165475`);
    expect(californiaUsed.status).toBe(409);
    expect(californiaUsed.body.error?.message).toBe(
      `This state is used by ${influencers(await countOf('influencer_profiles', ['state_id', 165475]))}. Change their addresses before deleting it.`,
    );
    const texasId = page((await api.get(`${V}/admin/states?search=texas`)).body).data[0]!.id;
    const texas = await api.delete(`${V}/admin/states/${texasId}`);
    const texasInfluencers = await countOf('influencer_profiles', ['state_id', texasId]);
    expect(texas.body.error?.message).toBe(
      `This state is used by 1 business${texasInfluencers ? ` and ${influencers(texasInfluencers)}` : ''}. Change their addresses before deleting it.`,
    );

    expect((await api.delete(`${V}/admin/states/${state.id}`)).status).toBe(200);
    expect((await api.get(`${V}/admin/states?search=nsw`)).body.total).toBe(0);
    expect(await auditRows('state.created', state.id)).toHaveLength(1);
    expect(await auditRows('state.deleted', state.id)).toHaveLength(1);
    // The public list reads the same table.
    expect(JSON.stringify((await as('pro').get(`${V}/states/search`)).body)).not.toContain('NSW');
  });
});

describe('countries', () => {
  const page = (body: unknown) => body as AdminCountriesPage;

  it('lists countries with the discovery location id and usage', async () => {
    const api = as('admin');
    const united = page((await api.get(`${V}/admin/countries?search=united%20states`)).body).data;
    expect(united.map((c) => c.name)).toEqual(['United States', 'United States Virgin Islands']);
    expect(united[0]).toMatchObject({
      id: 148838,
      name: 'United States',
      code: 'US',
      influencers: await countOf('influencer_profiles', ['country_id', 148838]),
    });
    expect(united[0]!.states).toBeGreaterThanOrEqual(50);
    expect(page((await api.get(`${V}/admin/countries?search=de`)).body).data.map((c) => c.code)).toContain(
      'DE',
    );
    const menu = await api.get(`${V}/dashboard/admin/menu`);
    expect(page((await api.get(`${V}/admin/countries`)).body).total).toBe(menu.body.countries);
    expect((await api.get(`${V}/admin/countries?sortBy=gdp`)).status).toBe(400);
  });

  it('adds, edits and deletes an unused country; the United States stays', async () => {
    const api = as('admin');
    const created = await api.post(`${V}/admin/countries`, { id: 3_000_001, name: 'Atlantis', code: 'qa' });
    expect(created.status).toBe(409); // QA is Qatar's code
    expect(created.body.error?.message).toBe(API_MESSAGE.countryCodeTaken);
    const ok = await api.post(`${V}/admin/countries`, { id: 3_000_001, name: 'Atlantis', code: 'zz' });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ id: 3_000_001, name: 'Atlantis', code: 'ZZ', states: 0, influencers: 0 });
    expect((await api.post(`${V}/admin/countries`, { id: 148838, name: 'Again', code: 'ZY' })).status).toBe(
      409,
    );
    expect((await api.post(`${V}/admin/countries`, { id: 3_000_002, name: 'Bad', code: 'ZZZ' })).status).toBe(
      400,
    );
    expect((await api.put(`${V}/admin/countries/3000001`, { name: 'Atlantis Rising' })).body).toMatchObject({
      name: 'Atlantis Rising',
      code: 'ZZ',
    });
    const us = await api.delete(`${V}/admin/countries/148838`);
    expect(us.status).toBe(409);
    const usInfluencers = await countOf('influencer_profiles', ['country_id', 148838]);
    expect(us.body.error?.message).toMatch(
      new RegExp(`^This country is used by \\d+ states and ${influencers(usInfluencers)}\\.`),
    );
    expect((await api.delete(`${V}/admin/countries/3000001`)).status).toBe(200);
    expect((await api.delete(`${V}/admin/countries/3000001`)).status).toBe(404);
    expect((await auditRows('country.deleted', 3_000_001))[0]).toMatchObject({ actor_id: ids.admin });
  });
});

describe('answers written from the compiled contract schemas', () => {
  /** The body as the zod type provider's serializer writes it: the schema's encoding, through JSON.stringify. */
  const zodWritten = (schema: z.ZodType, text: string) => JSON.stringify(z.encode(schema, JSON.parse(text)));
  const raw = async (role: Role, url: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${tokens[role]}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('GET /my/user writes the bytes zod writes, for every kind of account', async () => {
    for (const role of ['admin', 'trial', 'pro', 'influencer'] as const) {
      const body = await raw(role, `${V}/my/user`);
      expect(body).toBe(zodWritten(usersApi.me.response, body));
    }
  });

  it('GET /users writes the bytes zod writes, filtered, sorted and paged', async () => {
    for (const query of [
      'items=100',
      'type=business&sortBy=email&sortDesc=desc&items=5',
      'type=influencer&sortBy=credits&items=20&page=2',
      'userSearch=reach.local&items=10',
      'items=5&page=999',
    ]) {
      const body = await raw('admin', `${V}/users?${query}`);
      expect(body).toBe(zodWritten(adminUsersApi.list.response, body));
    }
  });
});

describe('seeded accounts', () => {
  it('still sign in with the demo password after the admin tests', async () => {
    expect(
      (await client(t.app).post(`${V}/auth/login`, { email: 'pro@reach.local', password: DEMO_PASSWORD }))
        .status,
    ).toBe(200);
  });
});
