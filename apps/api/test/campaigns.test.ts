import fs from 'node:fs';
import path from 'node:path';
import type { Campaign, CampaignMessage, CampaignSummary } from '@reach/contract/campaigns';
import { API_MESSAGE } from '@reach/contract/messages';
import type { LiveEvent } from '@reach/contract/notifications';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../src/db/seed/png';
import { client, createTestApp, ledgerProblemsOf, loginAs, type TestApp } from './harness';

type Role = 'admin' | 'trial' | 'free' | 'pro' | 'influencer' | 'new';
let t: TestApp;
let tokens: Record<Role, string>;
let ids: Record<Role, number>;
let interests: { id: number; name: string }[];

const V = '/api/v1';
const as = (role: Role) => client(t.app, tokens[role]);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const page = (body: unknown) => body as { data: CampaignSummary[]; total: number };
const titles = (body: unknown) => page(body).data.map((c) => c.title);

/** Every field a combination campaign needs to publish. */
const complete = () => ({
  type_id: 3,
  title: 'Autumn Glow Test',
  start_date: day(0),
  end_date: day(14),
  description: 'Try the serum for two weeks and show the difference.',
  brand_overview: 'A skincare brand.',
  objectives: 'Awareness',
  talking_points: 'Vitamin C',
  post_requirements: 'One Reel',
  product_name: 'Glow Serum',
  product_amount_cents: 4800,
  product_description: 'Brightening serum',
  total_budget_cents: 100_000,
  amount_per_post_cents: 10_000,
  max_posts_per_influencer: 2,
});

async function create(role: Role, body: Record<string, unknown>): Promise<Campaign> {
  const res = await as(role).post(`${V}/campaigns`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as unknown as Campaign;
}

/** Pays what the campaign's budget still needs with the business's default (demo) card. */
async function fund(role: Role, id: number) {
  const res = await as(role).post(`${V}/campaign/${id}/fund`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function demoCampaign(title: string): Promise<{ id: number }> {
  return t.app.ctx.db
    .selectFrom('campaigns')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
}

function upload(role: Role, campaignId: number, filename: string, contentType: string, data: Buffer) {
  const boundary = '----reach-campaign-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${V}/campaign/${campaignId}/media`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${tokens[role]}`,
    },
  });
}

const png = (shade = 120) => encodePng(8, 8, (x, y) => [shade, (x * 30) % 256, (y * 30) % 256]);
// The smallest file file-type recognises as MP4: an ftyp box of brand isom and an empty mdat.
const mp4 = Buffer.concat([
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
  Buffer.from('00000008', 'hex'),
  Buffer.from('mdat'),
  Buffer.alloc(64),
]);

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const roles: Role[] = ['admin', 'trial', 'free', 'pro', 'influencer', 'new'];
  tokens = Object.fromEntries(
    await Promise.all(roles.map(async (r) => [r, await loginAs(t.app, `${r}@reach.local`)])),
  );
  ids = Object.fromEntries(
    await Promise.all(
      roles.map(async (r) => [r, (await client(t.app, tokens[r]).get(`${V}/my/user`)).body.id as number]),
    ),
  );
  interests = (await as('pro').get(`${V}/keywords/search?limit=10`)).body.data as typeof interests;
});
afterAll(() => t.close());
// Publishing, completing and plan changes move money: the ledger must balance after each test.
afterEach(async () => {
  expect(await ledgerProblemsOf(t.app)).toEqual([]);
});

describe('campaign types and menus', () => {
  it('lists the three campaign types, ungated', async () => {
    for (const role of ['pro', 'free', 'influencer', 'admin'] as const) {
      const res = await as(role).get(`${V}/campaign-types/all`);
      expect(res.status).toBe(200);
      expect((res.body.data as { id: number }[]).map((c) => c.id)).toEqual([1, 2, 3]);
    }
  });

  it('counts campaigns in each menu and the business dashboard', async () => {
    expect((await as('trial').get(`${V}/dashboard/businesses/menu`)).body).toMatchObject({ campaigns: 6 });
    const active = await t.app.ctx.db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    expect((await as('influencer').get(`${V}/dashboard/influencers/menu`)).body).toMatchObject({
      campaigns: Number(active.n),
    });
    expect((await as('admin').get(`${V}/dashboard/admin/menu`)).body).toMatchObject({ campaigns: 14 });
    const dashboard = await as('trial').get(`${V}/dashboard/businesses`);
    expect(dashboard.body.stats).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'campaigns', label: 'Active campaigns', value: 3 }),
      ]),
    );
    expect(JSON.stringify(dashboard.body.activity)).toContain('Glow Serum Launch');
  });
});

describe('lists', () => {
  it("pages, sorts and filters the business's own campaigns (archived only on request)", async () => {
    const api = as('trial');
    const all = await api.get(`${V}/campaigns/business`);
    expect(all.status).toBe(200);
    expect(page(all.body).total).toBe(6);
    // Default sort: by name (title) ascending.
    expect(titles(all.body)).toEqual([
      'Barrier Balm Fall Seeding',
      'Glow Serum Launch',
      'Holiday Gift Sets 2026',
      'Night Repair Cream Seeding',
      'SPF Every Day Challenge',
      'Summer Hydration Series',
    ]);
    expect(page(all.body).data[1]).toMatchObject({
      status: 'active',
      type_id: 3,
      type_name: 'Combination',
      business_name: 'Lumen Skincare',
      total_budget_cents: 600_000,
      interests: expect.arrayContaining([expect.objectContaining({ name: 'Skincare' })]),
      cover_url: expect.stringMatching(/\/uploads\/campaigns\/\d+\/.+\.png$/),
    });
    const second = await api.get(`${V}/campaigns/business?items=2&page=2&sortBy=title&sortDesc=desc`);
    expect(page(second.body)).toMatchObject({ total: 6 });
    expect(titles(second.body)).toEqual(['Night Repair Cream Seeding', 'Holiday Gift Sets 2026']);
    const archived = await api.get(`${V}/campaigns/business?status=archived`);
    expect(titles(archived.body)).toEqual(['Spring Refresh Edit']);
    const active = await api.get(`${V}/campaigns/business?status=active&sortBy=start_date`);
    expect(titles(active.body)).toEqual([
      'SPF Every Day Challenge',
      'Glow Serum Launch',
      'Night Repair Cream Seeding',
    ]);
    // Budgets sort with the campaigns that have none last, in both directions.
    const byBudget = await api.get(`${V}/campaigns/business?sortBy=total_budget&sortDesc=desc`);
    expect(page(byBudget.body).data.map((c) => c.total_budget_cents)).toEqual([
      600_000,
      450_000,
      300_000,
      null,
      null,
      null,
    ]);
    const byStatus = await api.get(`${V}/campaigns/business?sortBy=status`);
    expect(page(byStatus.body).data.map((c) => c.status)).toEqual([
      'draft',
      'active',
      'active',
      'active',
      'paused',
      'completed',
    ]);
    expect(titles((await api.get(`${V}/campaigns/business?search=SERUM`)).body)).toEqual([
      'Glow Serum Launch',
    ]);
    const makeup = interests.find((i) => i.name === 'Makeup')
      ? interests.find((i) => i.name === 'Makeup')!.id
      : (
          await t.app.ctx.db
            .selectFrom('interests')
            .select('id')
            .where('name', '=', 'Makeup')
            .executeTakeFirstOrThrow()
        ).id;
    expect(titles((await api.get(`${V}/campaigns/business?tag=${makeup}`)).body)).toEqual([
      'Glow Serum Launch',
      'Holiday Gift Sets 2026',
    ]);
    expect((await api.get(`${V}/campaigns/business?sortBy=budget`)).status).toBe(400);
    expect((await api.get(`${V}/campaigns/business?sortDesc=up`)).status).toBe(400);
    expect((await api.get(`${V}/campaigns/business?items=1000`)).status).toBe(400);
    // Hostile filters are refused or matched literally, never a server error.
    expect((await api.get(`${V}/campaigns/business?tag=99999999999`)).status).toBe(400);
    expect((await api.get(`${V}/campaigns/business?search=%00`)).status).toBe(400);
    expect(page((await api.get(`${V}/campaigns/business?search=%25_`)).body).total).toBe(0);
    expect(page((await api.get(`${V}/campaigns/business?tag=&search=`)).body).total).toBe(6);
    // Another business sees only its own.
    const pro = await as('pro').get(`${V}/campaigns/business`);
    expect(page(pro.body).data.every((c) => c.business_name === 'Peak Outdoor Co.')).toBe(true);
  });

  it('serves the unpaged pickers and /my/campaigns per role', async () => {
    const active = await as('trial').get(`${V}/campaigns/active`);
    expect((active.body.data as { title: string }[]).map((c) => c.title)).toEqual([
      'Glow Serum Launch',
      'Night Repair Cream Seeding',
      'SPF Every Day Challenge',
    ]);
    const list = await as('trial').get(`${V}/campaigns/list`);
    expect((list.body.data as unknown[]).length).toBe(6);
    expect(list.body.data).toEqual(
      expect.arrayContaining([{ id: expect.any(Number), title: 'Glow Serum Launch', status: 'active' }]),
    );
    expect(page((await as('trial').get(`${V}/my/campaigns`)).body).total).toBe(6);
    // The influencer's campaigns are those it has a conversation about or a connection to (her archived
    // "Spring Refresh Edit" is no longer shown).
    const mine = await as('influencer').get(`${V}/my/campaigns`);
    expect(titles(mine.body).sort()).toEqual([
      'Glow Serum Launch',
      'National Parks Road Trip',
      'SPF Every Day Challenge',
      'Trail Season Kickoff',
      'Ultralight Tent Field Test',
    ]);
    expect(((await as('influencer').get(`${V}/campaigns/list`)).body.data as unknown[]).length).toBe(5);
    expect(page((await as('new').get(`${V}/my/campaigns`)).body).total).toBe(0);
    expect((await as('influencer').get(`${V}/campaigns/active`)).status).toBe(403);
    expect((await as('admin').get(`${V}/my/campaigns`)).status).toBe(403);
    expect((await as('trial').get(`${V}/my/campaigns?sortBy=nope`)).status).toBe(400);
  });

  it('lets influencers browse only active campaigns, with filters', async () => {
    const api = as('influencer');
    const res = await api.get(`${V}/campaigns/browse?items=100`);
    expect(res.status).toBe(200);
    expect(page(res.body).total).toBe(6);
    expect(page(res.body).data.every((c) => c.status === 'active')).toBe(true);
    const paged = await api.get(`${V}/campaigns/browse?items=4&page=2&sortBy=name`);
    expect(titles(paged.body)).toEqual(['Trail Season Kickoff', 'Ultralight Tent Field Test']);
    const peak = page(res.body).data.find((c) => c.business_name === 'Peak Outdoor Co.')!.business_id;
    expect(titles((await api.get(`${V}/campaigns/browse?business=${peak}`)).body)).toEqual([
      'Summit Stories',
      'Trail Season Kickoff',
      'Ultralight Tent Field Test',
    ]);
    expect(titles((await api.get(`${V}/campaigns/browse?myCampaigns=true&business=${peak}`)).body)).toEqual([
      'Trail Season Kickoff',
      'Ultralight Tent Field Test',
    ]);
    expect(page((await api.get(`${V}/campaigns/browse?myCampaigns=false`)).body).total).toBe(6);
    expect(page((await as('new').get(`${V}/campaigns/browse?myCampaigns=true`)).body).total).toBe(0);
    const hiking = (
      await t.app.ctx.db
        .selectFrom('interests')
        .select('id')
        .where('name', '=', 'Hiking & Outdoors')
        .executeTakeFirstOrThrow()
    ).id;
    expect(page((await api.get(`${V}/campaigns/browse?tag=${hiking}`)).body).total).toBe(3);
    expect(titles((await api.get(`${V}/campaigns/browse?search=tent`)).body)).toEqual([
      'Ultralight Tent Field Test',
    ]);
    expect((await api.get(`${V}/campaigns/browse?sortBy=secret`)).status).toBe(400);
    expect((await api.get(`${V}/campaigns/browse?myCampaigns=maybe`)).status).toBe(400);
    expect((await as('pro').get(`${V}/campaigns/browse`)).status).toBe(403);
  });

  it('gives admins every campaign with business, tag and title filters', async () => {
    const api = as('admin');
    const all = await api.get(`${V}/campaigns/all?items=100`);
    expect(page(all.body).total).toBe(14);
    const lumen = page(all.body).data.find((c) => c.business_name === 'Lumen Skincare')!.business_id;
    expect(page((await api.get(`${V}/campaigns/all?business=${lumen}`)).body).total).toBe(7);
    expect(titles((await api.get(`${V}/campaigns/all?campaign=cook`)).body)).toEqual([
      'Backcountry Cook-Off',
    ]);
    expect(page((await api.get(`${V}/campaigns/all?status=draft`)).body).total).toBe(2);
    const skincare = (
      await t.app.ctx.db
        .selectFrom('interests')
        .select('id')
        .where('name', '=', 'Skincare')
        .executeTakeFirstOrThrow()
    ).id;
    expect(page((await api.get(`${V}/campaigns/all?tag=${skincare}&business=${lumen}`)).body).total).toBe(7);
    const sorted = await api.get(`${V}/campaigns/all?sortBy=created_at&sortDesc=desc&items=1`);
    expect(titles(sorted.body)).toEqual(['Winter Layering Guide']);
    expect((await api.get(`${V}/campaigns/all?sortBy=business`)).status).toBe(400);
    expect((await as('pro').get(`${V}/campaigns/all`)).status).toBe(403);
    expect((await as('influencer').get(`${V}/campaigns/all`)).status).toBe(403);
  });
});

describe('creating, editing and the lifecycle', () => {
  it('creates a draft from any subset of fields, then fills it in', async () => {
    const api = as('pro');
    expect((await api.post(`${V}/campaigns`, { title: 'No type' })).status).toBe(400);
    const bad = await api.post(`${V}/campaigns`, { type_id: 9 });
    expect(bad.body.error?.message).toBe(API_MESSAGE.campaignTypeRequired);
    const draft = await create('pro', { type_id: 3, title: 'Lifecycle test' });
    expect(draft).toMatchObject({
      status: 'draft',
      title: 'Lifecycle test',
      type: { id: 3, name: 'Combination' },
      business_name: 'Peak Outdoor Co.',
      interests: [],
      media: [],
      budget: { total_budget_cents: null, committed_cents: 0, spent_cents: 0, left_cents: null },
      counts: { messages: 0 },
      abilities: { update: true, publish: true, delete: true, pause: false, media: true },
    });
    expect(draft.missing_fields).toEqual(
      expect.arrayContaining(['start_date', 'end_date', 'description', 'product_name', 'total_budget_cents']),
    );
    const { type_id: _t, ...fields } = complete();
    const filled = await api.put(`${V}/campaign/${draft.id}`, {
      ...fields,
      title: '  Lifecycle test  ',
      interests: [interests[0]!.id, interests[1]!.id, interests[1]!.id],
      url_tracking: true,
      tracker_url: 'https://peak.example/t?ref=reach',
      product_link: '',
    });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    expect(filled.body).toMatchObject({
      title: 'Lifecycle test',
      product_link: null,
      url_tracking: true,
      interests: expect.arrayContaining([{ id: interests[0]!.id, name: interests[0]!.name }]),
      budget: { total_budget_cents: 100_000, left_cents: 100_000 },
      missing_fields: [],
    });
    expect((filled.body.interests as unknown[]).length).toBe(2);
    const fetched = await api.get(`${V}/campaign/${draft.id}`);
    expect(fetched.body).toMatchObject({ title: 'Lifecycle test', end_date: day(14) });
    expect(
      (await api.put(`${V}/campaign/${draft.id}`, { start_date: day(20), end_date: day(10) })).body.error
        ?.message,
    ).toBe(API_MESSAGE.campaignDatesOrder);
    expect((await api.put(`${V}/campaign/${draft.id}`, { tracker_url: 'javascript:alert(1)' })).status).toBe(
      400,
    );
    expect((await api.put(`${V}/campaign/${draft.id}`, { total_budget_cents: 10.5 })).status).toBe(400);
    expect((await api.put(`${V}/campaign/${draft.id}`, { max_posts_per_influencer: 0 })).status).toBe(400);
  });

  it('walks every legal transition, refuses the illegal ones with 409, and records each change', async () => {
    const api = as('pro');
    const c = await create('pro', complete());
    await fund('pro', c.id);
    const act = (action: string) => api.post(`${V}/campaign/${c.id}/${action}`);
    const refused = async (action: string, message: string) => {
      const res = await act(action);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'conflict', message });
    };
    // draft
    await refused('pause', 'A draft campaign cannot be paused.');
    await refused('resume', 'A draft campaign cannot be resumed.');
    await refused('complete', 'A draft campaign cannot be completed.');
    const published = await act('publish');
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      status: 'active',
      abilities: { publish: false, pause: true, delete: false },
    });
    expect(published.body.published_at).toEqual(expect.any(String));
    // active
    await refused('publish', 'An active campaign cannot be published.');
    await refused('resume', 'An active campaign cannot be resumed.');
    await refused('archive', 'An active campaign cannot be archived.');
    const del = await api.delete(`${V}/campaign/${c.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error?.message).toBe('An active campaign cannot be deleted.');
    // Active campaigns change only their copy and end date; unchanged values may be sent back.
    const locked = await api.put(`${V}/campaign/${c.id}`, { title: 'Renamed', total_budget_cents: 5 });
    expect(locked.status).toBe(409);
    expect(locked.body.error?.message).toContain('Pause it to change: Title, Total budget.');
    const copyEdit = await api.put(`${V}/campaign/${c.id}`, {
      ...complete(),
      description: 'New copy',
      end_date: day(30),
    });
    expect(copyEdit.status, JSON.stringify(copyEdit.body)).toBe(200);
    expect(copyEdit.body).toMatchObject({
      description: 'New copy',
      end_date: day(30),
      title: 'Autumn Glow Test',
    });
    const emptied = await api.put(`${V}/campaign/${c.id}`, { description: '' });
    expect(emptied.status).toBe(422);
    expect(emptied.body.error?.fields).toMatchObject({ description: API_MESSAGE.campaignRequiredToPublish });
    expect((await api.put(`${V}/campaign/${c.id}`, { end_date: day(-5) })).body.error?.message).toBe(
      API_MESSAGE.campaignDatesOrder,
    );
    // active → paused → active
    expect((await act('pause')).body).toMatchObject({
      status: 'paused',
      abilities: { resume: true, media: true },
    });
    await refused('pause', 'A paused campaign cannot be paused.');
    await refused('publish', 'A paused campaign cannot be published.');
    expect((await api.put(`${V}/campaign/${c.id}`, { title: 'Renamed while paused' })).body).toMatchObject({
      title: 'Renamed while paused',
    });
    expect((await act('resume')).body).toMatchObject({ status: 'active', paused_at: null });
    // active → completed → archived
    expect((await act('complete')).body).toMatchObject({ status: 'completed' });
    await refused('pause', 'A completed campaign cannot be paused.');
    await refused('resume', 'A completed campaign cannot be resumed.');
    await refused('complete', 'A completed campaign cannot be completed.');
    const frozen = await api.put(`${V}/campaign/${c.id}`, { description: 'late' });
    expect(frozen.status).toBe(409);
    expect(frozen.body.error?.message).toBe('A completed campaign cannot be changed.');
    expect((await act('archive')).body).toMatchObject({ status: 'archived', abilities: { update: false } });
    for (const action of ['publish', 'pause', 'resume', 'complete', 'archive']) {
      await refused(
        action,
        `An archived campaign cannot be ${action === 'publish' ? 'published' : `${action.replace(/e$/, '')}ed`}.`,
      );
    }
    expect((await api.put(`${V}/campaign/${c.id}`, { description: 'x' })).status).toBe(409);
    expect((await api.delete(`${V}/campaign/${c.id}`)).status).toBe(409);

    const events = await t.app.ctx.db
      .selectFrom('campaign_status_events')
      .select(['from_status', 'to_status', 'actor_id'])
      .where('campaign_id', '=', c.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => `${e.from_status ?? '∅'}→${e.to_status}`)).toEqual([
      '∅→draft',
      'draft→active',
      'active→paused',
      'paused→active',
      'active→completed',
      'completed→archived',
    ]);
    expect(events.every((e) => e.actor_id === ids.pro)).toBe(true);
  });

  it('archives drafts, completes and archives paused campaigns, and resumes only a complete one', async () => {
    const api = as('pro');
    const draft = await create('pro', { type_id: 1, title: 'Archive me' });
    expect((await api.post(`${V}/campaign/${draft.id}/archive`)).body).toMatchObject({ status: 'archived' });
    const a = await create('pro', complete());
    await fund('pro', a.id);
    await api.post(`${V}/campaign/${a.id}/publish`);
    await api.post(`${V}/campaign/${a.id}/pause`);
    expect((await api.post(`${V}/campaign/${a.id}/complete`)).body).toMatchObject({ status: 'completed' });
    const b = await create('pro', complete());
    await fund('pro', b.id);
    await api.post(`${V}/campaign/${b.id}/publish`);
    await api.post(`${V}/campaign/${b.id}/pause`);
    // A paused campaign may be edited freely, but resuming checks it like publishing.
    await api.put(`${V}/campaign/${b.id}`, { product_name: null });
    const resume = await api.post(`${V}/campaign/${b.id}/resume`);
    expect(resume.status).toBe(422);
    expect(resume.body.error?.message).toBe('Please fill in this field before publishing: Product name.');
    expect((await api.post(`${V}/campaign/${b.id}/archive`)).body).toMatchObject({ status: 'archived' });
  });

  it('duplicates a campaign into a draft with its interests and media, and deletes drafts only', async () => {
    const api = as('pro');
    const source = await demoCampaign('Trail Season Kickoff');
    const dup = await api.post(`${V}/campaign/${source.id}/duplicate`);
    expect(dup.status).toBe(201);
    const copy = dup.body as unknown as Campaign;
    const original = (await api.get(`${V}/campaign/${source.id}`)).body as unknown as Campaign;
    expect(copy).toMatchObject({
      status: 'draft',
      title: 'Trail Season Kickoff (copy)',
      product_name: original.product_name,
      total_budget_cents: original.total_budget_cents,
      published_at: null,
      counts: { messages: 0 },
    });
    expect(copy.interests).toEqual(original.interests);
    expect(copy.media.map((m) => m.url)).toEqual(original.media.map((m) => m.url));
    expect(copy.media.map((m) => m.id)).not.toEqual(original.media.map((m) => m.id));
    // Removing a shared file from the copy keeps the original's file.
    const shared = copy.media[0]!;
    expect((await api.delete(`${V}/campaign/${copy.id}/media/${shared.id}`)).status).toBe(200);
    expect((await t.app.inject({ url: shared.url })).statusCode).toBe(200);
    expect((await api.delete(`${V}/campaign/${copy.id}`)).body).toEqual({ ok: true });
    expect((await api.get(`${V}/campaign/${copy.id}`)).status).toBe(404);
    expect((await t.app.inject({ url: original.media[1]!.url })).statusCode).toBe(200);
    expect((await api.delete(`${V}/campaign/${copy.id}`)).status).toBe(404);
  });
});

describe('publishing checks', () => {
  it('refuses an amount per post above the total budget with the message', async () => {
    const c = await create('pro', {
      ...complete(),
      type_id: 2,
      total_budget_cents: 10_000,
      amount_per_post_cents: 20_000,
    });
    const res = await as('pro').post(`${V}/campaign/${c.id}/publish`);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'unprocessable',
      message: 'The amount per post cannot be more than the total budget.',
      fields: { amount_per_post_cents: 'The amount per post cannot be more than the total budget.' },
    });
    expect((await as('pro').get(`${V}/campaign/${c.id}`)).body).toMatchObject({ status: 'draft' });
  });

  it('lists the fields the type still needs', async () => {
    const product = await create('pro', { type_id: 1, title: 'Only a title' });
    const res = await as('pro').post(`${V}/campaign/${product.id}/publish`);
    expect(res.status).toBe(422);
    expect(res.body.error?.message).toBe(
      'Please fill in these fields before publishing: Start date, End date, Description, Product name, Product amount, Product description.',
    );
    expect(Object.keys(res.body.error?.fields ?? {}).sort()).toEqual(
      [
        'description',
        'end_date',
        'product_amount_cents',
        'product_description',
        'product_name',
        'start_date',
      ].sort(),
    );
    const cash = await create('pro', {
      ...complete(),
      type_id: 2,
      total_budget_cents: null,
      max_posts_per_influencer: null,
    });
    const cashRes = await as('pro').post(`${V}/campaign/${cash.id}/publish`);
    expect(Object.keys(cashRes.body.error?.fields ?? {}).sort()).toEqual([
      'max_posts_per_influencer',
      'total_budget_cents',
    ]);
    // A cash campaign needs no product fields.
    const noProduct = await create('pro', {
      ...complete(),
      type_id: 2,
      product_name: null,
      product_description: null,
    });
    await fund('pro', noProduct.id);
    expect((await as('pro').post(`${V}/campaign/${noProduct.id}/publish`)).status).toBe(200);
  });

  it('refuses an end date in the past and a tracker-less URL tracking', async () => {
    const past = await create('pro', { ...complete(), start_date: day(-20), end_date: day(-3) });
    const res = await as('pro').post(`${V}/campaign/${past.id}/publish`);
    expect(res.status).toBe(422);
    expect(res.body.error?.message).toBe(API_MESSAGE.campaignEndDatePast);
    const tracking = await create('pro', { ...complete(), url_tracking: true });
    const t2 = await as('pro').post(`${V}/campaign/${tracking.id}/publish`);
    expect(t2.body.error?.fields).toMatchObject({ tracker_url: API_MESSAGE.campaignTrackerUrlRequired });
  });

  it('lets exactly one of five concurrent publishes through', async () => {
    const c = await create('pro', complete());
    await fund('pro', c.id);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => as('pro').post(`${V}/campaign/${c.id}/publish`)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const events = await t.app.ctx.db
      .selectFrom('campaign_status_events')
      .select('to_status')
      .where('campaign_id', '=', c.id)
      .where('to_status', '=', 'active')
      .execute();
    expect(events).toHaveLength(1);
  });
});

describe('interests', () => {
  it('accepts at most 3 known interests', async () => {
    const four = interests.slice(0, 4).map((i) => i.id);
    const res = await as('pro').post(`${V}/campaigns`, { type_id: 1, interests: four });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('A campaign can have at most 3 interests.');
    const c = await create('pro', { type_id: 1, interests: four.slice(0, 3) });
    expect(c.interests).toHaveLength(3);
    const update = await as('pro').put(`${V}/campaign/${c.id}`, { interests: four });
    expect(update.status).toBe(400);
    const unknown = await as('pro').put(`${V}/campaign/${c.id}`, { interests: [999_999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toBe(API_MESSAGE.campaignUnknownInterests);
    expect((await as('pro').put(`${V}/campaign/${c.id}`, { interests: [99_999_999_999] })).status).toBe(400);
    expect((await as('pro').put(`${V}/campaign/${c.id}`, { interests: [] })).body).toMatchObject({
      interests: [],
    });
    expect((await as('pro').put(`${V}/campaign/${c.id}`, { title: 'nul \u0000 byte' })).status).toBe(400);
  });
});

describe('media', () => {
  it('takes JPEG/PNG/MP4 by content, at most 5, reorders and removes them', async () => {
    const c = await create('pro', { type_id: 1, title: 'Media test' });
    const text = await upload(
      'pro',
      c.id,
      'photo.png',
      'image/png',
      Buffer.from('just some text, not an image'),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe(API_MESSAGE.campaignMediaType);
    const first = await upload('pro', c.id, 'a.png', 'image/png', png(10));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      mime: 'image/png',
      position: 0,
      url: expect.stringContaining(`/uploads/campaigns/${c.id}/`),
    });
    const served = await t.app.inject({ url: first.json().url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // The declared type and name do not matter: a video named .jpg is stored as MP4.
    const video = await upload('pro', c.id, 'clip.jpg', 'image/jpeg', mp4);
    expect(video.statusCode).toBe(201);
    expect(video.json()).toMatchObject({ mime: 'video/mp4', url: expect.stringMatching(/\.mp4$/) });
    for (const shade of [30, 60, 90])
      expect((await upload('pro', c.id, 'x.png', 'image/png', png(shade))).statusCode).toBe(201);
    const sixth = await upload('pro', c.id, 'six.png', 'image/png', png(200));
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.message).toBe(API_MESSAGE.campaignTooManyMedia);

    const media = ((await as('pro').get(`${V}/campaign/${c.id}`)).body as unknown as Campaign).media;
    expect(media.map((m) => m.position)).toEqual([0, 1, 2, 3, 4]);
    const reversed = media.map((m) => m.id).reverse();
    const reordered = await as('pro').put(`${V}/campaign/${c.id}/media/order`, { media_ids: reversed });
    expect((reordered.body.data as { id: number }[]).map((m) => m.id)).toEqual(reversed);
    expect(
      (await as('pro').put(`${V}/campaign/${c.id}/media/order`, { media_ids: reversed.slice(1) })).status,
    ).toBe(400);
    expect(
      (
        await as('pro').put(`${V}/campaign/${c.id}/media/order`, {
          media_ids: [...reversed.slice(1), reversed[1]],
        })
      ).status,
    ).toBe(400);

    const removed = await as('pro').delete(`${V}/campaign/${c.id}/media/${reversed[0]}`);
    expect(removed.status).toBe(200);
    expect((removed.body.data as { id: number; position: number }[]).map((m) => [m.id, m.position])).toEqual(
      reversed.slice(1).map((id, i) => [id, i]),
    );
    const file = path.join(t.config.dataDir, 'uploads', media[4]!.url.replace('/uploads/', ''));
    expect(fs.existsSync(file)).toBe(false);
    expect((await as('pro').delete(`${V}/campaign/${c.id}/media/${reversed[0]}`)).status).toBe(404);
    expect((await upload('pro', c.id, 'again.png', 'image/png', png(1))).statusCode).toBe(201);
  });

  it('refuses an image over 10 MB with 413 and media changes once the campaign ended', async () => {
    const c = await create('pro', complete());
    const huge = await upload(
      'pro',
      c.id,
      'big.png',
      'image/png',
      Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024)]),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe(API_MESSAGE.campaignImageTooLarge);
    expect(((await as('pro').get(`${V}/campaign/${c.id}`)).body as unknown as Campaign).media).toEqual([]);
    const empty = await upload('pro', c.id, 'empty.png', 'image/png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const notMultipart = await as('pro').post(`${V}/campaign/${c.id}/media`, { file: 'x' });
    expect(notMultipart.status).toBe(400);
    await fund('pro', c.id);
    await as('pro').post(`${V}/campaign/${c.id}/publish`);
    // Media belong to the brief: a running campaign takes them, an ended one does not.
    expect((await upload('pro', c.id, 'live.png', 'image/png', png())).statusCode).toBe(201);
    await as('pro').post(`${V}/campaign/${c.id}/complete`);
    const locked = await upload('pro', c.id, 'late.png', 'image/png', png());
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toBe(API_MESSAGE.campaignMediaLocked);
  });
});

describe('tenancy and roles', () => {
  it("answers 404 to a business touching another business's campaign", async () => {
    const pro = await demoCampaign('Trail Season Kickoff');
    const proDraft = await demoCampaign('Winter Layering Guide');
    const api = as('trial');
    expect((await api.get(`${V}/campaign/${pro.id}`)).status).toBe(404);
    expect((await api.get(`${V}/campaign/${proDraft.id}`)).status).toBe(404);
    expect((await api.put(`${V}/campaign/${proDraft.id}`, { title: 'mine now' })).status).toBe(404);
    expect((await api.post(`${V}/campaign/${proDraft.id}/publish`)).status).toBe(404);
    expect((await api.post(`${V}/campaign/${pro.id}/pause`)).status).toBe(404);
    expect((await api.post(`${V}/campaign/${pro.id}/duplicate`)).status).toBe(404);
    expect((await api.delete(`${V}/campaign/${proDraft.id}`)).status).toBe(404);
    expect((await upload('trial', proDraft.id, 'x.png', 'image/png', png())).statusCode).toBe(404);
    expect((await api.put(`${V}/campaign/${proDraft.id}/media/order`, { media_ids: [] })).status).toBe(404);
    expect((await api.get(`${V}/campaigns/${pro.id}/messages`)).status).toBe(404);
    expect(
      (await api.post(`${V}/campaigns/${pro.id}/messages`, { body: 'hi', user_id: ids.influencer })).status,
    ).toBe(404);
    expect((await api.get(`${V}/campaign/999999`)).status).toBe(404);
    expect((await as('pro').get(`${V}/campaign/${proDraft.id}`)).body).toMatchObject({
      title: 'Winter Layering Guide',
    });
  });

  it('shows influencers active campaigns only, read-only', async () => {
    const active = await demoCampaign('Summit Stories');
    const res = await as('new').get(`${V}/campaign/${active.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'active',
      missing_fields: [],
      abilities: {
        update: false,
        publish: false,
        pause: false,
        delete: false,
        duplicate: false,
        message: true,
      },
    });
    for (const title of [
      'Winter Layering Guide',
      'National Parks Road Trip',
      'Trail Running Shoe Review',
      'Backcountry Cook-Off',
    ]) {
      expect((await as('new').get(`${V}/campaign/${(await demoCampaign(title)).id}`)).status).toBe(404);
    }
    expect((await as('influencer').post(`${V}/campaigns`, { type_id: 1 })).status).toBe(403);
    expect((await as('influencer').put(`${V}/campaign/${active.id}`, { title: 'x' })).status).toBe(403);
    expect((await as('influencer').post(`${V}/campaign/${active.id}/pause`)).status).toBe(403);
    expect((await as('influencer').get(`${V}/campaigns/business`)).status).toBe(403);
    // Admins see every campaign but do not manage them.
    expect(
      (await as('admin').get(`${V}/campaign/${(await demoCampaign('Backcountry Cook-Off')).id}`)).status,
    ).toBe(200);
    expect((await as('admin').post(`${V}/campaign/${active.id}/pause`)).status).toBe(403);
  });

  it('answers 402 to a business without a subscription on campaign endpoints', async () => {
    const api = as('free');
    const some = await demoCampaign('Glow Serum Launch');
    for (const res of [
      await api.get(`${V}/campaigns/business`),
      await api.get(`${V}/campaigns/active`),
      await api.get(`${V}/campaigns/list`),
      await api.get(`${V}/my/campaigns`),
      await api.get(`${V}/campaign/${some.id}`),
      await api.post(`${V}/campaigns`, { type_id: 1 }),
      await api.put(`${V}/campaign/${some.id}`, { title: 'x' }),
      await api.post(`${V}/campaign/${some.id}/publish`),
      await api.get(`${V}/campaigns/${some.id}/messages`),
    ]) {
      expect(res.status).toBe(402);
      expect(res.body.error?.message).toBe(API_MESSAGE.planRequired('Pro'));
    }
    expect((await as('trial').get(`${V}/campaigns/business`)).status).toBe(200);
  });
});

describe('messages', () => {
  it('lets the business and that influencer read their thread, newest page first', async () => {
    const glow = await demoCampaign('Glow Serum Launch');
    const mine = await as('influencer').get(`${V}/campaigns/${glow.id}/messages`);
    expect(mine.status).toBe(200);
    expect(mine.body.total_messages).toBe(4);
    const messages = mine.body.messages as CampaignMessage[];
    expect(messages.map((m) => m.sender.name)).toEqual([
      'Lumen Skincare',
      'Isabella Reyes',
      'Lumen Skincare',
      'Isabella Reyes',
    ]);
    expect(messages.every((m) => m.influencer_user_id === ids.influencer)).toBe(true);
    const business = await as('trial').get(`${V}/campaigns/${glow.id}/messages?user_id=${ids.influencer}`);
    expect(business.body).toEqual(mine.body);
    expect(
      (await as('trial').get(`${V}/campaigns/${glow.id}/messages?creator_id=${ids.influencer}`)).body,
    ).toEqual(mine.body);
    const newest = await as('trial').get(
      `${V}/campaigns/${glow.id}/messages?user_id=${ids.influencer}&items=3`,
    );
    expect((newest.body.messages as CampaignMessage[]).map((m) => m.id)).toEqual(
      messages.slice(1).map((m) => m.id),
    );
    const older = await as('trial').get(
      `${V}/campaigns/${glow.id}/messages?user_id=${ids.influencer}&items=3&page=2`,
    );
    expect((older.body.messages as CampaignMessage[]).map((m) => m.id)).toEqual([messages[0]!.id]);
    expect((await as('admin').get(`${V}/campaigns/${glow.id}/messages`)).body.total_messages).toBe(4);
    expect((await as('influencer').get(`${V}/campaign/${glow.id}`)).body).toMatchObject({
      counts: { messages: 4 },
    });
  });

  it('keeps other participants out', async () => {
    const glow = await demoCampaign('Glow Serum Launch');
    // Another influencer may open the active campaign but not Isabella's thread.
    const other = await as('new').get(`${V}/campaigns/${glow.id}/messages?user_id=${ids.influencer}`);
    expect(other.status).toBe(403);
    expect(other.body.error?.message).toBe(API_MESSAGE.campaignMessageOtherThread);
    expect((await as('new').get(`${V}/campaigns/${glow.id}/messages`)).body).toEqual({
      messages: [],
      total_messages: 0,
    });
    expect(
      (await as('new').post(`${V}/campaigns/${glow.id}/messages`, { body: 'hi', user_id: ids.influencer }))
        .status,
    ).toBe(403);
    // A business that does not own the campaign gets 404, as for any of its endpoints.
    expect((await as('pro').get(`${V}/campaigns/${glow.id}/messages?user_id=${ids.influencer}`)).status).toBe(
      404,
    );
    // Without a thread, a paused or draft campaign is invisible to an influencer.
    const paused = await demoCampaign('Summer Hydration Series');
    expect((await as('influencer').get(`${V}/campaigns/${paused.id}/messages`)).status).toBe(404);
    expect((await as('influencer').post(`${V}/campaigns/${paused.id}/messages`, { body: 'hi' })).status).toBe(
      404,
    );
    const draft = await demoCampaign('Holiday Gift Sets 2026');
    expect((await as('influencer').get(`${V}/campaigns/${draft.id}/messages`)).status).toBe(404);
    // The business cannot message about a draft.
    const closed = await as('trial').post(`${V}/campaigns/${draft.id}/messages`, {
      body: 'hi',
      user_id: ids.influencer,
    });
    expect(closed.status).toBe(409);
    expect(closed.body.error?.message).toBe(API_MESSAGE.campaignMessagesClosed);
  });

  it('sends a message, notifies the other side and pushes it live to both', async () => {
    const spf = await demoCampaign('SPF Every Day Challenge');
    const events: Record<string, LiveEvent[]> = { trial: [], influencer: [] };
    const offs = [
      t.app.ctx.live.subscribe(ids.trial, (e) => events.trial!.push(e)),
      t.app.ctx.live.subscribe(ids.influencer, (e) => events.influencer!.push(e)),
    ];
    try {
      const sent = await as('influencer').post(`${V}/campaigns/${spf.id}/messages`, {
        body: '  Posted my first one!  ',
      });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({
        campaign_id: spf.id,
        influencer_user_id: ids.influencer,
        body: 'Posted my first one!',
        sender: { id: ids.influencer, type: 'influencer', name: 'Isabella Reyes' },
      });
      expect(events.trial!.map((e) => e.type).sort()).toEqual(['message', 'notification']);
      expect(events.influencer!.map((e) => e.type)).toEqual(['message']);
      const note = events.trial!.find((e) => e.type === 'notification');
      expect(note).toMatchObject({
        notification: {
          body: expect.stringContaining('Isabella Reyes about "SPF Every Day Challenge"'),
          link: `/business/campaigns/${spf.id}?influencer=${ids.influencer}`,
        },
      });

      const noRecipient = await as('trial').post(`${V}/campaigns/${spf.id}/messages`, { body: 'Thanks!' });
      expect(noRecipient.status).toBe(400);
      expect(noRecipient.body.error?.message).toBe(API_MESSAGE.campaignMessageRecipientRequired);
      const toBusiness = await as('trial').post(`${V}/campaigns/${spf.id}/messages`, {
        body: 'x',
        user_id: ids.pro,
      });
      expect(toBusiness.body.error?.message).toBe(API_MESSAGE.campaignMessageRecipientUnknown);
      const reply = await as('trial').post(`${V}/campaigns/${spf.id}/messages`, {
        body: 'Thanks, looks great!',
        user_id: ids.influencer,
      });
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ sender: { name: 'Lumen Skincare', type: 'business' } });
      const influencerNote = events.influencer!.find((e) => e.type === 'notification');
      expect(influencerNote).toMatchObject({ notification: { link: `/influencer/campaigns/${spf.id}` } });
      expect(events.influencer!.filter((e) => e.type === 'message')).toHaveLength(2);
    } finally {
      for (const off of offs) off();
    }
    expect(
      (await as('trial').post(`${V}/campaigns/${spf.id}/messages`, { body: '   ', user_id: ids.influencer }))
        .status,
    ).toBe(400);
    const thread = await as('influencer').get(`${V}/campaigns/${spf.id}/messages`);
    expect((thread.body.messages as CampaignMessage[]).slice(-2).map((m) => m.body)).toEqual([
      'Posted my first one!',
      'Thanks, looks great!',
    ]);
  });

  it('starts a new thread for another influencer, lists threads, and lets admins write', async () => {
    const summit = await demoCampaign('Summit Stories');
    expect(
      (
        await as('new').post(`${V}/campaigns/${summit.id}/messages`, {
          body: 'Hi Peak, I would love to join.',
        })
      ).status,
    ).toBe(201);
    expect(titles((await as('new').get(`${V}/campaigns/browse?myCampaigns=true`)).body)).toEqual([
      'Summit Stories',
    ]);
    const reply = await as('pro').post(`${V}/campaigns/${summit.id}/messages`, {
      body: 'Welcome!',
      user_id: ids.new,
    });
    expect(reply.status).toBe(201);
    const admin = await as('admin').post(`${V}/campaigns/${summit.id}/messages`, {
      body: 'Moderator note',
      user_id: ids.new,
    });
    expect(admin.status).toBe(201);
    expect(admin.body).toMatchObject({ sender: { type: 'admin' } });
    const threads = await as('pro').get(`${V}/campaigns/${summit.id}/threads`);
    expect(threads.body).toMatchObject({
      total: 1,
      data: [
        {
          influencer: { id: ids.new, name: 'Noah Newman' },
          total_messages: 3,
          last_message: { body: 'Moderator note' },
        },
      ],
    });
    expect((await as('new').get(`${V}/campaigns/${summit.id}/threads`)).body).toMatchObject({ total: 1 });
    const trail = await demoCampaign('Trail Season Kickoff');
    expect((await as('new').get(`${V}/campaigns/${trail.id}/threads`)).body).toEqual({ data: [], total: 0 });
    expect((await as('pro').get(`${V}/campaigns/${trail.id}/threads`)).body).toMatchObject({ total: 1 });
    // Once paused, the influencer with a thread still sees it and may write; others may not.
    await as('pro').post(`${V}/campaign/${summit.id}/pause`);
    expect((await as('new').get(`${V}/campaign/${summit.id}`)).status).toBe(200);
    expect((await as('new').post(`${V}/campaigns/${summit.id}/messages`, { body: 'Still on?' })).status).toBe(
      201,
    );
    expect((await as('influencer').get(`${V}/campaign/${summit.id}`)).status).toBe(404);
    await as('pro').post(`${V}/campaign/${summit.id}/resume`);
  });
});
