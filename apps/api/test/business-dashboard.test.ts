import type { CampaignPipeline } from '@reach/contract/campaign-pipeline';
import type { BusinessDashboard } from '@reach/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, loginAs, type TestApp } from './harness';

const V = '/api/v1';
let t: TestApp;
let pro: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  pro = client(t.app, await loginAs(t.app, 'pro@reach.local'));
});
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
