import { SPEC_TEXT } from '@reach/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireTrials } from '../src/modules/subscriptions/expire-trials';
import { client, createTestApp, loginAs, multipartFile, PNG_1X1 as PNG, type TestApp } from './harness';

let t: TestApp;
let tokens: Record<'admin' | 'trial' | 'free' | 'pro' | 'influencer' | 'new', string>;
const me = async (token: string) =>
  (await client(t.app, token).get('/api/v1/my/user')).body as { id: number } & Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const entries = await Promise.all(
    (['admin', 'trial', 'free', 'pro', 'influencer', 'new'] as const).map(async (n) => [
      n,
      await loginAs(t.app, `${n}@reach.local`),
    ]),
  );
  tokens = Object.fromEntries(entries);
});
afterAll(() => t.close());

describe('demo accounts and /my/user', () => {
  it('reflects the subscription state of each demo business', async () => {
    expect(await me(tokens.trial)).toMatchObject({
      subscription_metadata: { trial: true, plan: 'pro' },
      business: { active_subscription_id: null },
    });
    expect(await me(tokens.free)).toMatchObject({
      subscription_metadata: { trial: false, plan: 'free' },
      business: { active_subscription_id: null },
    });
    const pro = await me(tokens.pro);
    expect(pro).toMatchObject({ subscription_metadata: { trial: false, plan: 'pro', status: 'active' } });
    expect((pro.business as { active_subscription_id: number }).active_subscription_id).toBeGreaterThan(0);
    expect(await me(tokens.influencer)).toMatchObject({
      influencer: { gender: 'FEMALE', city: 'Los Angeles' },
      subscription_metadata: null,
    });
    expect(await me(tokens.admin)).toMatchObject({ type: 'admin', business: null, influencer: null });
  });
});

describe('notifications', () => {
  it('serves only your own notifications, pages by 5, marks one and all read, and pushes live', async () => {
    const influencer = await me(tokens.influencer);
    const other = await me(tokens.new);
    const forbidden = await client(t.app, tokens.new).get(`/api/v1/my/notifications/${influencer.id}`);
    expect(forbidden.status).toBe(403);

    const received: unknown[] = [];
    const unsubscribe = t.app.ctx.live.subscribe(influencer.id, (e) => received.push(e));
    for (let i = 1; i <= 12; i++)
      await t.app.ctx.notifier.notify(influencer.id, { category: 'connections', body: `Note ${i}` });
    unsubscribe();
    expect(received).toHaveLength(12);
    expect(received[11]).toMatchObject({
      type: 'notification',
      unread: 12,
      notification: { body: 'Note 12', read: 0 },
    });

    const api = client(t.app, tokens.influencer);
    const page1 = await api.get(`/api/v1/my/notifications/${influencer.id}`);
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 12, unread: 12 });
    expect((page1.body.data as unknown[]).length).toBe(5);
    const page3 = await api.get(`/api/v1/my/notifications/${influencer.id}?page=3`);
    expect((page3.body.data as { body: string }[]).map((n) => n.body)).toEqual(['Note 2', 'Note 1']);
    expect(page3.body).toMatchObject({ total: 12, unread: 12 });
    // Past the last page: no rows, the counts all the same.
    const page4 = await api.get(`/api/v1/my/notifications/${influencer.id}?page=4`);
    expect(page4.body).toEqual({ data: [], total: 12, unread: 12 });

    const firstId = (page1.body.data as { id: number }[])[0]!.id;
    expect((await api.post('/api/v1/notifications/read', { id: firstId })).body).toEqual({ unread: 11 });
    // Marked again: found, and the count the same.
    expect((await api.post('/api/v1/notifications/read', { id: firstId })).body).toEqual({ unread: 11 });
    expect((await api.get(`/api/v1/my/notifications/${influencer.id}`)).body).toMatchObject({
      total: 12,
      unread: 11,
      data: [{ id: firstId, read: 1 }, { read: 0 }, { read: 0 }, { read: 0 }, { read: 0 }],
    });
    // Another user's notification id is not found for you, and changes nothing.
    expect((await client(t.app, tokens.new).post('/api/v1/notifications/read', { id: firstId })).status).toBe(
      404,
    );
    expect((await api.post('/api/v1/notifications/read', { all: true })).body).toEqual({ unread: 0 });
    expect((await client(t.app, tokens.new).get(`/api/v1/my/notifications/${other.id}`)).body).toMatchObject({
      total: 0,
    });
  });

  it('mails a notification only when the preferences ask for it', async () => {
    const user = await me(tokens.trial);
    const api = client(t.app, tokens.trial);
    const mails = async () =>
      Number(
        (
          await t.app.ctx.db
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('to_address', '=', 'trial@reach.local')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await mails();
    await t.app.ctx.notifier.notify(user.id, { category: 'messages', body: 'A message arrived' });
    expect(await mails()).toBe(before + 1);
    const prefs = (await api.get('/api/v1/my/notification-preferences')).body;
    expect(prefs).toEqual({
      connections: true,
      messages: true,
      posts: true,
      payments: true,
      campaigns: false,
    });
    expect(
      (await api.put('/api/v1/my/notification-preferences', { ...prefs, messages: false })).body,
    ).toMatchObject({ messages: false });
    await t.app.ctx.notifier.notify(user.id, { category: 'messages', body: 'Another message' });
    expect(await mails()).toBe(before + 1);
    expect((await api.put('/api/v1/my/notification-preferences', { messages: 'yes' })).status).toBe(400);
  });
});

describe('feedback', () => {
  it('requires a message and stores it', async () => {
    const api = client(t.app, tokens.pro);
    const empty = await api.post('/api/v1/feedback', { reported_page: '/business', content: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.message).toBe(SPEC_TEXT.feedbackRequired);
    const ok = await api.post('/api/v1/feedback', {
      reported_page: '/business',
      content: 'Love the dashboard',
    });
    expect(ok.status).toBe(201);
    const row = await t.app.ctx.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', ok.body.id as number)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reported_page: '/business', content: 'Love the dashboard', status: 'open' });
    expect((await client(t.app).post('/api/v1/feedback', { content: 'anonymous' })).status).toBe(401);
  });
});

describe('settings', () => {
  it('updates the business profile and validates it', async () => {
    const api = client(t.app, tokens.trial);
    const states = (await api.get('/api/v1/states/search')).body.data as { id: number; code: string }[];
    expect(states.length).toBeGreaterThanOrEqual(51);
    const ny = states.find((s) => s.code === 'NY')!;
    const ok = await api.put('/api/v1/my/business', {
      business_name: 'Lumen Labs',
      state_id: ny.id,
      postal_code: '10001',
      website: 'https://lumen.example',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      name: 'Lumen Labs',
      business: { business_name: 'Lumen Labs', state_id: ny.id, postal_code: '10001' },
    });
    const bad = await api.put('/api/v1/my/business', { postal_code: 'ABCDE', website: 'not a url' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error?.fields ?? {})).toEqual(
      expect.arrayContaining(['postal_code', 'website']),
    );
    expect((await api.put('/api/v1/my/business', { state_id: 999999999 })).status).toBe(400);
    expect((await me(tokens.trial)).business).toMatchObject({ postal_code: '10001' });
    expect(
      (await client(t.app, tokens.influencer).put('/api/v1/my/business', { business_name: 'x' })).status,
    ).toBe(403);
  });

  it('completes the new influencer profile with interests', async () => {
    const api = client(t.app, tokens.new);
    const interests = (await api.get('/api/v1/keywords/search?query=fit')).body.data as {
      id: number;
      name: string;
    }[];
    expect(interests.length).toBeGreaterThan(0);
    const states = (await api.get('/api/v1/states/search?query=Texas')).body.data as { id: number }[];
    const res = await api.put('/api/v1/my/influencer', {
      birthdate: '1999-02-03',
      gender: 'MALE',
      address_1: '1 Main St',
      city: 'Austin',
      state_id: states[0]!.id,
      postal_code: '78701',
      instagram_username: '@noah.moves',
      tags: [interests[0]!.id],
    });
    expect(res.status).toBe(200);
    expect(res.body.influencer).toMatchObject({
      instagram_username: 'noah.moves',
      instagram_profile_url: 'https://instagram.com/noah.moves',
      state: 'Texas',
      tags: [{ id: interests[0]!.id }],
    });
    expect((await api.put('/api/v1/my/influencer', { birthdate: '2999-01-01' })).status).toBe(400);
    expect((await api.put('/api/v1/my/influencer', { tags: [99999] })).status).toBe(400);
  });

  it('accepts a PNG avatar, refuses a text file named .png (400) and an oversize image (413)', async () => {
    const upload = (filename: string, type: string, data: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/my/avatar',
        ...multipartFile(filename, type, data),
        headers: { ...multipartFile(filename, type, data).headers, authorization: `Bearer ${tokens.pro}` },
      });
    const text = await upload('avatar.png', 'image/png', Buffer.from('this is plain text, not an image'));
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe('The avatar must be a JPEG or PNG image.');
    const huge = await upload('big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect((await me(tokens.pro)).avatarType).toBe('initials');
    const ok = await upload('me.png', 'image/png', PNG);
    expect(ok.statusCode).toBe(200);
    const avatar = ok.json().avatar as string;
    expect(ok.json().avatarType).toBe('upload');
    // Root-relative (issue 13): it works under whatever host name the app is opened, not only PUBLIC_URL's.
    expect(avatar).toMatch(/^\/uploads\/avatars\/\d+\/[\w-]+\.png$/);
    expect((await me(tokens.pro)).avatar).toBe(avatar);
    const served = await t.app.inject({ url: avatar, headers: { host: 'reach.other-host.example' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });
});

describe('dashboards and menus', () => {
  it('serves each role its own dashboard and menu, and refuses the others', async () => {
    const business = await client(t.app, tokens.pro).get('/api/v1/dashboard/businesses');
    expect(business.status).toBe(200);
    // The notifications-per-day chart gave way to what needs attention and each active campaign's results.
    expect(business.body).not.toHaveProperty('trend');
    expect(business.body).toHaveProperty('attention');
    expect((await client(t.app, tokens.pro).get('/api/v1/dashboard/admin')).status).toBe(403);
    expect((await client(t.app, tokens.influencer).get('/api/v1/dashboard/businesses/menu')).status).toBe(
      403,
    );
    expect((await client(t.app, tokens.influencer).get('/api/v1/dashboard/influencers/menu')).status).toBe(
      200,
    );
    const menu = await client(t.app, tokens.admin).get('/api/v1/dashboard/admin/menu');
    const users = await t.app.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const states = await t.app.ctx.db
      .selectFrom('states')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(menu.body).toMatchObject({ users: Number(users.n), states: Number(states.n) });
    const admin = await client(t.app, tokens.admin).get('/api/v1/dashboard/admin');
    expect(
      (admin.body.stats as { key: string; value: number }[]).find((s) => s.key === 'businesses')?.value,
    ).toBe(3);
  });

  it('records page views and shows admins the counts', async () => {
    await client(t.app, tokens.pro).post('/api/v1/analytics/page-view', {
      path: '/business/campaigns?x=secret',
    });
    await client(t.app).post('/api/v1/analytics/page-view', { path: '/' });
    const stats = await client(t.app, tokens.admin).get('/api/v1/admin/analytics/page-views');
    expect(stats.body.total).toBeGreaterThanOrEqual(2);
    // The total is every view of the last 30 days, as the days' counts add up.
    const { n } = await t.app.ctx.db
      .selectFrom('page_views')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', new Date(Date.now() - 30 * 86_400_000))
      .executeTakeFirstOrThrow();
    expect(stats.body.total).toBe(Number(n));
    expect(stats.body.total).toBe(
      (stats.body.daily as { value: number }[]).reduce((sum, day) => sum + day.value, 0),
    );
    expect(stats.body.pages).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: '/business/campaigns', views: 1 })]),
    );
    expect((await client(t.app, tokens.pro).get('/api/v1/admin/analytics/page-views')).status).toBe(403);
  });

  it("attributes a signed-in caller's page view to them, and records one with a refused token as anonymous", async () => {
    const signedIn = await client(t.app, tokens.pro).post('/api/v1/analytics/page-view', {
      path: '/who/signed-in',
    });
    const refused = await client(t.app, 'not-a-token').post('/api/v1/analytics/page-view', {
      path: '/who/anonymous',
    });
    expect([signedIn.status, refused.status]).toEqual([204, 204]);
    const rows = await t.app.ctx.db
      .selectFrom('page_views')
      .select(['path', 'user_id'])
      .where('path', 'in', ['/who/signed-in', '/who/anonymous'])
      .orderBy('path')
      .execute();
    expect(rows).toEqual([
      { path: '/who/anonymous', user_id: null },
      { path: '/who/signed-in', user_id: expect.any(Number) },
    ]);
  });
});

describe('trial expiry', () => {
  it('flips an ended trial to the free tier, once', async () => {
    t.clock.advance(8 * 86_400_000);
    try {
      expect(await expireTrials(t.app.ctx)).toBeGreaterThanOrEqual(1);
      expect(await expireTrials(t.app.ctx)).toBe(0);
      expect(await me(tokens.trial)).toMatchObject({ subscription_metadata: { trial: false, plan: 'free' } });
    } finally {
      t.clock.now = new Date();
    }
  });
});
