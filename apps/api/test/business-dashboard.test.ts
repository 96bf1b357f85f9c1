import crypto from 'node:crypto';
import type { CampaignPipeline } from '@reach/contract/campaign-pipeline';
import type { BusinessDashboard, BusinessResults } from '@reach/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToConversionRollups } from '../src/modules/attribution/conversions';
import { recordClick } from '../src/modules/attribution/links';
import { ACCOUNT, recordMovement } from '../src/modules/payments/ledger';
import { client, createTestApp, ledgerProblemsOf, loginAs, signUpAndLogin, type TestApp } from './harness';

const V = '/api/v1';
let t: TestApp;
let pro: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  pro = client(t.app, await loginAs(t.app, 'pro@reach.local'));
}, 600_000);
afterAll(() => t?.close());

describe('business dashboard', () => {
  it("shows each active campaign's results as its pipeline computes them, and what needs attention", async () => {
    const res = await pro.get(`${V}/dashboard/businesses`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const dashboard = res.body as unknown as BusinessDashboard;
    expect(dashboard).not.toHaveProperty('trend');

    const active = await t.app.ctx.db
      .selectFrom('campaigns')
      .innerJoin('businesses', 'businesses.id', 'campaigns.business_id')
      .innerJoin('users', 'users.id', 'businesses.user_id')
      .select('campaigns.id')
      .where('users.email', '=', 'pro@reach.local')
      .where('campaigns.status', '=', 'active')
      .orderBy('campaigns.id', 'desc')
      .execute();
    expect(active.length).toBeGreaterThan(0);
    expect(dashboard.campaigns.map((c) => c.campaign_id)).toEqual(active.map((c) => c.id));
    for (const campaign of dashboard.campaigns) {
      const pipeline = (await pro.get(`${V}/campaign/${campaign.campaign_id}/pipeline`))
        .body as unknown as CampaignPipeline;
      expect(campaign.results).toEqual(pipeline.results);
      expect(campaign.budget).toEqual(pipeline.budget);
      const { accepted, content_submitted, approved, paid } = pipeline.counts;
      expect(campaign.creators).toBe(accepted + content_submitted + approved + paid);
    }

    const menu = await pro.get(`${V}/dashboard/businesses/menu`);
    expect(dashboard.attention.posts_to_review).toBe(menu.body.posts);
    const pending = await t.app.ctx.db
      .selectFrom('connections as cn')
      .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
      .innerJoin('businesses as b', 'b.id', 'c.business_id')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select(['cn.status'])
      .where('u.email', '=', 'pro@reach.local')
      .where('c.status', 'in', ['active', 'paused'])
      .execute();
    expect(dashboard.attention.invitations_pending).toBe(
      pending.filter((r) => r.status === 'invited').length,
    );
    expect(dashboard.attention.applications_pending).toBe(
      pending.filter((r) => r.status === 'applied').length,
    );
    for (const low of dashboard.attention.low_budget) {
      expect(dashboard.campaigns.map((c) => c.campaign_id)).toContain(low.campaign_id);
    }
  });
});

/*
 * Results across a business's active campaigns (issue 14), from fixture rows written for fresh businesses so
 * every figure is exact: clicks, conversions and revenue per currency, spend from the ledger and ROAS, in
 * total and in the last 7 days against the 7 before; paused campaigns, unattributed orders, bots, repeats and
 * another business's rows never count.
 */
describe('business dashboard results', () => {
  const DAY = 86_400_000;
  const db = () => t.app.ctx.db;
  const ago = (days: number) => new Date(t.clock.now.getTime() - days * DAY);
  let creatorId: number;

  async function businessOf(email: string) {
    const row = await db()
      .selectFrom('businesses')
      .innerJoin('users', 'users.id', 'businesses.user_id')
      .select('businesses.id')
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A campaign of the business with an accepted creator and its tracked link. */
  async function campaign(
    businessId: number,
    status: 'active' | 'paused',
    title: string,
    productCents: number | null = null,
  ) {
    const c = await db()
      .insertInto('campaigns')
      .values({
        business_id: businessId,
        type_id: 1,
        status,
        title,
        url_tracking: true,
        product_amount_cents: productCents,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const connection = await db()
      .insertInto('connections')
      .values({
        business_id: businessId,
        campaign_id: c.id,
        influencer_user_id: creatorId,
        status: 'accepted',
        initiated_by: 'business',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = await db()
      .insertInto('tracked_links')
      .values({
        code: crypto.randomBytes(8).toString('hex'),
        business_id: businessId,
        campaign_id: c.id,
        influencer_user_id: creatorId,
        connection_id: connection.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: c.id, businessId, linkId: link.id, connectionId: connection.id };
  }
  type Campaign = Awaited<ReturnType<typeof campaign>>;

  /**
   * Clicks on the campaign's link through the redirect's writer (the raw click and its day's rollup), each
   * from a new browser unless `visitor` is given (a repeat within 30 minutes is then not unique).
   */
  async function clicks(c: Campaign, at: Date, n = 1, options: { visitor?: string; bot?: boolean } = {}) {
    for (let i = 0; i < n; i++) {
      await recordClick(db(), {
        clickId: crypto.randomUUID(),
        link: {
          linkId: c.linkId,
          campaignId: c.id,
          businessId: c.businessId,
          influencerUserId: creatorId,
          url: 'https://shop.example/',
        },
        at,
        platform: 'ios',
        referrerHost: null,
        visitorHash: options.visitor ?? crypto.randomBytes(32).toString('hex'),
        bot: options.bot ?? false,
      });
    }
  }

  async function conversion(
    businessId: number,
    c: Campaign | null,
    amountCents: number,
    currency: string,
    at: Date,
  ) {
    const row = await db()
      .insertInto('conversions')
      .values({
        business_id: businessId,
        order_id: crypto.randomUUID(),
        amount_cents: amountCents,
        currency,
        occurred_at: at,
        source: 'api',
        given_code: null,
        given_click_id: null,
        request_hash: crypto.randomBytes(32).toString('hex'),
        attributed_via: c ? 'code' : 'none',
        campaign_id: c?.id ?? null,
        influencer_user_id: c ? creatorId : null,
        attribution_window_days: 30,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // …and its rollups, as recording an attributed conversion writes them (none when unattributed).
    await db()
      .transaction()
      .execute((trx) => addToConversionRollups(trx, row));
  }

  /** A post of the campaign's creator with its figures (an EMV input). */
  async function post(
    c: Campaign,
    at: Date,
    figures: {
      platform: 'instagram' | 'tiktok';
      likes: number;
      impressions: number | null;
      reach: number | null;
    },
    status: 'approved' | 'submitted' = 'approved',
  ) {
    await db()
      .insertInto('posts')
      .values({
        connection_id: c.connectionId,
        campaign_id: c.id,
        business_id: c.businessId,
        influencer_user_id: creatorId,
        platform: figures.platform,
        source: 'submitted',
        status,
        submitted_at: at,
        likes: figures.likes,
        comments: figures.platform === 'instagram' ? 10 : 0,
        impressions: figures.impressions,
        reach: figures.reach,
        metrics_source: 'measured',
        metrics_method: 'fixture',
        metrics_fetched_at: at,
      })
      .execute();
  }

  /** Funds the campaign's budget, then pays the creator `cents` from it at `at` (a post payment). */
  async function pay(c: Campaign, cents: number, at: Date) {
    const key = crypto.randomUUID();
    await recordMovement(db(), {
      key: `fund:${key}`,
      kind: 'campaign_funding',
      from: ACCOUNT.externalCard,
      to: ACCOUNT.campaignBudget(c.id),
      amountCents: cents,
      description: 'fixture funding',
      businessId: c.businessId,
      campaignId: c.id,
      at: ago(60),
    });
    await recordMovement(db(), {
      key: `pay:${key}`,
      kind: 'post_payment',
      from: ACCOUNT.campaignBudget(c.id),
      to: ACCOUNT.influencerBalance(creatorId),
      amountCents: cents,
      description: 'fixture post payment',
      businessId: c.businessId,
      campaignId: c.id,
      influencerUserId: creatorId,
      at,
    });
  }

  it('sums clicks, conversions, revenue, spend and ROAS of its own active campaigns only, week on week', async () => {
    const a = await signUpAndLogin(t.app, 'business');
    const b = await signUpAndLogin(t.app, 'business');
    const creator = await signUpAndLogin(t.app, 'influencer');
    creatorId = (
      await db().selectFrom('users').select('id').where('email', '=', creator.email).executeTakeFirstOrThrow()
    ).id;
    const [aId, bId] = [await businessOf(a.email), await businessOf(b.email)];
    const a1 = await campaign(aId, 'active', 'A one');
    const a2 = await campaign(aId, 'active', 'A two');
    const aPaused = await campaign(aId, 'paused', 'A paused');
    const b1 = await campaign(bId, 'active', 'B one');
    // A product campaign: $25.00 of product to each creator with an accepted or completed connection (two).
    const aProduct = await campaign(aId, 'active', 'A product', 2500);
    const second = await signUpAndLogin(t.app, 'influencer');
    const third = await signUpAndLogin(t.app, 'influencer');
    for (const [email, status] of [
      [second.email, 'completed'],
      [third.email, 'invited'],
    ] as const) {
      const user = await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('connections')
        .values({
          business_id: aId,
          campaign_id: aProduct.id,
          influencer_user_id: user.id,
          status,
          initiated_by: 'business',
        })
        .execute();
    }

    // Clicks. A: this week 2 + 1, the week before 1, older 1; a repeat (14 minutes after the same browser's
    // click) and a bot this week do not count.
    await clicks(a1, ago(2));
    await clicks(a1, ago(9));
    await clicks(a1, ago(20));
    const visitor = crypto.randomBytes(32).toString('hex');
    await clicks(a1, ago(1.01), 1, { visitor });
    await clicks(a1, ago(1), 1, { visitor });
    await clicks(a1, ago(1), 1, { bot: true });
    await clicks(a2, ago(3));
    await clicks(aPaused, ago(1), 4);
    await clicks(b1, ago(1), 5);

    // Conversions. A: USD 60.00 and EUR 20.00 this week, USD 100.00 + 50.10 the week before.
    await conversion(aId, a1, 6000, 'USD', ago(1));
    await conversion(aId, a1, 2000, 'EUR', ago(2));
    await conversion(aId, a1, 10000, 'USD', ago(8));
    await conversion(aId, a2, 5010, 'USD', ago(10));
    await conversion(aId, aPaused, 99999, 'USD', ago(1));
    await conversion(aId, null, 7777, 'USD', ago(1));
    await conversion(bId, b1, 123456, 'USD', ago(1));

    // Spend (post payments). A: 20.00 this week, 30.00 the week before, 10.00 older.
    await pay(a1, 2000, ago(2));
    await pay(a1, 3000, ago(9));
    await pay(a2, 1000, ago(20));
    await pay(aPaused, 4000, ago(1));
    await pay(b1, 8000, ago(1));

    // EMV (REACH default values): an Instagram post this week, 110 engagements × $0.25 + 5,000 impressions ×
    // $8 / 1,000 = $67.50; a TikTok post the week before, 200 × $0.15 + reach 1,000 × $10 / 1,000 = $40.00. A
    // post awaiting review, one of the paused campaign and one of B do not count.
    await post(a1, ago(1), { platform: 'instagram', likes: 100, impressions: 5000, reach: 9999 });
    await post(a2, ago(9), { platform: 'tiktok', likes: 200, impressions: null, reach: 1000 });
    await post(a1, ago(1), { platform: 'instagram', likes: 5000, impressions: 1, reach: 1 }, 'submitted');
    await post(aPaused, ago(1), { platform: 'instagram', likes: 7000, impressions: 1, reach: 1 });
    await post(b1, ago(1), { platform: 'instagram', likes: 9000, impressions: 1, reach: 1 });

    const resA = await client(t.app, a.access).get(`${V}/dashboard/businesses/results`);
    expect(resA.status, JSON.stringify(resA.body)).toBe(200);
    const ra = resA.body as unknown as BusinessResults;
    expect(ra.as_of).toBe(t.clock.now.toISOString());
    expect(ra.this_week_from).toBe(ago(7).toISOString());
    expect(ra.previous_week_from).toBe(ago(14).toISOString());
    expect(ra.active_campaigns).toBe(3);
    expect(ra.clicks).toEqual({ total: 5, last_7_days: 3, previous_7_days: 1, change: 2, change_pct: 200 });
    expect(ra.conversions).toEqual({
      total: 4,
      last_7_days: 2,
      previous_7_days: 2,
      change: 0,
      change_pct: 0,
    });
    expect(ra.revenue).toEqual([
      {
        currency: 'EUR',
        total_cents: 2000,
        total: '20.00',
        last_7_days: 2000,
        previous_7_days: 0,
        change: 2000,
        change_pct: null,
      },
      {
        currency: 'USD',
        total_cents: 21010,
        total: '210.10',
        last_7_days: 6000,
        previous_7_days: 15010,
        change: -9010,
        change_pct: -60,
      },
    ]);
    // Spend: $60.00 of post payments + $50.00 of product; the weeks count the payments.
    expect(ra.product_value_cents).toBe(5000);
    expect(ra.spend_cents).toEqual({
      total: 11000,
      last_7_days: 2000,
      previous_7_days: 3000,
      change: -1000,
      change_pct: -33.3,
    });
    expect(ra.spend_currency).toBe('USD');
    const eurLeftOut = 'USD revenue only: revenue in EUR is not converted.';
    expect(ra.roas).toEqual({
      total: { value: 1.91, reason: eurLeftOut },
      last_7_days: { value: 3, reason: eurLeftOut },
      previous_7_days: { value: 5, reason: eurLeftOut },
    });
    expect(ra.definitions.spend).toMatch(/ledger/);
    expect(ra.emv_cents).toEqual({
      total: 10750,
      last_7_days: 6750,
      previous_7_days: 4000,
      change: 2750,
      change_pct: 68.8,
    });
    expect(ra.emv_formula).toMatch(/^EMV = /);

    // Tenant isolation: B sees its own campaign's figures, and none of them is in A's answer or A's in B's.
    const rb = (await client(t.app, b.access).get(`${V}/dashboard/businesses/results`))
      .body as unknown as BusinessResults;
    expect(rb.active_campaigns).toBe(1);
    expect(rb.clicks).toMatchObject({ total: 5, last_7_days: 5 });
    expect(rb.conversions).toMatchObject({ total: 1, last_7_days: 1 });
    expect(rb.revenue).toEqual([expect.objectContaining({ currency: 'USD', total_cents: 123456 })]);
    expect(rb.spend_cents).toMatchObject({ total: 8000, last_7_days: 8000, previous_7_days: 0 });
    expect(rb.roas.total).toEqual({ value: 15.43, reason: null });
    expect(rb.product_value_cents).toBe(0);
    // B's one post: 9,010 engagements × $0.25 + 1 impression × $8 / 1,000 = $2,252.508 → $2,252.51.
    expect(rb.emv_cents).toMatchObject({ total: 225251, last_7_days: 225251 });
    expect(rb.roas.previous_7_days).toEqual({
      value: null,
      reason: 'No spend: nothing was paid to creators, so there is no ratio.',
    });
    expect(JSON.stringify(ra)).not.toMatch(/123456|1234\.56/);
    expect(JSON.stringify(rb)).not.toMatch(/21010|210\.10/);

    expect(await ledgerProblemsOf(t.app)).toEqual([]);
  });

  it('a business without active campaigns has zeros and no ROAS, with the reason', async () => {
    const fresh = await signUpAndLogin(t.app, 'business');
    const res = await client(t.app, fresh.access).get(`${V}/dashboard/businesses/results`);
    expect(res.status).toBe(200);
    const r = res.body as unknown as BusinessResults;
    const zero = { total: 0, last_7_days: 0, previous_7_days: 0, change: 0, change_pct: null };
    expect(r).toMatchObject({
      active_campaigns: 0,
      clicks: zero,
      conversions: zero,
      spend_cents: zero,
      revenue: [],
    });
    for (const roas of Object.values(r.roas))
      expect(roas).toEqual({ value: null, reason: expect.stringMatching(/^No spend/) });
  });

  it('is the business’s own: influencers and admins are refused, anonymous callers too', async () => {
    const influencer = client(t.app, await loginAs(t.app, 'influencer@reach.local'));
    const admin = client(t.app, await loginAs(t.app, 'admin@reach.local'));
    expect((await influencer.get(`${V}/dashboard/businesses/results`)).status).toBe(403);
    expect((await admin.get(`${V}/dashboard/businesses/results`)).status).toBe(403);
    expect((await client(t.app).get(`${V}/dashboard/businesses/results`)).status).toBe(401);
  });
});
