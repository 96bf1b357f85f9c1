import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { dashboardApi } from '@reach/contract/endpoints/dashboard';
import { DEFAULT_EMV_RATES } from '@reach/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor, BusinessActor } from '../src/actor';
import { latestBriefRevisionAt } from '../src/modules/campaigns/brief-revisions';
import { committedOf } from '../src/modules/campaigns/pipeline';
import { type DetailRow, presentCampaign } from '../src/modules/campaigns/presenter';
import { hasThread } from '../src/modules/campaigns/service';
import { adminMenuCounts, businessMenuCounts, influencerMenuCounts } from '../src/modules/dashboard/menu';
import { businessDashboard, businessResults, influencerDashboard } from '../src/modules/dashboard/service';
import { moneyOf } from '../src/modules/payments/funding';
import { countStatements, createTestApp, loginAs, type TestApp } from './harness';

/*
 * Issue 17 (PGlite ≥ 300 req/s): GET /dashboard/businesses takes the account's facts from the caller's
 * statement (`callerProfile`) and GET /campaign/{id} checks visibility on the page's own row. The answers are
 * the bytes the services give when they read those rows themselves (the earlier path), with fewer statements.
 */

const V = '/api/v1';
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.app.ctx.db;

/** The answer to a GET and the statements it sent (every query of the pool's clients, PGlite's and PostgreSQL's alike). */
const counted = (url: string, who: string) => countStatements(t.app, url, tokens[who]);

/** The caller's user row and actor, as the auth hook gives them. */
async function callerOf(email: string) {
  const user = await db()
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const business = await db()
    .selectFrom('businesses')
    .select('id')
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return { user, business };
}

/** The campaign page as the service built it before (a statement for each part), for the byte comparison. */
async function earlierCampaign(actor: Actor, id: number, thread: boolean) {
  const row = (await db()
    .selectFrom('campaigns as c')
    .innerJoin('campaign_types as t', 't.id', 'c.type_id')
    .innerJoin('businesses as b', 'b.id', 'c.business_id')
    .selectAll('c')
    .select(['t.name as type_name', 't.description as type_description', 'b.business_name'])
    .where('c.id', '=', id)
    .executeTakeFirstOrThrow()) as DetailRow;
  const interests = await db()
    .selectFrom('campaign_interests as ci')
    .innerJoin('interests as i', 'i.id', 'ci.interest_id')
    .select(['i.id', 'i.name'])
    .where('ci.campaign_id', '=', id)
    .orderBy('i.name')
    .execute();
  const media = await db()
    .selectFrom('campaign_media')
    .selectAll()
    .where('campaign_id', '=', id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const messages = await db()
    .selectFrom('campaign_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', id)
    .$if(actor.type === 'influencer', (q) => q.where('influencer_user_id', '=', actor.userId))
    .executeTakeFirstOrThrow();
  return presentCampaign(t.app.ctx, actor, row, {
    interests,
    media,
    messages: Number(messages.n),
    hasThread: thread,
    money: await moneyOf(db(), id),
    committed: await committedOf(db(), row),
    briefUpdatedAt: await latestBriefRevisionAt(db(), id),
  });
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  for (const email of ['pro@reach.local', 'influencer@reach.local', 'admin@reach.local', 'trial@reach.local'])
    tokens[email] = await loginAs(t.app, email);
}, 600_000);
afterAll(() => t?.close());

describe('GET /dashboard/businesses', () => {
  it('answers the same bytes in fewer statements (the facts come with the caller)', async () => {
    for (const email of ['pro@reach.local', 'trial@reach.local']) {
      await counted(`${V}/dashboard/businesses`, email); // warm (prepared statements)
      const res = await counted(`${V}/dashboard/businesses`, email);
      expect(res.status).toBe(200);
      const { user, business } = await callerOf(email);
      const actor = { type: 'business', userId: user.id, businessId: business!.id } as BusinessActor;
      const earlier = await businessDashboard(t.app.ctx, user, actor);
      expect(res.payload).toBe(JSON.stringify(dashboardApi.business.response.parse(earlier)));
      // The activity as its two statements read it before: status changes and notifications, newest first.
      const events = await db()
        .selectFrom('campaign_status_events as e')
        .innerJoin('campaigns as c', 'c.id', 'e.campaign_id')
        .select(['e.id', 'e.to_status', 'e.created_at', 'c.id as campaign_id', 'c.title'])
        .where('c.business_id', '=', business!.id)
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(8)
        .execute();
      const notes = await db()
        .selectFrom('notifications')
        .select(['id', 'body', 'created_at', 'link'])
        .where('user_id', '=', user.id)
        .orderBy('id', 'desc')
        .limit(8)
        .execute();
      const verb: Record<string, string> = {
        draft: 'created as a draft',
        active: 'is live',
        paused: 'was paused',
        completed: 'was completed',
        archived: 'was archived',
      };
      const activity = [
        ...events.map((e) => ({
          id: `c${e.id}`,
          text: `Campaign "${e.title ?? 'Untitled'}" ${verb[e.to_status] ?? e.to_status}`,
          at: e.created_at.toISOString(),
          link: `/business/campaigns/${e.campaign_id}`,
        })),
        ...notes.map((n) => ({ id: `n${n.id}`, text: n.body, at: n.created_at.toISOString(), link: n.link })),
      ]
        .sort((a, b) => b.at.localeCompare(a.at))
        .slice(0, 10);
      expect(events.length + notes.length).toBeGreaterThan(0);
      expect((JSON.parse(res.payload) as { activity: unknown }).activity).toEqual(activity);
      // The caller (with its facts, counts and active campaigns), activity (status changes and notifications),
      // the active campaigns' pipelines (five); 11 before, then 9.
      expect(res.statements).toBeLessThanOrEqual(7);
    }
  });
});

describe('GET /campaign/{id}', () => {
  it('answers the same bytes to the owner, an admin and a creator, in fewer statements', async () => {
    const { business } = await callerOf('pro@reach.local');
    const campaigns = await db()
      .selectFrom('campaigns')
      .select(['id', 'status'])
      .where('business_id', '=', business!.id)
      .orderBy('id')
      .execute();
    expect(campaigns.length).toBeGreaterThan(1);
    const owner = await callerOf('pro@reach.local');
    const influencer = await callerOf('influencer@reach.local');
    const admin = await callerOf('admin@reach.local');
    const viewers: [string, Actor][] = [
      ['pro@reach.local', { type: 'business', userId: owner.user.id, businessId: business!.id } as Actor],
      ['admin@reach.local', { type: 'admin', userId: admin.user.id }],
      ['influencer@reach.local', { type: 'influencer', userId: influencer.user.id } as Actor],
    ];
    let withInterests = 0;
    for (const { id } of campaigns) {
      for (const [email, actor] of viewers) {
        await counted(`${V}/campaign/${id}`, email);
        const res = await counted(`${V}/campaign/${id}`, email);
        if (res.status !== 200) {
          // Not visible to this creator: the same 404 as before.
          expect(actor.type).toBe('influencer');
          expect(res.status).toBe(404);
          continue;
        }
        const thread = actor.type === 'influencer' ? await hasThread(db(), id, actor.userId) : false;
        const earlier = await earlierCampaign(actor, id, thread);
        withInterests += (JSON.parse(res.payload) as { interests: unknown[] }).interests.length ? 1 : 0;
        expect(res.payload).toBe(JSON.stringify(campaignsApi.get.response.parse(earlier)));
        // The caller, the page's row (with its interests, messages and latest brief revision), media, money,
        // what is committed (and an influencer's thread check); 9 and 10 before.
        expect(res.statements).toBeLessThanOrEqual(actor.type === 'influencer' ? 6 : 5);
      }
    }
    expect(withInterests).toBeGreaterThan(0);
    // Another business's campaign stays a 404.
    const other = await db()
      .selectFrom('campaigns')
      .select('id')
      .where('business_id', '<>', business!.id)
      .executeTakeFirstOrThrow();
    expect((await counted(`${V}/campaign/${other.id}`, 'pro@reach.local')).status).toBe(404);
  });
});

describe('GET /dashboard/influencers', () => {
  it('answers the same bytes with the profile read by the caller statement', async () => {
    await counted(`${V}/dashboard/influencers`, 'influencer@reach.local');
    const res = await counted(`${V}/dashboard/influencers`, 'influencer@reach.local');
    expect(res.status).toBe(200);
    const { user } = await callerOf('influencer@reach.local');
    // The service reading the profile itself, as the route did before.
    const earlier = await influencerDashboard(t.app.ctx, user);
    expect(res.payload).toBe(JSON.stringify(dashboardApi.influencer.response.parse(earlier)));
    // The caller (with its profile), the figures, the recent notifications; 4 before (the caller read twice).
    expect(res.statements).toBeLessThanOrEqual(3);
  });
});

describe('the sidebar menus', () => {
  it('answer the same bytes with the counts read by the caller statement, in one statement', async () => {
    const cases = [
      ['pro@reach.local', 'businesses', dashboardApi.businessMenu],
      ['trial@reach.local', 'businesses', dashboardApi.businessMenu],
      ['influencer@reach.local', 'influencers', dashboardApi.influencerMenu],
      ['admin@reach.local', 'admin', dashboardApi.adminMenu],
    ] as const;
    for (const [email, role, endpoint] of cases) {
      await counted(`${V}/dashboard/${role}/menu`, email);
      const res = await counted(`${V}/dashboard/${role}/menu`, email);
      expect(res.status).toBe(200);
      const { user, business } = await callerOf(email);
      // The counts as their own statement reads them (the route's earlier path).
      const earlier =
        role === 'businesses'
          ? await businessMenuCounts(t.app.ctx, {
              type: 'business',
              userId: user.id,
              businessId: business!.id,
            })
          : role === 'influencers'
            ? await influencerMenuCounts(t.app.ctx, user)
            : await adminMenuCounts(t.app.ctx);
      expect(res.payload).toBe(JSON.stringify(endpoint.response.parse(earlier)));
      expect(Object.values(earlier).some((n) => n > 0)).toBe(true);
      // The caller's statement only; 2 before.
      expect(res.statements).toBe(1);
    }
    // Another role's menu is still refused.
    expect((await counted(`${V}/dashboard/admin/menu`, 'pro@reach.local')).status).toBe(403);
    expect((await counted(`${V}/dashboard/businesses/menu`, 'influencer@reach.local')).status).toBe(403);
  });
});

describe('GET /dashboard/admin', () => {
  it('answers the counts of their own statements, in one round of statements', async () => {
    await counted(`${V}/dashboard/admin`, 'admin@reach.local');
    const res = await counted(`${V}/dashboard/admin`, 'admin@reach.local');
    expect(res.status).toBe(200);
    const stats = (JSON.parse(res.payload) as { stats: { key: string; value: number }[] }).stats;
    const users = (type: 'business' | 'influencer') =>
      db()
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('type', '=', type)
        .executeTakeFirstOrThrow();
    const feedback = await db()
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    const views = await db()
      .selectFrom('page_views')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', new Date(t.app.ctx.now().getTime() - 7 * 86_400_000))
      .executeTakeFirstOrThrow();
    expect(stats.map((s) => [s.key, s.value])).toEqual([
      ['businesses', Number((await users('business')).n)],
      ['influencers', Number((await users('influencer')).n)],
      ['feedback', Number(feedback.n)],
      ['views', Number(views.n)],
    ]);
    expect(stats[0]?.value).toBeGreaterThan(0);
    // The caller, the counts, the latest users and feedback, the sign-ups per day; 7 before.
    expect(res.statements).toBe(5);
  });
});

describe('GET /dashboard/businesses/results', () => {
  it('answers the same bytes with the EMV rates read by the caller statement, default or set', async () => {
    const { user, business } = await callerOf('pro@reach.local');
    const actor = { type: 'business', userId: user.id, businessId: business!.id } as BusinessActor;
    const rates = { ...DEFAULT_EMV_RATES, instagram: { ...DEFAULT_EMV_RATES.instagram, like: 0.5 } };
    for (const set of [false, true]) {
      if (set)
        await db()
          .insertInto('business_emv_settings')
          .values({ business_id: business!.id, rates: JSON.stringify(rates) })
          .onConflict((oc) => oc.column('business_id').doUpdateSet({ rates: JSON.stringify(rates) }))
          .execute();
      await counted(`${V}/dashboard/businesses/results`, 'pro@reach.local');
      const res = await counted(`${V}/dashboard/businesses/results`, 'pro@reach.local');
      expect(res.status).toBe(200);
      // The service reading the rates itself, as the route did before.
      const earlier = await businessResults(t.app.ctx, actor);
      expect(res.payload).toBe(JSON.stringify(dashboardApi.businessResults.response.parse(earlier)));
      // The caller (with the rates), the figures, the approved posts; 4 before.
      expect(res.statements).toBe(3);
    }
    await db().deleteFrom('business_emv_settings').where('business_id', '=', business!.id).execute();
  });
});
