import type { Invoice } from '@reach/contract/billing';
import { TRIAL_CREDITS, TRIAL_DAYS } from '@reach/contract/constants';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { grantCredits } from '../src/modules/discovery/credits';
import { expireTrials } from '../src/modules/subscriptions/expire-trials';
import { startTrial, trialCreditsKey } from '../src/modules/subscriptions/trial';
import {
  client,
  createTestApp,
  ledgerProblemsOf,
  loginAs,
  signUpAndLogin,
  type TestApp,
  testCard,
} from './harness';

/*
 * Issue 12: a trial can do the main job (its discovery credits, granted once through the credit ledger;
 * subscribing during the trial keeps its remaining days) and discovery finds what the location filters say
 * (a place inside another picked place narrows the search; places of one level widen it).
 */

const V = '/api/v1';
const SEARCH = `${V}/discovery/instagram/search`;
const DAY = 86_400_000;
const PERIOD = 30 * DAY;
const US = 148838;

let t: TestApp;
const db = () => t.app.ctx.db;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
}, 600_000);
afterAll(() => t?.close());
afterEach(async () => {
  t.clock.now = new Date();
  expect(await ledgerProblemsOf(t.app)).toEqual([]);
});

const userId = async (api: ReturnType<typeof client>) => (await api.get(`${V}/my/user`)).body.id as number;
const creditLedger = (id: number) =>
  db()
    .selectFrom('credit_transactions')
    .select(['amount', 'balance_after', 'reason', 'key'])
    .where('user_id', '=', id)
    .orderBy('id')
    .execute();

describe('a trial can do the main job', () => {
  it('a new business gets the trial credits once, through the ledger, and runs a first search', async () => {
    const me = await signUpAndLogin(t.app, 'business');
    const api = client(t.app, me.access);
    const id = await userId(api);
    const user = (await api.get(`${V}/my/user`)).body;
    expect(user).toMatchObject({ credits: TRIAL_CREDITS, subscription_metadata: { trial: true } });
    expect(await creditLedger(id)).toEqual([
      {
        amount: TRIAL_CREDITS,
        balance_after: TRIAL_CREDITS,
        reason: `${TRIAL_DAYS}-day Pro trial`,
        key: `trial:${id}`,
      },
    ]);

    // A second trial start, or a retry of the grant, grants nothing.
    const again = await db()
      .transaction()
      .execute((trx) => startTrial(trx, id, t.clock.now));
    expect(again).toEqual({ started: false, creditsGranted: 0 });
    expect((await grantCredits(db(), id, TRIAL_CREDITS, 'retry', trialCreditsKey(id))).granted).toBe(false);
    expect(await creditLedger(id)).toHaveLength(1);
    expect((await api.get(`${V}/my/user`)).body.credits).toBe(TRIAL_CREDITS);
    expect(
      await db().selectFrom('subscriptions').select('id').where('user_id', '=', id).execute(),
    ).toHaveLength(1);

    // The first search runs (it used to say "Not enough credits") and costs one credit.
    const search = await api.post(SEARCH, { filter: { influencer: { location: [US] } } });
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    expect(search.body.credits).toBe(TRIAL_CREDITS - 1);
  });

  it('a business whose trial is over starts no second trial and gets no second allowance', async () => {
    const me = await signUpAndLogin(t.app, 'business');
    const id = await userId(client(t.app, me.access));
    t.clock.advance((TRIAL_DAYS + 1) * DAY);
    await expireTrials(t.app.ctx);
    const again = await db()
      .transaction()
      .execute((trx) => startTrial(trx, id, t.clock.now));
    expect(again).toEqual({ started: false, creditsGranted: 0 });
    expect((await creditLedger(id)).map((r) => r.amount)).toEqual([TRIAL_CREDITS]);
  });

  it("the demo's trial account got its credits the way a sign-up does", async () => {
    const trial = await db()
      .selectFrom('users')
      .select(['id', 'credits'])
      .where('email', '=', 'trial@reach.local')
      .executeTakeFirstOrThrow();
    expect(trial.credits).toBe(TRIAL_CREDITS);
    expect(await creditLedger(trial.id)).toEqual([
      expect.objectContaining({ amount: TRIAL_CREDITS, key: `trial:${trial.id}` }),
    ]);
  });

  it('subscribing during the trial charges now and starts the paid month when the trial ends', async () => {
    const me = await signUpAndLogin(t.app, 'business');
    const api = client(t.app, me.access);
    expect((await api.post(`${V}/my/paymentMethods`, { card: testCard('4242424242424242') })).status).toBe(
      201,
    );
    const trialEnd = Date.parse((await api.get(`${V}/my/subscription`)).body.trial_ends_at as string);
    // Two days into the trial: five days are left, and they are kept.
    t.clock.advance(2 * DAY);

    const pro = await api.post(`${V}/my/subscription`, { plan: 'pro' });
    expect(pro.status, JSON.stringify(pro.body)).toBe(200);
    expect(pro.body).toMatchObject({ plan: 'pro', status: 'active', trial: false });
    expect(Date.parse(pro.body.current_period_end as string)).toBe(trialEnd + PERIOD);
    let invoices = (await api.get(`${V}/my/invoices`)).body.data as Invoice[];
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', total_cents: 9_900 });
    expect(Date.parse(invoices[0]!.period_start)).toBe(trialEnd);
    expect(Date.parse(invoices[0]!.period_end)).toBe(trialEnd + PERIOD);
    expect((await api.get(`${V}/my/user`)).body.credits).toBe(TRIAL_CREDITS + 500);

    // Switching plan before the paid month began: the Pro month is credited in full, and the Business month
    // still starts when the trial ends.
    const business = await api.post(`${V}/my/subscription`, { plan: 'business' });
    expect(business.status, JSON.stringify(business.body)).toBe(200);
    expect(Date.parse(business.body.current_period_end as string)).toBe(trialEnd + PERIOD);
    invoices = (await api.get(`${V}/my/invoices?sortDesc=desc`)).body.data as Invoice[];
    expect(invoices[0]).toMatchObject({ plan: 'business', credit_cents: 9_900, total_cents: 29_900 - 9_900 });
    expect(Date.parse(invoices[0]!.period_start)).toBe(trialEnd);

    // When the trial would have ended the plan is simply in force: no charge until its month is over.
    t.clock.now = new Date(trialEnd + DAY);
    await expireTrials(t.app.ctx);
    expect((await api.get(`${V}/my/subscription`)).body).toMatchObject({
      plan: 'business',
      status: 'active',
    });
    expect((await api.get(`${V}/my/invoices`)).body.total).toBe(2);
    t.clock.now = new Date(trialEnd + PERIOD + 60_000);
    await expireTrials(t.app.ctx);
    expect((await api.get(`${V}/my/invoices`)).body.total).toBe(3);
  });

  it('subscribing after the trial ended starts the paid month today', async () => {
    const api = client(t.app, await loginAs(t.app, 'free@reach.local'));
    await api.post(`${V}/my/paymentMethods`, { card: testCard('5555555555554444') });
    const res = await api.post(`${V}/my/subscription`, { plan: 'pro' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Date.parse(res.body.current_period_end as string)).toBe(t.clock.now.getTime() + PERIOD);
  });
});

describe('discovery finds what the location filters say', () => {
  let la: { id: number; state_id: number };
  let nyc: { id: number; state_id: number };
  let pro: ReturnType<typeof client>;

  const place = async (city: string, state: string) => {
    const row = await db()
      .selectFrom('discovery_locations')
      .select(['id', 'state_id'])
      .where('type', '=', 'city')
      .where('name', '=', city)
      .where('title', '=', `${city}, ${state}, United States`)
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), state_id: Number(row.state_id) };
  };
  const count = async (where: { city?: number[]; country?: number }) => {
    let q = db()
      .selectFrom('influencer_index')
      .select((eb) => eb.fn.countAll<number>().as('n'));
    if (where.city) q = q.where('city_id', 'in', where.city);
    if (where.country) q = q.where('country_id', '=', where.country);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const search = async (location: number[]) => {
    const res = await pro.post(SEARCH, { filter: { influencer: { location } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const found = res.body.influencers as {
      total: number;
      lookalikes: { id: number }[];
      directs: { id: number }[];
    };
    const ids = [...found.directs, ...found.lookalikes].map((e) => e.id);
    const rows = ids.length
      ? await db().selectFrom('influencer_index').select(['id', 'city_id']).where('id', 'in', ids).execute()
      : [];
    return { total: found.total, cities: new Set(rows.map((r) => Number(r.city_id))), size: ids.length };
  };

  beforeAll(async () => {
    la = await place('Los Angeles', 'California');
    nyc = await place('New York', 'New York');
    // A few creators of the index move to Los Angeles and New York, so both cities surely have some.
    const ids = (
      await db()
        .selectFrom('influencer_index')
        .select('id')
        .where('country_id', '=', US)
        .orderBy('id')
        .limit(6)
        .execute()
    ).map((r) => r.id);
    await db()
      .updateTable('influencer_index')
      .set({ city_id: la.id, state_id: la.state_id, country_id: US })
      .where('id', 'in', ids.slice(0, 3))
      .execute();
    await db()
      .updateTable('influencer_index')
      .set({ city_id: nyc.id, state_id: nyc.state_id, country_id: US })
      .where('id', 'in', ids.slice(3))
      .execute();
    pro = client(t.app, await loginAs(t.app, 'pro@reach.local'));
    await db().updateTable('users').set({ credits: 100 }).where('email', '=', 'pro@reach.local').execute();
  });

  it('the locations list says where each place lies', async () => {
    const res = await pro.get(`${V}/discovery/locations?query=los%20angeles`);
    expect(res.body.locations).toContainEqual({
      id: la.id,
      name: 'Los Angeles',
      title: 'Los Angeles, California, United States',
      type: 'city',
      country_id: US,
      state_id: la.state_id,
    });
  });

  it('United States + Los Angeles finds only creators in Los Angeles', async () => {
    const found = await search([US, la.id]);
    expect(found.total).toBe(await count({ city: [la.id] }));
    expect(found.size).toBeGreaterThanOrEqual(3);
    expect([...found.cities]).toEqual([la.id]);
    // The order of the picks does not matter, nor does the state in between.
    expect((await search([la.id, US, la.state_id])).total).toBe(found.total);
  });

  it('Los Angeles + New York finds creators of either city', async () => {
    const found = await search([la.id, nyc.id]);
    expect(found.total).toBe(await count({ city: [la.id, nyc.id] }));
    expect([...found.cities].sort()).toEqual([la.id, nyc.id].sort());
    // Inside the United States they still widen each other.
    expect((await search([US, la.id, nyc.id])).total).toBe(found.total);
  });

  it('United States alone finds every creator in the United States', async () => {
    const found = await search([US]);
    expect(found.total).toBe(await count({ country: US }));
    expect(found.total).toBeGreaterThan(await count({ city: [la.id, nyc.id] }));
  });
});
