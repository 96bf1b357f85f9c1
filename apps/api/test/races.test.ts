import { API_MESSAGE } from '@reach/contract/messages';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsProvider } from '../src/adapters/payments/index';
import { createLedgerPayments } from '../src/adapters/payments/ledger';
import { ACCOUNT, accountBalance, ledgerProblems } from '../src/modules/payments/ledger';
import { client, createTestApp, loginAs, signUpAndLogin, type TestApp, testCard } from './harness';

/*
 * Money and credits under real concurrency (issue 11). Every scenario fires 50 requests at once — identical
 * ones (a double click, a retried request) and conflicting ones — and then checks the invariants from the
 * ledger, the charges and what reached the payments provider: one charge per change, one invoice, no budget
 * exceeded, no balance below zero, limits held, the ledger balanced.
 *
 * On PostgreSQL the app runs on a pool of 20 connections, so the requests really overlap in the database
 * (PGlite has one connection and serialises them: the same invariants, without the races).
 */

const V = '/api/v1';
const N = 50;

/** What reached the provider, per operation: the idempotency keys of the calls that took money. */
const provider = { subscribe: new Set<string>(), charge: new Set<string>(), transfer: new Set<string>() };
function countingPayments(): PaymentsProvider {
  const inner = createLedgerPayments();
  return {
    ...inner,
    async subscribe(input) {
      const result = await inner.subscribe(input);
      if (result.ok) provider.subscribe.add(input.idempotencyKey);
      return result;
    },
    async charge(input) {
      const result = await inner.charge(input);
      if (result.ok) provider.charge.add(input.idempotencyKey);
      return result;
    },
    async transfer(input) {
      const result = await inner.transfer(input);
      if (result.ok) provider.transfer.add(input.idempotencyKey);
      return result;
    },
  };
}

let t: TestApp;
const db = () => t.app.ctx.db;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ demo: true, poolSize: 20, payments: countingPayments() });
}, 120_000);
afterEach(async () => {
  expect(await ledgerProblems(db())).toEqual([]);
});
afterAll(() => t?.close());

/** Sends `n` requests at once; returns their statuses and bodies in order. */
async function burst(n: number, send: (i: number) => ReturnType<ReturnType<typeof client>['post']>) {
  return Promise.all(Array.from({ length: n }, (_, i) => send(i)));
}
const count = (results: { status: number }[], status: number) =>
  results.filter((r) => r.status === status).length;
const noServerErrors = (results: { status: number; body: unknown }[]) =>
  expect(results.filter((r) => r.status >= 500).map((r) => JSON.stringify(r.body))).toEqual([]);

/** A new business on its trial with a saved Visa (and a Mastercard when asked). */
async function businessWithCard(extraCard = false) {
  const s = await signUpAndLogin(t.app, 'business');
  const api = client(t.app, s.access);
  const visa = await api.post(`${V}/my/paymentMethods`, { card: testCard('4242424242424242') });
  expect(visa.status, JSON.stringify(visa.body)).toBe(201);
  let mastercard: number | undefined;
  if (extraCard) {
    const mc = await api.post(`${V}/my/paymentMethods`, { card: testCard('5555555555554444') });
    expect(mc.status, JSON.stringify(mc.body)).toBe(201);
    mastercard = mc.body.id as number;
  }
  const me = await api.get(`${V}/my/user`);
  return { api, userId: me.body.id as number, visa: visa.body.id as number, mastercard };
}

async function planFacts(userId: number) {
  const [live, invoices, charges, grants] = await Promise.all([
    db()
      .selectFrom('subscriptions')
      .select(['plan', 'status'])
      .where('user_id', '=', userId)
      .where('status', '<>', 'canceled')
      .execute(),
    db().selectFrom('invoices').select(['id', 'plan', 'total_cents']).where('user_id', '=', userId).execute(),
    db()
      .selectFrom('charges')
      .select('id')
      .where('user_id', '=', userId)
      .where('purpose', '=', 'subscription')
      .where('status', '=', 'succeeded')
      .execute(),
    db()
      .selectFrom('credit_transactions')
      .select('id')
      .where('user_id', '=', userId)
      .where('key', 'like', 'credits:invoice:%')
      .execute(),
  ]);
  return { live, invoices, charges, grants };
}

describe('plan change', () => {
  it('50 identical plan changes at once charge once, write one invoice and leave one live subscription', async () => {
    const b = await businessWithCard();
    const before = provider.subscribe.size;
    const results = await burst(N, () =>
      b.api.post(`${V}/my/subscription`, { plan: 'pro', payment_method_id: b.visa }),
    );
    noServerErrors(results);
    expect(count(results, 200)).toBe(1);
    expect(count(results, 409)).toBe(N - 1);
    const facts = await planFacts(b.userId);
    expect(facts.live).toEqual([{ plan: 'pro', status: 'active' }]);
    expect(facts.invoices).toHaveLength(1);
    expect(facts.charges).toHaveLength(1);
    expect(facts.grants).toHaveLength(1);
    expect(provider.subscribe.size - before).toBe(1);
  });

  it('50 conflicting plan changes (two plans, two cards) each charge only for a change that happened', async () => {
    const b = await businessWithCard(true);
    const before = provider.subscribe.size;
    const results = await burst(N, (i) =>
      b.api.post(`${V}/my/subscription`, {
        plan: i % 2 ? 'business' : 'pro',
        payment_method_id: i % 3 ? b.visa : b.mastercard,
      }),
    );
    noServerErrors(results);
    const ok = count(results, 200);
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(ok + count(results, 409)).toBe(N);
    const facts = await planFacts(b.userId);
    expect(facts.live).toHaveLength(1);
    // Every success is one invoice, one credit grant and one subscription at the provider, and one charge
    // unless the unused time of the plan it replaced paid for all of it.
    expect(facts.invoices).toHaveLength(ok);
    expect(facts.charges).toHaveLength(facts.invoices.filter((i) => i.total_cents > 0).length);
    expect(facts.grants).toHaveLength(ok);
    expect(provider.subscribe.size - before).toBe(ok);
    // Consecutive invoices switch plans: a change to the plan already held is refused, never charged.
    const plans = facts.invoices.sort((x, y) => x.id - y.id).map((i) => i.plan);
    for (let i = 1; i < plans.length; i++) expect(plans[i]).not.toBe(plans[i - 1]);
  });
});

describe('coupons', () => {
  it('a coupon with 20 uses left, redeemed by 50 businesses at once, is used exactly 20 times', async () => {
    await db()
      .insertInto('coupons')
      .values({ code: 'RACE20', description: '20% off, 20 uses', percent_off: 20, max_redemptions: 20 })
      .execute();
    const businesses: Awaited<ReturnType<typeof businessWithCard>>[] = [];
    for (let i = 0; i < N; i += 10)
      businesses.push(...(await Promise.all(Array.from({ length: 10 }, () => businessWithCard()))));
    const before = provider.subscribe.size;
    const results = await burst(N, (i) =>
      businesses[i]!.api.post(`${V}/my/subscription`, { plan: 'pro', coupon: 'RACE20' }),
    );
    noServerErrors(results);
    expect(count(results, 200)).toBe(20);
    expect(results.filter((r) => r.status === 422).map((r) => r.body.error?.message)).toEqual(
      Array(N - 20).fill(API_MESSAGE.couponUsedUp),
    );
    const coupon = await db()
      .selectFrom('coupons')
      .select(['id', 'times_redeemed'])
      .where('code', '=', 'RACE20')
      .executeTakeFirstOrThrow();
    expect(coupon.times_redeemed).toBe(20);
    const redemptions = await db()
      .selectFrom('coupon_redemptions')
      .select('invoice_id')
      .where('coupon_id', '=', coupon.id)
      .execute();
    expect(redemptions).toHaveLength(20);
    expect(redemptions.every((r) => r.invoice_id !== null)).toBe(true);
    const discounted = await db()
      .selectFrom('invoices')
      .select('id')
      .where('coupon_code', '=', 'RACE20')
      .execute();
    expect(discounted).toHaveLength(20);
    // The businesses turned away were not charged.
    expect(provider.subscribe.size - before).toBe(20);
  }, 120_000);
});

/** A draft cash campaign of pro@ with the given budget. */
async function cashCampaign(
  api: ReturnType<typeof client>,
  opts: { total: number; perPost: number; max: number },
): Promise<number> {
  const created = await api.post(`${V}/campaigns`, {
    type_id: 2,
    title: `Race ${++seq}`,
    start_date: day(0),
    end_date: day(20),
    description: 'Post about it.',
    total_budget_cents: opts.total,
    amount_per_post_cents: opts.perPost,
    max_posts_per_influencer: opts.max,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as number;
}

const funded = async (campaignId: number) =>
  Number(
    (
      await db()
        .selectFrom('ledger_transactions')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('n'))
        .where('campaign_id', '=', campaignId)
        .where('kind', '=', 'campaign_funding')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('funding', () => {
  it('50 funding clicks at once charge the budget once (12 trials)', async () => {
    const pro = client(t.app, await loginAs(t.app, 'pro@reach.local'));
    for (let trial = 0; trial < 12; trial++) {
      const id = await cashCampaign(pro, { total: 50_000, perPost: 10_000, max: 5 });
      const before = provider.charge.size;
      const results = await burst(N, () => pro.post(`${V}/campaign/${id}/fund`, {}));
      noServerErrors(results);
      expect(count(results, 200)).toBe(1);
      expect(count(results, 409)).toBe(N - 1);
      expect(await funded(id)).toBe(50_000);
      expect(await accountBalance(db(), ACCOUNT.campaignBudget(id))).toBe(50_000);
      const charges = await db()
        .selectFrom('charges')
        .select(['status', 'amount_cents'])
        .where('campaign_id', '=', id)
        .execute();
      expect(charges).toEqual([{ status: 'succeeded', amount_cents: 50_000 }]);
      expect(provider.charge.size - before).toBe(1);
    }
  });
});

/** pro@ invites the demo influencer to a published campaign; she accepts. Returns the connection id. */
async function connect(
  pro: ReturnType<typeof client>,
  influencer: ReturnType<typeof client>,
  campaignId: number,
) {
  const me = await influencer.get(`${V}/my/user`);
  const profile = await db()
    .selectFrom('influencer_profiles')
    .select('id')
    .where('user_id', '=', me.body.id as number)
    .executeTakeFirstOrThrow();
  const invited = await pro.post(`${V}/connections/invite`, {
    campaign_id: campaignId,
    influencer_id: profile.id,
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const id = invited.body.id as number;
  expect((await influencer.post(`${V}/connection/${id}/accept`)).status).toBe(200);
  return id;
}

async function submitPosts(influencer: ReturnType<typeof client>, connectionId: number, n: number) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await influencer.post(`${V}/posts`, {
      connection_id: connectionId,
      platform: 'instagram',
      post_url: `https://www.instagram.com/p/race${++seq}${Math.random().toString(36).slice(2, 7)}/`,
      caption: 'Race day #ad',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.id as number);
  }
  return ids;
}

const paidPosts = async (campaignId: number) =>
  db()
    .selectFrom('ledger_transactions')
    .select(['reference_id', 'amount_cents'])
    .where('campaign_id', '=', campaignId)
    .where('kind', '=', 'post_payment')
    .execute();

describe('post approval, withdrawals and refunds', () => {
  let pro: ReturnType<typeof client>;
  let influencer: ReturnType<typeof client>;
  let influencerId: number;

  beforeAll(async () => {
    pro = client(t.app, await loginAs(t.app, 'pro@reach.local'));
    influencer = client(t.app, await loginAs(t.app, 'influencer@reach.local'));
    influencerId = (await influencer.get(`${V}/my/user`)).body.id as number;
  });

  async function publishedCampaign(opts: { total: number; perPost: number; max: number }) {
    const id = await cashCampaign(pro, opts);
    expect((await pro.post(`${V}/campaign/${id}/fund`, {})).status).toBe(200);
    expect((await pro.post(`${V}/campaign/${id}/publish`)).status).toBe(200);
    return id;
  }

  it('approving one post 50 times at once pays it once; 50 approvals over 5 posts respect max posts', async () => {
    const campaignId = await publishedCampaign({ total: 100_000, perPost: 10_000, max: 2 });
    const posts = await submitPosts(influencer, await connect(pro, influencer, campaignId), 5);
    const balance = await accountBalance(db(), ACCOUNT.influencerBalance(influencerId));

    const same = await burst(N, () => pro.post(`${V}/posts/${posts[0]}/approve`));
    noServerErrors(same);
    expect(count(same, 200)).toBe(N);
    expect(await paidPosts(campaignId)).toEqual([{ reference_id: posts[0], amount_cents: 10_000 }]);

    const mixed = await burst(N, (i) => pro.post(`${V}/posts/${posts[1 + (i % 4)]}/approve`));
    noServerErrors(mixed);
    expect(count(mixed, 200) + count(mixed, 409)).toBe(N);
    // Max 2 posts per influencer: exactly one more of the four was paid.
    expect(await paidPosts(campaignId)).toHaveLength(2);
    expect(await accountBalance(db(), ACCOUNT.influencerBalance(influencerId))).toBe(balance + 20_000);
    expect(await accountBalance(db(), ACCOUNT.campaignBudget(campaignId))).toBe(80_000);
  });

  it('50 approvals over more posts than the budget covers pay what the budget holds, never more', async () => {
    const campaignId = await publishedCampaign({ total: 30_000, perPost: 10_000, max: 10 });
    const posts = await submitPosts(influencer, await connect(pro, influencer, campaignId), 5);
    const results = await burst(N, (i) => pro.post(`${V}/posts/${posts[i % 5]}/approve`));
    noServerErrors(results);
    expect(await paidPosts(campaignId)).toHaveLength(3);
    expect(await accountBalance(db(), ACCOUNT.campaignBudget(campaignId))).toBe(0);
  });

  it('50 withdrawals of the whole balance at once pay it out once; 50 partial ones never overdraw', async () => {
    const available = await accountBalance(db(), ACCOUNT.influencerBalance(influencerId));
    expect(available).toBeGreaterThan(50_000);
    const paidBefore = await paidOut(influencerId);
    const transfersBefore = provider.transfer.size;

    const partial = await burst(N, (i) =>
      influencer.post(`${V}/my/payouts`, { amount_cents: 1_000 + i * 100 }),
    );
    noServerErrors(partial);
    const ok = partial.filter((r) => r.status === 200);
    const moved = ok.reduce(
      (sum, r) => sum + ((r.body.payout as { amount_cents: number }).amount_cents ?? 0),
      0,
    );
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect((await paidOut(influencerId)) - paidBefore).toBe(moved);
    expect(await accountBalance(db(), ACCOUNT.influencerBalance(influencerId))).toBe(available - moved);
    expect(provider.transfer.size - transfersBefore).toBe(ok.length);

    const rest = available - moved;
    const all = await burst(N, () => influencer.post(`${V}/my/payouts`, {}));
    noServerErrors(all);
    expect(count(all, 200)).toBe(1);
    expect(await accountBalance(db(), ACCOUNT.influencerBalance(influencerId))).toBe(0);
    expect((await paidOut(influencerId)) - paidBefore).toBe(available);
    expect(provider.transfer.size - transfersBefore).toBe(ok.length + 1);
    expect(rest).toBeGreaterThan(0);
  });

  it('50 completions of a funded campaign at once refund its unspent budget once', async () => {
    const campaignId = await publishedCampaign({ total: 40_000, perPost: 10_000, max: 5 });
    const [post] = await submitPosts(influencer, await connect(pro, influencer, campaignId), 1);
    expect((await pro.post(`${V}/posts/${post}/approve`)).status).toBe(200);
    const results = await burst(N, (i) =>
      pro.post(`${V}/campaign/${campaignId}/${i % 2 ? 'complete' : 'archive'}`),
    );
    noServerErrors(results);
    const refunds = await db()
      .selectFrom('ledger_transactions')
      .select('amount_cents')
      .where('campaign_id', '=', campaignId)
      .where('kind', '=', 'campaign_refund')
      .execute();
    expect(refunds).toEqual([{ amount_cents: 30_000 }]);
    const refundRows = await db()
      .selectFrom('refunds')
      .select((eb) => eb.fn.sum<number>('amount_cents').as('n'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(Number(refundRows.n)).toBe(30_000);
    expect(await accountBalance(db(), ACCOUNT.campaignBudget(campaignId))).toBe(0);
  });
});

async function paidOut(userId: number): Promise<number> {
  const row = await db()
    .selectFrom('payouts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'paid'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('discovery credits', () => {
  let pro: ReturnType<typeof client>;
  let proId: number;
  const setCredits = (credits: number) =>
    db().updateTable('users').set({ credits }).where('id', '=', proId).execute();
  const creditRows = async () =>
    db()
      .selectFrom('credit_transactions')
      .select(['amount', 'balance_after'])
      .where('user_id', '=', proId)
      .where('key', 'not like', 'demo:%')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    pro = client(t.app, await loginAs(t.app, 'pro@reach.local'));
    proId = (await pro.get(`${V}/my/user`)).body.id as number;
  });

  it('50 identical searches at once cost one credit; 50 different ones with 5 credits cost exactly 5', async () => {
    await db().deleteFrom('credit_transactions').where('user_id', '=', proId).execute();
    await setCredits(100);
    const body = { filter: { influencer: { followers: { min: 1_000 }, language: 'en' } } };
    const same = await burst(N, () => pro.post(`${V}/discovery/instagram/search`, body));
    noServerErrors(same);
    expect(count(same, 200)).toBe(N);
    expect(await creditRows()).toEqual([{ amount: -1, balance_after: 99 }]);

    await setCredits(5);
    await db().deleteFrom('credit_transactions').where('user_id', '=', proId).execute();
    const different = await burst(N, (i) =>
      pro.post(`${V}/discovery/instagram/search`, {
        filter: { influencer: { followers: { min: 1_000 + i } } },
      }),
    );
    noServerErrors(different);
    expect(count(different, 200)).toBe(5);
    expect(count(different, 402)).toBe(N - 5);
    const rows = await creditRows();
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.balance_after).sort()).toEqual([0, 1, 2, 3, 4]);
    const user = await db()
      .selectFrom('users')
      .select('credits')
      .where('id', '=', proId)
      .executeTakeFirstOrThrow();
    expect(user.credits).toBe(0);
  });

  it('50 admin grants at once add up exactly, each with its ledger row', async () => {
    const admin = client(t.app, await loginAs(t.app, 'admin@reach.local'));
    await setCredits(0);
    await db().deleteFrom('credit_transactions').where('user_id', '=', proId).execute();
    const results = await burst(N, (i) =>
      admin.post(`${V}/admin/users/${proId}/credits`, { amount: i + 1, reason: `race ${i}` }),
    );
    noServerErrors(results);
    expect(count(results, 200)).toBe(N);
    const rows = await creditRows();
    expect(rows).toHaveLength(N);
    const total = (N * (N + 1)) / 2;
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(total);
    expect(Math.max(...rows.map((r) => r.balance_after))).toBe(total);
    const user = await db()
      .selectFrom('users')
      .select('credits')
      .where('id', '=', proId)
      .executeTakeFirstOrThrow();
    expect(user.credits).toBe(total);
  });
});
