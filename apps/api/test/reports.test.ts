import crypto from 'node:crypto';
import type { CampaignReport, CreatorReport, emvSettings } from '@reach/contract/reports';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ACCOUNT, payFromCampaignBudget, recordMovement } from '../src/modules/payments/ledger';
import { client, createTestApp, loginAs, type TestApp } from './harness';

/**
 * Campaign and creator reports (issue 14) through the HTTP API, on PGlite and PostgreSQL: on a fixture whose
 * figures are worked out by hand below — clicks (one repeated within 30 minutes, one bot), conversions by code,
 * by click id and by a signed Shopify order (one in EUR), spend from the ledger plus product value, approved
 * posts with metrics — the report says what the published formulas say; the daily rollups equal a recount of
 * the raw rows; EMV values are per business and validated; CSV and PDF; other tenants refused.
 */

type EmvSettings = z.infer<typeof emvSettings>;

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const TITLE = 'Łódź Glow 東京';
const SECRET = 'shpss_reports_9f2c1a7e5b3d';
const HOUR = 3_600_000;

let t: TestApp;
let pro: string;
let trial: string;
let admin: string;
let creatorToken: string;
let businessId: number;
let campaignId: number;
let emptyCampaignId: number;
let ana: number;
let ben: number;

const db = () => t.app.ctx.db;
const at = (offsetMs = 0) => new Date(t.clock.now.getTime() + offsetMs);

async function storedClick(clickId: string) {
  for (let i = 0; i < 300; i++) {
    const row = await db()
      .selectFrom('link_clicks')
      .selectAll()
      .where('click_id', '=', clickId)
      .executeTakeFirst();
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`click ${clickId} was never stored`);
}

/** Follows a link; returns the click id it issued once the click is stored. */
async function click(code: string, userAgent: string, ip: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/r/${code}`,
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(302);
  const id = new URL(res.headers.location as string).searchParams.get('rc_id') as string;
  await storedClick(id);
  return id;
}

async function newCampaign(title: string, product: number | null) {
  const row = await db()
    .insertInto('campaigns')
    .values({
      business_id: businessId,
      type_id: 3,
      status: 'active',
      title,
      url_tracking: true,
      tracker_url: 'https://shop.example/glow',
      product_name: 'Glow serum',
      product_amount_cents: product,
      total_budget_cents: 100_000,
      amount_per_post_cents: 10_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function connect(campaign: number, user: number) {
  return (
    await db()
      .insertInto('connections')
      .values({
        business_id: businessId,
        campaign_id: campaign,
        influencer_user_id: user,
        status: 'accepted',
        initiated_by: 'business',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

type PostFixture = {
  platform: 'instagram' | 'tiktok' | 'youtube';
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  video_views: number | null;
  impressions: number | null;
  reach: number | null;
  status?: 'approved' | 'rejected';
  submitted_at?: Date;
};

async function post(connectionId: number, user: number, n: number, p: PostFixture) {
  await db()
    .insertInto('posts')
    .values({
      connection_id: connectionId,
      campaign_id: campaignId,
      business_id: businessId,
      influencer_user_id: user,
      platform: p.platform,
      post_url: `https://example.com/p/${n}`,
      source: 'submitted',
      status: p.status ?? 'approved',
      rejection_reason: p.status === 'rejected' ? 'Off brief' : null,
      submitted_at: p.submitted_at ?? at(-2 * HOUR),
      likes: p.likes,
      comments: p.comments,
      shares: p.shares,
      saves: p.saves,
      video_views: p.video_views,
      impressions: p.impressions,
      reach: p.reach,
      metrics_source: 'measured',
      metrics_method: 'Read from the platform API',
      metrics_fetched_at: at(-HOUR),
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  pro = await loginAs(t.app, 'pro@reach.local');
  trial = await loginAs(t.app, 'trial@reach.local');
  admin = await loginAs(t.app, 'admin@reach.local');
  creatorToken = await loginAs(t.app, 'influencer@reach.local');
  businessId = (
    await db()
      .selectFrom('businesses')
      .innerJoin('users', 'users.id', 'businesses.user_id')
      .select('businesses.id')
      .where('users.email', '=', 'pro@reach.local')
      .executeTakeFirstOrThrow()
  ).id;
  const influencers = await db()
    .selectFrom('users')
    .select(['id', 'email'])
    .where('type', '=', 'influencer')
    .orderBy('id')
    .execute();
  ana = influencers.find((u) => u.email === 'influencer@reach.local')?.id as number;
  ben = influencers.find((u) => u.id !== ana)?.id as number;
  // A name a spreadsheet would run as a formula.
  await db()
    .updateTable('influencer_profiles')
    .set({ first_name: '=SUM(1,2)' })
    .where('user_id', '=', ben)
    .execute();

  campaignId = await newCampaign(TITLE, 2_500);
  emptyCampaignId = await newCampaign('Nothing yet', null);
  const anaConnection = await connect(campaignId, ana);
  const benConnection = await connect(campaignId, ben);

  // Spend: $1,000 funded, $300 paid to Ana and $100 to Ben (the ledger), + $25 of product each.
  await recordMovement(db(), {
    key: `test:fund:${campaignId}`,
    kind: 'campaign_funding',
    from: ACCOUNT.externalCard,
    to: ACCOUNT.campaignBudget(campaignId),
    amountCents: 100_000,
    description: 'Funding',
    businessId,
    campaignId,
  });
  await payFromCampaignBudget(db(), {
    campaignId,
    influencerUserId: ana,
    amountCents: 30_000,
    idempotencyKey: `test:pay:${campaignId}:ana`,
    description: 'Post',
  });
  await payFromCampaignBudget(db(), {
    campaignId,
    influencerUserId: ben,
    amountCents: 10_000,
    idempotencyKey: `test:pay:${campaignId}:ben`,
    description: 'Post',
  });

  // Posts: two of Ana's, one of Ben's approved; a rejected one is not counted.
  await post(anaConnection, ana, 1, {
    platform: 'instagram',
    likes: 1000,
    comments: 100,
    shares: 20,
    saves: 30,
    video_views: null,
    impressions: 50_000,
    reach: 30_000,
  });
  await post(anaConnection, ana, 2, {
    platform: 'tiktok',
    likes: 2000,
    comments: 50,
    shares: 0,
    saves: null,
    video_views: 80_000,
    impressions: null,
    reach: 40_000,
  });
  await post(benConnection, ben, 3, {
    platform: 'youtube',
    likes: 10,
    comments: 2,
    shares: null,
    saves: null,
    video_views: null,
    impressions: null,
    reach: null,
  });
  await post(benConnection, ben, 4, {
    platform: 'instagram',
    likes: 99_999,
    comments: 0,
    shares: 0,
    saves: 0,
    video_views: null,
    impressions: 1_000_000,
    reach: null,
    status: 'rejected',
  });

  // Links, codes, clicks.
  const api = client(t.app, pro);
  const attribution = await api.get(`/api/v1/campaign/${campaignId}/attribution`);
  expect(attribution.status).toBe(200);
  const linkOf = (user: number) =>
    (attribution.body.creators as { influencer_user_id: number; link: { code: string } }[]).find(
      (c) => c.influencer_user_id === user,
    )?.link.code as string;
  expect((await api.put(`/api/v1/campaign/${campaignId}/codes/${ana}`, { code: 'ANA-GLOW' })).status).toBe(
    200,
  );
  expect((await api.put(`/api/v1/campaign/${campaignId}/codes/${ben}`, { code: 'BEN-GLOW' })).status).toBe(
    200,
  );
  const anaFirst = await click(linkOf(ana), IPHONE, '203.0.113.10');
  t.clock.advance(10 * 60_000);
  await click(linkOf(ana), IPHONE, '203.0.113.10'); // the same browser within 30 minutes: counted once
  await click(linkOf(ana), DESKTOP, '203.0.113.11');
  await click(linkOf(ana), GOOGLEBOT, '66.249.66.1'); // a bot: not counted
  const benClick = await click(linkOf(ben), DESKTOP, '198.51.100.7');

  // Conversions: by code, by click id, a signed Shopify order (click id in landing_site), in EUR by code,
  // and one with an unknown code (unattributed, in no report).
  const key = (await api.post('/api/v1/my/api-keys', { name: 'Reports' })).body.key as string;
  const convert = async (body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/conversions',
      headers: { authorization: `Bearer ${key}` },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { attributed_via: string };
  };
  const when = at(60_000).toISOString(); // a minute after the clicks
  expect(
    (
      await convert({
        order_id: 'R-1',
        amount: '100.00',
        currency: 'USD',
        occurred_at: when,
        code: 'ana-glow',
      })
    ).attributed_via,
  ).toBe('code');
  expect(
    (
      await convert({
        order_id: 'R-2',
        amount: '50.00',
        currency: 'USD',
        occurred_at: when,
        click_id: benClick,
      })
    ).attributed_via,
  ).toBe('click');
  expect(
    (
      await convert({
        order_id: 'R-3',
        amount: '20.00',
        currency: 'EUR',
        occurred_at: when,
        code: 'BEN-GLOW',
      })
    ).attributed_via,
  ).toBe('code');
  expect(
    (await convert({ order_id: 'R-4', amount: '75.00', currency: 'USD', occurred_at: when, code: 'NOPE-1' }))
      .attributed_via,
  ).toBe('none');
  const settings = await api.put('/api/v1/my/attribution-settings', { shopify_webhook_secret: SECRET });
  const raw = Buffer.from(
    JSON.stringify({
      id: 5_550_001,
      total_price: '25.50',
      currency: 'USD',
      created_at: when,
      discount_codes: [],
      landing_site: `/products/glow?utm_source=reach&rc_id=${anaFirst}`,
    }),
  );
  const shopify = await t.app.inject({
    method: 'POST',
    url: (settings.body as { shopify: { webhook_path: string } }).shopify.webhook_path,
    headers: {
      'content-type': 'application/json',
      'x-shopify-hmac-sha256': crypto.createHmac('sha256', SECRET).update(raw).digest('base64'),
    },
    payload: raw,
  });
  expect(shopify.json()).toMatchObject({ received: true, attributed_via: 'click' });
}, 600_000);
afterAll(async () => t?.close());

/** A file download (CSV, PDF): the raw answer. */
const file = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('campaign report', () => {
  it('computes every figure as the published formulas say', async () => {
    const res = await client(t.app, pro).get(`/api/v1/campaign/${campaignId}/report`);
    expect(res.status).toBe(200);
    const r = res.body as unknown as CampaignReport;
    expect(r.campaign).toMatchObject({ id: campaignId, title: TITLE, business_id: businessId });
    // Spend: ledger post payments 300 + 100, product 2 × 25.
    expect(r.totals.spend).toEqual({
      cents: 45_000,
      paid_cents: 40_000,
      product_cents: 5_000,
      product_units: 2,
    });
    expect(r.totals.clicks).toEqual({ total: 4, unique: 3 });
    expect(r.totals.conversions).toBe(4);
    expect(r.totals.revenue_usd_cents).toBe(17_550);
    expect(r.totals.revenue).toEqual([
      { currency: 'EUR', amount_cents: 2_000, amount: '20.00' },
      { currency: 'USD', amount_cents: 17_550, amount: '175.50' },
    ]);
    expect(r.totals.posts).toBe(3);
    // Engagements: 1000+100+20+30, 2000+50+0, 10+2.
    expect(r.totals.engagements).toBe(3_212);
    // Impressions: 50,000; TikTok's reach 40,000 (no impressions); YouTube none.
    expect(r.totals.impressions).toBe(90_000);
    // EMV (defaults): Instagram 1150 × $0.25 + 50 × $8 = $687.50; TikTok 2050 × $0.15 + 40 × $10 = $707.50;
    // YouTube 12 × $0.35 = $4.20.
    expect(r.totals.emv_cents).toBe(68_750 + 70_750 + 420);
    expect(r.totals.ratios).toEqual({
      cpe: { value: 14.01, reason: null, formula: expect.stringContaining('engagements') },
      cpm: { value: 500, reason: null, formula: expect.stringContaining('impressions') },
      cpc: { value: 15_000, reason: null, formula: expect.stringContaining('clicks') },
      cpa: { value: 11_250, reason: null, formula: expect.stringContaining('conversions') },
      roas: { value: 0.39, reason: null, formula: expect.stringContaining('revenue') },
    });
    expect(r.method.emv_formula).toContain('likes × $0.25');
    expect(r.method.emv_formula).toContain('impressions ÷ 1,000 × $8.00');

    const byId = new Map(
      (r.creators as { influencer_user_id: number }[]).map((c) => [c.influencer_user_id, c]),
    );
    expect(byId.get(ana)).toMatchObject({
      spend: { cents: 32_500, paid_cents: 30_000, product_cents: 2_500, product_units: 1 },
      clicks: { total: 3, unique: 2 },
      conversions: 2,
      revenue_usd_cents: 12_550,
      posts: 2,
      engagements: 3_200,
      emv_cents: 139_500,
      ratios: { roas: { value: 0.39 } },
    });
    expect(byId.get(ben)).toMatchObject({
      name: expect.stringMatching(/^=SUM\(1,2\)/),
      spend: { cents: 12_500 },
      clicks: { total: 1, unique: 1 },
      conversions: 2,
      revenue_usd_cents: 5_000,
      revenue: [
        { currency: 'EUR', amount_cents: 2_000, amount: '20.00' },
        { currency: 'USD', amount_cents: 5_000, amount: '50.00' },
      ],
      emv_cents: 420,
      ratios: { roas: { value: 0.4 } },
    });

    const days = r.daily as {
      clicks: number;
      conversions: number;
      revenue_usd_cents: number;
      engagements: number;
    }[];
    expect(days.reduce((n, d) => n + d.clicks, 0)).toBe(3);
    expect(days.reduce((n, d) => n + d.conversions, 0)).toBe(4);
    expect(days.reduce((n, d) => n + d.revenue_usd_cents, 0)).toBe(17_550);
    expect(days.reduce((n, d) => n + d.engagements, 0)).toBe(3_212);
    expect(r.top_posts.map((p: { emv_cents: number }) => p.emv_cents)).toEqual([70_750, 68_750, 420]);
    expect(r.top_posts[0]?.metrics).toEqual({
      source: 'measured',
      method: 'Read from the platform API',
      as_of: expect.any(String),
    });
  });

  it('says why a ratio cannot be computed when its denominator is 0', async () => {
    const res = await client(t.app, pro).get(`/api/v1/campaign/${emptyCampaignId}/report`);
    expect(res.status).toBe(200);
    const r = res.body as unknown as CampaignReport;
    expect(r.totals.spend.cents).toBe(0);
    expect(r.totals.ratios).toEqual({
      cpe: { value: null, reason: 'No engagements measured yet', formula: expect.any(String) },
      cpm: { value: null, reason: 'No impressions measured yet', formula: expect.any(String) },
      cpc: { value: null, reason: 'No clicks yet', formula: expect.any(String) },
      cpa: { value: null, reason: 'No conversions yet', formula: expect.any(String) },
      roas: { value: null, reason: 'No spend yet', formula: expect.any(String) },
    });
    expect(r.daily).toEqual([]);
    expect(r.creators).toEqual([]);
  });

  it('keeps the daily rollups equal to a recount of the raw clicks and conversions', async () => {
    const clicks = await db()
      .selectFrom('link_clicks as k')
      .innerJoin('tracked_links as l', 'l.id', 'k.link_id')
      .select((eb) => [
        'l.campaign_id',
        'l.influencer_user_id',
        eb.fn.countAll<number>().filterWhere('k.is_bot', '=', false).as('clicks'),
        eb.fn
          .countAll<number>()
          .filterWhere((w) => w.and([w('k.is_bot', '=', false), w('k.is_unique', '=', true)]))
          .as('unique_clicks'),
        eb.fn.countAll<number>().filterWhere('k.is_bot', '=', true).as('bot_clicks'),
      ])
      .groupBy(['l.campaign_id', 'l.influencer_user_id'])
      .execute();
    const rolled = await db()
      .selectFrom('attribution_click_days')
      .select((eb) => [
        'campaign_id',
        'influencer_user_id',
        eb.fn.sum<number>('clicks').as('clicks'),
        eb.fn.sum<number>('unique_clicks').as('unique_clicks'),
        eb.fn.sum<number>('bot_clicks').as('bot_clicks'),
      ])
      .groupBy(['campaign_id', 'influencer_user_id'])
      .execute();
    const norm = (rows: Record<string, unknown>[]) =>
      rows
        .map((r) =>
          Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'currency' ? v : Number(v)])),
        )
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(clicks.length).toBeGreaterThan(0);
    expect(norm(rolled)).toEqual(norm(clicks));

    const conversions = await db()
      .selectFrom('conversions')
      .select((eb) => [
        'campaign_id',
        'influencer_user_id',
        'currency',
        eb.fn.countAll<number>().as('conversions'),
        eb.fn.sum<number>('amount_cents').as('revenue_cents'),
      ])
      .where('campaign_id', 'is not', null)
      .groupBy(['campaign_id', 'influencer_user_id', 'currency'])
      .execute();
    const rolledConversions = await db()
      .selectFrom('attribution_conversion_days')
      .select((eb) => [
        'campaign_id',
        'influencer_user_id',
        'currency',
        eb.fn.sum<number>('conversions').as('conversions'),
        eb.fn.sum<number>('revenue_cents').as('revenue_cents'),
      ])
      .groupBy(['campaign_id', 'influencer_user_id', 'currency'])
      .execute();
    expect(conversions.length).toBeGreaterThan(0);
    expect(norm(rolledConversions)).toEqual(norm(conversions));

    // The per-creator totals and the per-campaign days hold the same sums.
    const clickTotals = await db()
      .selectFrom('attribution_click_totals')
      .select(['campaign_id', 'influencer_user_id', 'clicks', 'unique_clicks', 'bot_clicks'])
      .execute();
    expect(norm(clickTotals)).toEqual(norm(clicks));
    const conversionTotals = await db()
      .selectFrom('attribution_conversion_totals')
      .select(['campaign_id', 'influencer_user_id', 'currency', 'conversions', 'revenue_cents'])
      .execute();
    expect(norm(conversionTotals)).toEqual(norm(conversions));
    const clickDays = await sql<Record<string, unknown>>`
      SELECT campaign_id, (clicked_at AT TIME ZONE 'UTC')::date::text AS day,
        count(*) FILTER (WHERE NOT is_bot) AS clicks, count(*) FILTER (WHERE is_unique AND NOT is_bot) AS unique_clicks,
        count(*) FILTER (WHERE is_bot) AS bot_clicks
      FROM link_clicks GROUP BY 1, 2`.execute(db());
    const campaignClickDays = await sql<Record<string, unknown>>`
      SELECT campaign_id, day::text AS day, clicks, unique_clicks, bot_clicks
      FROM attribution_campaign_click_days`.execute(db());
    const byDay = (rows: Record<string, unknown>[]) =>
      norm(rows.map(({ day, ...r }) => ({ ...r, day: Date.parse(String(day)) })));
    expect(clickDays.rows.length).toBeGreaterThan(0);
    expect(byDay(campaignClickDays.rows)).toEqual(byDay(clickDays.rows));
    const conversionDays = await sql<Record<string, unknown>>`
      SELECT campaign_id, (occurred_at AT TIME ZONE 'UTC')::date::text AS day, currency,
        count(*) AS conversions, sum(amount_cents) AS revenue_cents
      FROM conversions WHERE campaign_id IS NOT NULL AND influencer_user_id IS NOT NULL GROUP BY 1, 2, 3`.execute(
      db(),
    );
    const campaignConversionDays = await sql<Record<string, unknown>>`
      SELECT campaign_id, day::text AS day, currency, conversions, revenue_cents
      FROM attribution_campaign_conversion_days`.execute(db());
    expect(conversionDays.rows.length).toBeGreaterThan(0);
    expect(byDay(campaignConversionDays.rows)).toEqual(byDay(conversionDays.rows));
  });

  it('is the owner’s and the admins’: another business gets 404, a creator 403, bad ids 400', async () => {
    const paths = [
      `/api/v1/campaign/${campaignId}/report`,
      `/api/v1/campaign/${campaignId}/report/csv?table=creators`,
      `/api/v1/campaign/${campaignId}/report/pdf`,
    ];
    for (const path of paths) {
      expect((await client(t.app, trial).get(path)).status).toBe(404);
      expect((await client(t.app, creatorToken).get(path)).status).toBe(403);
      expect((await client(t.app, admin).get(path)).status).toBe(200);
    }
    expect((await client(t.app, pro).get('/api/v1/campaign/abc/report')).status).toBe(400);
    expect((await client(t.app, pro).get('/api/v1/campaign/999999/report')).status).toBe(404);
    expect(
      (await client(t.app, pro).get(`/api/v1/campaign/${campaignId}/report/csv?table=bogus`)).status,
    ).toBe(400);
    expect((await client(t.app, pro).get(`/api/v1/campaign/${campaignId}/report/csv`)).status).toBe(400);
    const admins = await client(t.app, admin).get(`/api/v1/campaign/${campaignId}/report`);
    expect((admins.body as unknown as CampaignReport).totals.emv_cents).toBe(139_920);
  });
});

describe('CSV and PDF', () => {
  it('writes each table as CSV, escaped, with formula-looking cells defused', async () => {
    const creators = await file(pro, `/api/v1/campaign/${campaignId}/report/csv?table=creators`);
    expect(creators.statusCode).toBe(200);
    expect(creators.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(creators.headers['content-disposition']).toBe(
      `attachment; filename="campaign-${campaignId}-creators.csv"`,
    );
    const text = creators.body;
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Creator,Handle,Spend (USD),Paid to creators (USD),Product value (USD),Clicks (unique),Clicks (total),Conversions,Revenue (USD),Revenue in other currencies,Posts,Engagements,Impressions,EMV (USD),CPE (USD),CPM (USD),CPC (USD),CPA (USD),ROAS',
    );
    // Ben's name starts with "=": prefixed with ' and quoted (it holds a comma).
    const benLine = lines.find((l) => l.includes('SUM(1,2)')) as string;
    expect(benLine.startsWith(`"'=SUM(1,2)`)).toBe(true);
    expect(benLine).toContain(',125.00,100.00,25.00,1,1,2,50.00,20.00 EUR,1,12,0,4.20,');
    expect(text).not.toMatch(/(^|,)=/m);

    const totals = (await file(pro, `/api/v1/campaign/${campaignId}/report/csv?table=totals`)).body;
    expect(totals).toContain('Spend (USD),450.00,');
    expect(totals).toContain('EMV (USD),1399.20,');
    expect(totals).toContain('ROAS,0.39,');
    const daily = (await file(pro, `/api/v1/campaign/${campaignId}/report/csv?table=daily`)).body;
    expect(daily.split('\r\n')[0]).toBe(
      'Date (UTC),Clicks (unique),Conversions,Revenue (USD),Revenue in other currencies,Engagements',
    );
    const posts = (await file(pro, `/api/v1/campaign/${campaignId}/report/csv?table=posts`)).body;
    expect(posts.split('\r\n').filter(Boolean)).toHaveLength(4);
    expect(posts).toContain('measured,Read from the platform API');
  });

  it('makes a PDF whose Unicode names render with embedded fonts', async () => {
    const res = await file(pro, `/api/v1/campaign/${campaignId}/report/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const bytes = res.rawPayload as Buffer;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(`Campaign report: ${TITLE}`);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    // The embedded fonts (pdf-lib keeps them in object streams: read through its parser).
    const fonts = new Set<string>();
    for (const [, object] of pdf.context.enumerateIndirectObjects()) {
      const text = object.toString();
      const match = text.match(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/);
      if (match && text.includes('/Type /Font')) fonts.add(match[1]!.replace(/-\d+$/, ''));
    }
    expect([...fonts]).toEqual(expect.arrayContaining(['NotoSans-Regular', 'NotoSans-Bold']));
    expect([...fonts].some((f) => f.startsWith('NotoSansJP'))).toBe(true);
    // Subset to the glyphs used.
    expect(bytes.length).toBeLessThan(600_000);
  });
});

describe('creator report', () => {
  it('shows one creator across the business’s campaigns, to the business and to an admin naming it', async () => {
    const res = await client(t.app, pro).get(`/api/v1/reports/creators/${ana}`);
    expect(res.status).toBe(200);
    const r = res.body as unknown as CreatorReport;
    expect(r.creator.influencer_user_id).toBe(ana);
    expect(r.business.id).toBe(businessId);
    const row = r.campaigns.find((c) => c.campaign_id === campaignId);
    expect(row).toMatchObject({
      title: TITLE,
      emv_cents: 139_500,
      conversions: 2,
      revenue_usd_cents: 12_550,
    });
    expect(r.totals.conversions).toBeGreaterThanOrEqual(2);

    const csv = await file(pro, `/api/v1/reports/creators/${ana}/csv?table=campaigns`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toMatch(/^Campaign,Status,Spend \(USD\)/);

    const asAdmin = await client(t.app, admin).get(
      `/api/v1/reports/creators/${ana}?business_id=${businessId}`,
    );
    expect(asAdmin.status).toBe(200);
    expect((asAdmin.body as unknown as CreatorReport).totals).toEqual(r.totals);
    expect((await client(t.app, admin).get(`/api/v1/reports/creators/${ana}`)).status).toBe(400);
  });

  it('never shows another business’s figures', async () => {
    const trialBusiness = (
      await db()
        .selectFrom('businesses')
        .innerJoin('users', 'users.id', 'businesses.user_id')
        .select('businesses.id')
        .where('users.email', '=', 'trial@reach.local')
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (await client(t.app, trial).get(`/api/v1/reports/creators/${ana}?business_id=${businessId}`)).status,
    ).toBe(404);
    expect(
      (
        await client(t.app, trial).get(
          `/api/v1/reports/creators/${ana}/csv?table=campaigns&business_id=${businessId}`,
        )
      ).status,
    ).toBe(404);
    const own = await client(t.app, trial).get(`/api/v1/reports/creators/${ana}`);
    if (own.status === 200) {
      const mine = own.body as unknown as CreatorReport;
      expect(mine.business.id).toBe(trialBusiness);
      expect(mine.campaigns.map((c) => c.campaign_id)).not.toContain(campaignId);
    } else expect(own.status).toBe(404);
    expect((await client(t.app, creatorToken).get(`/api/v1/reports/creators/${ana}`)).status).toBe(403);
    expect((await client(t.app, pro).get('/api/v1/reports/creators/999999')).status).toBe(404);
  });
});

describe('EMV values', () => {
  it('are the REACH defaults until the business sets its own, and the report follows them', async () => {
    const api = client(t.app, pro);
    const res = await api.get('/api/v1/my/emv-settings');
    expect(res.status).toBe(200);
    const first = res.body as unknown as EmvSettings;
    expect(first.customised).toBe(false);
    expect(first.rates).toEqual(first.defaults);
    expect(first.rates.instagram).toEqual({
      like: 0.25,
      comment: 0.25,
      share: 0.25,
      save: 0.25,
      video_view: 0,
      per_1000_impressions: 8,
    });

    const rates = structuredClone(first.rates);
    rates.tiktok.video_view = 0.001; // 80,000 views × $0.001 = $80 more
    rates.instagram.comment = 1.5; // 100 comments × ($1.50 − $0.25) = $125 more
    const set = await api.put('/api/v1/my/emv-settings', { rates });
    expect(set.status).toBe(200);
    expect(set.body.customised).toBe(true);
    expect(set.body.formula).toContain('comments × $1.50');
    const report = await api.get(`/api/v1/campaign/${campaignId}/report`);
    const changed = report.body as unknown as CampaignReport;
    expect(changed.totals.emv_cents).toBe(139_920 + 8_000 + 12_500);
    expect(changed.method.emv_rates.instagram.comment).toBe(1.5);
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'business.emv_set')
      .execute();
    expect(audit.length).toBeGreaterThan(0);

    // Another business keeps the defaults.
    expect((await client(t.app, trial).get('/api/v1/my/emv-settings')).body.customised).toBe(false);

    const reset = await api.put('/api/v1/my/emv-settings', { rates: null });
    expect(reset.body.customised).toBe(false);
    expect(
      ((await api.get(`/api/v1/campaign/${campaignId}/report`)).body as unknown as CampaignReport).totals
        .emv_cents,
    ).toBe(139_920);
  });

  it('refuses negative, absurd and over-precise values, and changes nothing', async () => {
    const api = client(t.app, pro);
    const base = ((await api.get('/api/v1/my/emv-settings')).body as unknown as EmvSettings).defaults;
    const bad = [
      ['instagram', 'like', -0.01],
      ['tiktok', 'comment', 101],
      ['youtube', 'per_1000_impressions', 1000.01],
      ['instagram', 'save', 0.00001],
      ['instagram', 'share', 'free'],
    ] as const;
    for (const [platform, field, value] of bad) {
      const rates: Record<string, Record<string, unknown>> = structuredClone(base);
      (rates[platform] as Record<string, unknown>)[field] = value;
      const res = await api.put('/api/v1/my/emv-settings', { rates });
      expect(res.status, `${platform}.${field} = ${value}`).toBe(400);
    }
    expect((await api.put('/api/v1/my/emv-settings', { rates: { instagram: base.instagram } })).status).toBe(
      400,
    );
    expect((await api.get('/api/v1/my/emv-settings')).body.customised).toBe(false);
    expect((await client(t.app, creatorToken).get('/api/v1/my/emv-settings')).status).toBe(403);
    expect((await client(t.app, admin).put('/api/v1/my/emv-settings', { rates: null })).status).toBe(403);
  });
});
