import { cheapestPlanFor, PLAN_FEATURES, type PlanFeature, planLabel } from '@reach/contract/billing';
import { API_MESSAGE } from '@reach/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, loginAs, type TestApp } from './harness';

/*
 * Each plan-gated feature (contract PLAN_FEATURES, the same map the plans page lists) is refused below its plan
 * with 402 naming the cheapest plan that unlocks it, and allowed at that plan and above. Priority support has no
 * endpoint of its own: the table test of the map covers it.
 */
const V = '/api/v1';
type Account = 'free' | 'pro' | 'business';
let t: TestApp;
let tokens: Record<Account, string>;
let proCampaign: { id: number; business_id: number };

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const db = t.app.ctx.db;
  // The demo has no Business-plan account: a second Pro business switched to an active Business plan.
  const biz = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'trial@reach.local')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('subscriptions')
    .set({ status: 'active', plan: 'business', current_period_end: new Date(Date.now() + 30 * 86_400_000) })
    .where('user_id', '=', biz.id)
    .execute();
  tokens = {
    free: await loginAs(t.app, 'free@reach.local'),
    pro: await loginAs(t.app, 'pro@reach.local'),
    business: await loginAs(t.app, 'trial@reach.local'),
  };
  const row = await db
    .selectFrom('campaigns')
    .innerJoin('businesses', 'businesses.id', 'campaigns.business_id')
    .innerJoin('users', 'users.id', 'businesses.user_id')
    .select(['campaigns.id', 'campaigns.business_id'])
    .where('users.email', '=', 'pro@reach.local')
    .orderBy('campaigns.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  proCampaign = row;
});
afterAll(() => t?.close());

type Call = (account: Account) => Promise<{ status: number; body: { error?: { message?: string } } }>;
const as = (account: Account) => client(t.app, tokens[account]);

/** One request per gated feature, valid for a Pro business (so only the plan decides a refusal). */
const calls: Record<Exclude<PlanFeature, 'priority_support'>, Call> = {
  campaigns: (a) => as(a).get(`${V}/campaigns/business`),
  discovery: (a) => as(a).post(`${V}/discovery/instagram/search`, {}),
  bulk_invitations: (a) =>
    as(a).get(
      `${V}/campaign/influencer/import/status?campaign_id=${proCampaign.id}&business_id=${proCampaign.business_id}`,
    ),
  ai_campaign_builder: (a) =>
    as(a).post(`${V}/campaigns/ai/draft`, {
      type_id: 2,
      product: 'Trail running shoes for wet mountain paths',
      audience: 'runners 25-45',
    }),
};

describe('plan gating follows PLAN_FEATURES', () => {
  it.each(Object.keys(calls) as (keyof typeof calls)[])('%s', async (feature) => {
    expect(cheapestPlanFor(feature)).toBe(PLAN_FEATURES[feature].plan);
    const free = await calls[feature]('free');
    expect([free.status, free.body.error?.message]).toEqual([
      402,
      API_MESSAGE.planRequired(planLabel(cheapestPlanFor(feature))),
    ]);
    expect(free.body.error?.message).toContain('Pro plan');
    for (const account of ['pro', 'business'] as const) {
      const res = await calls[feature](account);
      expect([account, res.status], JSON.stringify(res.body)).not.toEqual([account, 402]);
      // Past the gate: the endpoint's own answer (an import status may be 404 "no imports yet", the AI builder 503
      // without a model), never a plan or access refusal.
      expect([402, 403], JSON.stringify(res.body)).not.toContain(res.status);
    }
  });
});
