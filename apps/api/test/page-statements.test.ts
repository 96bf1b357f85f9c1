import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { dashboardApi } from '@reach/contract/endpoints/dashboard';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor, BusinessActor } from '../src/actor';
import { hasThread, presentCampaignFor } from '../src/modules/campaigns/service';
import { businessDashboard } from '../src/modules/dashboard/service';
import { createTestApp, loginAs, type TestApp } from './harness';

/*
 * Issue 17 (PGlite ≥ 300 req/s): GET /dashboard/businesses takes the account's facts from the caller's
 * statement (`callerProfile`) and GET /campaign/{id} checks visibility on the page's own row. The answers are
 * the bytes the services give when they read those rows themselves (the earlier path), with fewer statements.
 */

const V = '/api/v1';
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.app.ctx.db;

/** The statements a request sends (every query of the pool's clients, PGlite's and PostgreSQL's alike). */
async function counted(url: string, who: string) {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    sent.push(typeof q === 'string' ? q : (q.text ?? ''));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${tokens[who]}` },
    });
    return { status: res.statusCode, payload: res.payload, statements: sent.length };
  } finally {
    pg.Client.prototype.query = query;
  }
}

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

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  for (const email of ['pro@reach.local', 'influencer@reach.local', 'admin@reach.local', 'trial@reach.local'])
    tokens[email] = await loginAs(t.app, email);
}, 600_000);
afterAll(() => t?.close());

describe('GET /dashboard/businesses', () => {
  it('answers the same bytes in one statement fewer (the facts come with the caller)', async () => {
    for (const email of ['pro@reach.local', 'trial@reach.local']) {
      await counted(`${V}/dashboard/businesses`, email); // warm (prepared statements)
      const res = await counted(`${V}/dashboard/businesses`, email);
      expect(res.status).toBe(200);
      const { user, business } = await callerOf(email);
      const actor = { type: 'business', userId: user.id, businessId: business!.id } as BusinessActor;
      const earlier = await businessDashboard(t.app.ctx, user, actor);
      expect(res.payload).toBe(JSON.stringify(dashboardApi.business.response.parse(earlier)));
      // The caller (with its facts), counts, activity, notifications, the active campaigns' results.
      expect(res.statements).toBeLessThanOrEqual(10);
    }
  });
});

describe('GET /campaign/{id}', () => {
  it('answers the same bytes to the owner, an admin and a creator, without a separate visibility read', async () => {
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
        const earlier = await presentCampaignFor(t.app.ctx, actor, id, thread);
        expect(res.payload).toBe(JSON.stringify(campaignsApi.get.response.parse(earlier)));
        // The caller, the page's row, interests, media, messages, money, committed, brief revision (and an
        // influencer's thread check).
        expect(res.statements).toBeLessThanOrEqual(actor.type === 'influencer' ? 9 : 8);
      }
    }
    // Another business's campaign stays a 404.
    const other = await db()
      .selectFrom('campaigns')
      .select('id')
      .where('business_id', '<>', business!.id)
      .executeTakeFirstOrThrow();
    expect((await counted(`${V}/campaign/${other.id}`, 'pro@reach.local')).status).toBe(404);
  });
});
