import type { Invoice } from '@reach/contract/billing';
import { API_MESSAGE } from '@reach/contract/messages';
import type { Charge, PaymentMethod } from '@reach/contract/payments';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, accountBalance, payFromCampaignBudget } from '../src/modules/payments/ledger';
import { settlePendingPayments } from '../src/modules/payments/settle';
import { expireTrials } from '../src/modules/subscriptions/expire-trials';
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
 * Money through the API on the built-in provider: cards, campaign funding, declines, refunds at completion,
 * influencer balances and withdrawals, coupons, plans and invoices. The ledger must balance after every test.
 */

type Role = 'trial' | 'free' | 'pro' | 'influencer' | 'new' | 'admin';
let t: TestApp;
let tokens: Record<Role, string>;
const V = '/api/v1';
const as = (role: Role) => client(t.app, tokens[role]);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const roles: Role[] = ['trial', 'free', 'pro', 'influencer', 'new', 'admin'];
  tokens = Object.fromEntries(
    await Promise.all(roles.map(async (r) => [r, await loginAs(t.app, `${r}@reach.local`)])),
  );
});
afterEach(async () => {
  expect(await ledgerProblemsOf(t.app)).toEqual([]);
});
afterAll(() => t.close());

const cards = async (role: Role) =>
  (await as(role).get(`${V}/my/paymentMethods`)).body.data as PaymentMethod[];
const ledgerCount = async () =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('ledger_transactions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function cashCampaign(role: Role, total = 100_000, typeId = 2): Promise<number> {
  const res = await as(role).post(`${V}/campaigns`, {
    type_id: typeId,
    title: `Money ${Math.random().toString(36).slice(2, 8)}`,
    start_date: day(0),
    end_date: day(30),
    description: 'Cash for a post.',
    total_budget_cents: total,
    amount_per_post_cents: 10_000,
    max_posts_per_influencer: 3,
    ...(typeId === 3
      ? { product_name: 'Serum', product_amount_cents: 4_800, product_description: 'A serum' }
      : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

async function addCard(role: Role, number: string, extra: Record<string, unknown> = {}) {
  // American Express cards have a 4-digit security code.
  const cvc = /^3[47]/.test(number.replace(/\s/g, '')) ? '1234' : '123';
  return as(role).post(`${V}/my/paymentMethods`, { card: testCard(number, cvc), ...extra });
}

describe('payment methods', () => {
  it('lists, adds, refuses declined and duplicate cards, sets the default and removes', async () => {
    const before = await cards('trial');
    expect(before).toEqual([
      expect.objectContaining({ brand: 'mastercard', last4: '4444', is_default: true }),
    ]);

    const visa = await addCard('trial', '4242 4242 4242 4242');
    expect(visa.status).toBe(201);
    expect(visa.body).toMatchObject({ brand: 'visa', last4: '4242', is_default: false, expired: false });
    expect(JSON.stringify(visa.body)).not.toContain('4242424242424242');
    const stored = await t.app.ctx.db
      .selectFrom('payment_methods')
      .selectAll()
      .where('id', '=', visa.body.id as number)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
    expect((await addCard('trial', '4242424242424242')).body.error?.message).toBe(API_MESSAGE.cardDuplicate);

    // A declined card: a clear message, nothing saved, the attempt in the audit log.
    const audits = async () =>
      (
        await t.app.ctx.db
          .selectFrom('audit_log')
          .select('id')
          .where('action', '=', 'payment_method.declined')
          .execute()
      ).length;
    const auditsBefore = await audits();
    const declined = await addCard('trial', '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ code: 'payment_failed', message: 'Your card was declined.' });
    expect((await addCard('trial', '4000000000009995')).body.error?.message).toBe(
      'Your card has insufficient funds.',
    );
    expect((await addCard('trial', '4242424242424241')).body.error?.message).toBe(
      'Your card number is incorrect.',
    );
    expect(
      (
        await as('trial').post(`${V}/my/paymentMethods`, {
          card: { ...testCard('4242424242424242'), exp_year: 2020 },
        })
      ).body.error?.message,
    ).toBe('Your card has expired.');
    expect(
      (
        await as('trial').post(`${V}/my/paymentMethods`, {
          card: { number: 'abc', exp_month: 1, exp_year: 2030, cvc: '1' },
        })
      ).status,
    ).toBe(400);
    expect((await as('trial').post(`${V}/my/paymentMethods`, {})).body.error?.message).toBe(
      API_MESSAGE.cardDetailsRequired,
    );
    expect(await audits()).toBe(auditsBefore + 4);
    expect(await cards('trial')).toHaveLength(2);

    const amex = await addCard('trial', '378282246310005', { make_default: true });
    expect(amex.body).toMatchObject({ brand: 'american_express', last4: '0005', is_default: true });
    expect((await cards('trial')).map((c) => [c.last4, c.is_default])).toEqual([
      ['0005', true],
      ['4242', false],
      ['4444', false],
    ]);
    const setDefault = await as('trial').post(`${V}/my/paymentMethods/${visa.body.id}/default`);
    expect((setDefault.body.data as PaymentMethod[])[0]).toMatchObject({ last4: '4242', is_default: true });
    // Removing the default card makes the newest other one the default.
    expect((await as('trial').delete(`${V}/my/paymentMethods/${visa.body.id}`)).body).toEqual({ ok: true });
    expect((await cards('trial')).map((c) => [c.last4, c.is_default])).toEqual([
      ['0005', true],
      ['4444', false],
    ]);
    await as('trial').delete(`${V}/my/paymentMethods/${amex.body.id}`);

    // Other people's cards do not exist for you; influencers have none.
    const proCard = (await cards('pro'))[0]!;
    expect((await as('trial').delete(`${V}/my/paymentMethods/${proCard.id}`)).status).toBe(404);
    expect((await as('trial').post(`${V}/my/paymentMethods/${proCard.id}/default`)).status).toBe(404);
    expect((await as('influencer').get(`${V}/my/paymentMethods`)).status).toBe(403);
    // pro@ renews its plan on its cards: the last one cannot go.
    const proCards = await cards('pro');
    expect((await as('pro').delete(`${V}/my/paymentMethods/${proCards[1]!.id}`)).status).toBe(200);
    const last = await as('pro').delete(`${V}/my/paymentMethods/${proCards[0]!.id}`);
    expect(last.status).toBe(409);
    expect(last.body.error?.message).toBe(API_MESSAGE.paymentMethodDefaultInUse);
    await addCard('pro', '378282246310005');
  });

  it('exposes which provider takes cards', async () => {
    expect((await as('trial').get(`${V}/payments/config`)).body).toEqual({
      provider: 'ledger',
      publishable_key: null,
      currency: 'usd',
    });
    expect((await client(t.app).get(`${V}/payments/config`)).status).toBe(401);
  });
});

describe('campaign funding', () => {
  it('refuses to publish an unfunded campaign, records a declined card and nothing else, then funds and publishes', async () => {
    const id = await cashCampaign('trial', 100_000);
    const publish = await as('trial').post(`${V}/campaign/${id}/publish`);
    expect(publish.status).toBe(422);
    expect(publish.body.error?.message).toBe(
      'Fund the campaign budget before publishing: $1,000.00 still needs to be paid by card.',
    );
    expect(publish.body.error?.fields).toHaveProperty('total_budget_cents');
    const detail = await as('trial').get(`${V}/campaign/${id}`);
    expect(detail.body).toMatchObject({
      budget: { total_budget_cents: 100_000, funded_cents: 0, to_fund_cents: 100_000, available_cents: 0 },
      abilities: { fund: true },
    });

    // A card that saves but is declined when charged.
    const bad = await addCard('trial', '4000 0000 0000 0341');
    expect(bad.status).toBe(201);
    const ledgerBefore = await ledgerCount();
    const declined = await as('trial').post(`${V}/campaign/${id}/fund`, { payment_method_id: bad.body.id });
    expect(declined.status).toBe(402);
    expect(declined.body.error?.message).toBe('Your card was declined.');
    const attempts = await t.app.ctx.db
      .selectFrom('charges')
      .selectAll()
      .where('campaign_id', '=', id)
      .execute();
    expect(attempts).toEqual([
      expect.objectContaining({
        status: 'failed',
        failure_code: 'card_declined',
        amount_cents: 100_000,
        card_last4: '0341',
      }),
    ]);
    expect(await ledgerCount()).toBe(ledgerBefore);
    expect(await accountBalance(t.app.ctx.db, ACCOUNT.campaignBudget(id))).toBe(0);
    expect((await as('trial').post(`${V}/campaign/${id}/publish`)).status).toBe(422);
    await as('trial').delete(`${V}/my/paymentMethods/${bad.body.id}`);

    // The default card pays.
    const funded = await as('trial').post(`${V}/campaign/${id}/fund`, {});
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    expect(funded.body).toMatchObject({
      charge: {
        status: 'succeeded',
        amount_cents: 100_000,
        purpose: 'campaign_funding',
        card: { brand: 'mastercard', last4: '4444' },
      },
      funding: { funded_cents: 100_000, to_fund_cents: 0, available_cents: 100_000, can_fund: false },
    });
    expect(await accountBalance(t.app.ctx.db, ACCOUNT.campaignBudget(id))).toBe(100_000);
    const again = await as('trial').post(`${V}/campaign/${id}/fund`, {});
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(API_MESSAGE.fundingNotNeeded);
    expect((await as('trial').post(`${V}/campaign/${id}/publish`)).status).toBe(200);

    // Charges list the failed attempt and the payment, with filters.
    const charges = await as('trial').get(`${V}/my/payments/charges?campaign=${id}&sortDesc=desc`);
    expect((charges.body.data as Charge[]).map((c) => c.status)).toEqual(['succeeded', 'failed']);
    expect((await as('trial').get(`${V}/my/payments/charges?campaign=${id}&status=failed`)).body.total).toBe(
      1,
    );
    expect((await as('trial').get(`${V}/my/payments/charges?sortBy=nope`)).status).toBe(400);
    expect((await as('pro').get(`${V}/my/payments/charges?campaign=${id}`)).body.total).toBe(0);
    // The business is told about the payment.
    const note = await t.app.ctx.db
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select('n.body')
      .where('u.email', '=', 'trial@reach.local')
      .where('n.category', '=', 'payments')
      .orderBy('n.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(note.body).toContain('$1,000.00');
  });

  it('funds only what is missing, only cash types, only the owner, one click at a time', async () => {
    const product = await as('trial').post(`${V}/campaigns`, { type_id: 1, title: 'Product only' });
    expect((await as('trial').post(`${V}/campaign/${product.body.id}/fund`, {})).body.error?.message).toBe(
      API_MESSAGE.fundingNotCash,
    );
    const noBudget = await as('trial').post(`${V}/campaigns`, { type_id: 2, title: 'No budget yet' });
    expect((await as('trial').post(`${V}/campaign/${noBudget.body.id}/fund`, {})).body.error?.message).toBe(
      API_MESSAGE.fundingNoBudget,
    );
    const id = await cashCampaign('trial', 50_000, 3);
    expect((await as('pro').post(`${V}/campaign/${id}/fund`, {})).status).toBe(404);
    expect((await as('free').post(`${V}/campaign/${id}/fund`, {})).status).toBe(404);
    expect((await as('free').post(`${V}/campaign/${id}/fund`, { payment_method_id: 999_999 })).status).toBe(
      404,
    );

    const results = await Promise.all(
      Array.from({ length: 5 }, () => as('trial').post(`${V}/campaign/${id}/fund`, {})),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const charges = await t.app.ctx.db
      .selectFrom('charges')
      .select('status')
      .where('campaign_id', '=', id)
      .execute();
    expect(charges).toEqual([{ status: 'succeeded' }]);

    // A paused campaign whose budget grew needs the difference before it resumes.
    await as('trial').post(`${V}/campaign/${id}/publish`);
    await as('trial').post(`${V}/campaign/${id}/pause`);
    await as('trial').put(`${V}/campaign/${id}`, { total_budget_cents: 80_000 });
    const resume = await as('trial').post(`${V}/campaign/${id}/resume`);
    expect(resume.body.error?.message).toBe(
      'Fund the campaign budget before publishing: $300.00 still needs to be paid by card.',
    );
    const topUp = await as('trial').post(`${V}/campaign/${id}/fund`, {});
    expect(topUp.body).toMatchObject({ charge: { amount_cents: 30_000 }, funding: { funded_cents: 80_000 } });
    expect((await as('trial').post(`${V}/campaign/${id}/resume`)).status).toBe(200);
  });

  it('leaves a charge pending when the provider cannot be reached, and settles it later with the same key', async () => {
    const id = await cashCampaign('trial', 20_000);
    const provider = t.app.ctx.payments;
    const keys: string[] = [];
    t.app.ctx.payments = {
      ...provider,
      charge: async (input) => {
        keys.push(input.idempotencyKey);
        throw new Error('connect ECONNREFUSED');
      },
    };
    try {
      const down = await as('trial').post(`${V}/campaign/${id}/fund`, {});
      expect(down.status).toBe(503);
      expect(down.body.error?.message).toBe(API_MESSAGE.paymentProviderUnavailable);
      expect((await as('trial').post(`${V}/campaign/${id}/fund`, {})).body.error?.message).toBe(
        API_MESSAGE.fundingInProgress,
      );
      expect((await as('trial').post(`${V}/campaign/${id}/complete`)).status).toBe(409);
    } finally {
      t.app.ctx.payments = {
        ...provider,
        charge: async (input) => {
          keys.push(input.idempotencyKey);
          return provider.charge(input);
        },
      };
    }
    t.clock.advance(2 * 60_000);
    try {
      expect(await settlePendingPayments(t.app.ctx)).toBeGreaterThan(0);
    } finally {
      t.clock.now = new Date();
      t.app.ctx.payments = provider;
    }
    expect(new Set(keys).size).toBe(1);
    const charge = await t.app.ctx.db
      .selectFrom('charges')
      .selectAll()
      .where('campaign_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(charge.status).toBe('succeeded');
    expect(await accountBalance(t.app.ctx.db, ACCOUNT.campaignBudget(id))).toBe(20_000);
  });
});

describe('ending a campaign returns its unspent budget', () => {
  it('completes with a refund of the rest, exactly once, and stops paying afterwards', async () => {
    const id = await cashCampaign('trial', 100_000);
    await as('trial').post(`${V}/campaign/${id}/fund`, {});
    await as('trial').post(`${V}/campaign/${id}/publish`);
    const influencerId = (await as('influencer').get(`${V}/my/user`)).body.id as number;
    for (const n of [1, 2]) {
      await payFromCampaignBudget(t.app.ctx.db, {
        campaignId: id,
        influencerUserId: influencerId,
        amountCents: 10_000,
        idempotencyKey: `test:refund:${id}:${n}`,
        description: `post ${n}`,
      });
    }
    const completes = await Promise.all(
      [1, 2, 3].map(() => as('trial').post(`${V}/campaign/${id}/complete`)),
    );
    expect(completes.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const done = completes.find((r) => r.status === 200)!;
    expect(done.body).toMatchObject({
      status: 'completed',
      budget: {
        funded_cents: 100_000,
        spent_cents: 20_000,
        refunded_cents: 80_000,
        available_cents: 0,
        to_fund_cents: 0,
      },
      abilities: { fund: false },
    });
    expect(await accountBalance(t.app.ctx.db, ACCOUNT.campaignBudget(id))).toBe(0);
    const refunds = await as('trial').get(`${V}/my/payments/refunds?campaign=${id}`);
    expect(refunds.body).toMatchObject({
      total: 1,
      data: [{ amount_cents: 80_000, status: 'succeeded', card: { last4: '4444' } }],
    });
    const charge = (await as('trial').get(`${V}/my/payments/charges?campaign=${id}`)).body.data as Charge[];
    expect(charge[0]).toMatchObject({ amount_cents: 100_000, refunded_cents: 80_000 });
    await expect(
      payFromCampaignBudget(t.app.ctx.db, {
        campaignId: id,
        influencerUserId: influencerId,
        amountCents: 10_000,
        idempotencyKey: `test:refund:${id}:3`,
        description: 'late post',
      }),
    ).rejects.toMatchObject({ status: 409 });
    // Archiving afterwards refunds nothing more.
    expect((await as('trial').post(`${V}/campaign/${id}/archive`)).status).toBe(200);
    expect((await as('trial').get(`${V}/my/payments/refunds?campaign=${id}`)).body.total).toBe(1);
    expect((await as('trial').post(`${V}/campaign/${id}/fund`, {})).body.error?.message).toBe(
      API_MESSAGE.fundingClosed,
    );
  });

  it('refunds a paused campaign when archived and a funded draft when deleted', async () => {
    const paused = await cashCampaign('trial', 40_000);
    await as('trial').post(`${V}/campaign/${paused}/fund`, {});
    await as('trial').post(`${V}/campaign/${paused}/publish`);
    await as('trial').post(`${V}/campaign/${paused}/pause`);
    await as('trial').post(`${V}/campaign/${paused}/archive`);
    expect((await as('trial').get(`${V}/my/payments/refunds?campaign=${paused}`)).body.data).toEqual([
      expect.objectContaining({ amount_cents: 40_000, status: 'succeeded' }),
    ]);

    const draft = await cashCampaign('trial', 25_000);
    await as('trial').post(`${V}/campaign/${draft}/fund`, {});
    expect((await as('trial').delete(`${V}/campaign/${draft}`)).status).toBe(200);
    const refund = await t.app.ctx.db
      .selectFrom('ledger_transactions')
      .selectAll()
      .where('campaign_id', '=', draft)
      .where('kind', '=', 'campaign_refund')
      .executeTakeFirstOrThrow();
    expect(refund.amount_cents).toBe(25_000);
    expect(await accountBalance(t.app.ctx.db, ACCOUNT.campaignBudget(draft))).toBe(0);
  });

  it("lists the business's campaign funding with filters", async () => {
    const all = await as('pro').get(`${V}/my/payments/campaigns?items=50`);
    expect(all.status).toBe(200);
    const byTitle = new Map((all.body.data as { title: string }[]).map((c) => [c.title, c]));
    expect(byTitle.get('National Parks Road Trip')).toMatchObject({
      funded_cents: 900_000,
      spent_cents: 70_000,
      available_cents: 830_000,
      to_fund_cents: 0,
    });
    expect(byTitle.get('Backcountry Cook-Off')).toMatchObject({
      refunded_cents: 250_000,
      available_cents: 0,
    });
    const needs = await as('pro').get(`${V}/my/payments/campaigns?state=needs_funding`);
    expect(
      (needs.body.data as { title: string; can_fund: boolean }[]).map((c) => [c.title, c.can_fund]),
    ).toEqual([['Winter Layering Guide', true]]);
    expect((await as('pro').get(`${V}/my/payments/campaigns?state=closed`)).body.total).toBe(1);
    const funded = await as('pro').get(
      `${V}/my/payments/campaigns?state=funded&sortBy=total_budget&sortDesc=desc`,
    );
    expect((funded.body.data as { title: string }[]).map((c) => c.title)).toEqual([
      'Trail Season Kickoff',
      'National Parks Road Trip',
      'Summit Stories',
    ]);
    expect((await as('pro').get(`${V}/my/payments/campaigns?search=summit`)).body.total).toBe(1);
    expect((await as('influencer').get(`${V}/my/payments/campaigns`)).status).toBe(403);
  });
});

describe('influencer balance and withdrawals', () => {
  it('shows the balance, history and earnings per campaign, and withdraws to the bank', async () => {
    const api = as('influencer');
    const balance = await api.get(`${V}/my/balance`);
    expect(balance.body).toMatchObject({
      withdrawn_cents: 45_000,
      pending_payout_cents: 0,
      payout_account: {
        holder_name: 'Isabella Reyes',
        bank_name: 'Chase Bank',
        last4: '6789',
        status: 'active',
      },
    });
    const available = balance.body.available_cents as number;
    expect(available).toBeGreaterThan(0);
    const history = await api.get(`${V}/my/balance/history?items=50`);
    expect((history.body.data as { kind: string }[]).filter((e) => e.kind === 'payout')).toHaveLength(2);
    expect((await api.get(`${V}/my/balance/history?kind=payout`)).body.total).toBe(2);
    const earnings = await api.get(`${V}/my/earnings?sortBy=name`);
    expect(earnings.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'National Parks Road Trip',
          payments: 2,
          earned_cents: 70_000,
          business_name: 'Peak Outdoor Co.',
        }),
      ]),
    );

    const tooMuch = await api.post(`${V}/my/payouts`, { amount_cents: available + 1 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error?.message).toMatch(/^You can withdraw at most your available balance of \$/);
    const some = await api.post(`${V}/my/payouts`, { amount_cents: 10_000 });
    expect(some.status, JSON.stringify(some.body)).toBe(200);
    expect(some.body).toMatchObject({
      payout: { amount_cents: 10_000, status: 'paid', destination: 'Chase Bank ••6789' },
      balance: { available_cents: available - 10_000, withdrawn_cents: 55_000 },
    });
    const rest = await api.post(`${V}/my/payouts`, {});
    expect(rest.body).toMatchObject({
      payout: { amount_cents: available - 10_000 },
      balance: { available_cents: 0 },
    });
    expect((await api.post(`${V}/my/payouts`, {})).body.error?.message).toBe(API_MESSAGE.balanceEmpty);
    expect((await api.get(`${V}/my/payouts?status=paid`)).body.total).toBe(4);
    expect((await as('trial').get(`${V}/my/balance`)).status).toBe(403);
    expect((await as('trial').post(`${V}/my/payouts`, {})).status).toBe(403);
  });

  it('needs a payout account, and gives the money back when the bank refuses the transfer', async () => {
    const me = await signUpAndLogin(t.app, 'influencer');
    const api = client(t.app, me.access);
    const userId = (await api.get(`${V}/my/user`)).body.id as number;
    const campaign = await cashCampaign('pro', 30_000);
    await as('pro').post(`${V}/campaign/${campaign}/fund`, {});
    await payFromCampaignBudget(t.app.ctx.db, {
      campaignId: campaign,
      influencerUserId: userId,
      amountCents: 10_000,
      idempotencyKey: `test:payout:${userId}`,
      description: 'post',
    });
    expect((await api.post(`${V}/my/payouts`, {})).body.error?.message).toBe(
      API_MESSAGE.payoutAccountRequired,
    );
    const badRouting = await api.put(`${V}/my/payoutAccount`, {
      holder_name: 'Test User',
      routing_number: '12',
      account_number: '000123456789',
    });
    expect(badRouting.status).toBe(400);
    expect(badRouting.body.error?.fields).toHaveProperty('routing_number', API_MESSAGE.routingNumberInvalid);
    // Stripe's test account number whose payouts fail.
    const account = await api.put(`${V}/my/payoutAccount`, {
      holder_name: 'Test User',
      routing_number: '110000000',
      account_number: '000111111116',
    });
    expect(account.body).toMatchObject({ bank_name: 'Stripe Test Bank', last4: '1116', status: 'active' });
    const failed = await api.post(`${V}/my/payouts`, {});
    expect(failed.body).toMatchObject({
      payout: { status: 'failed', failure_message: expect.stringContaining('could not find this account') },
      balance: { available_cents: 10_000, withdrawn_cents: 0 },
    });
    const history = (await api.get(`${V}/my/balance/history?sortDesc=desc`)).body.data as {
      kind: string;
      amount_cents: number;
    }[];
    expect(history.map((e) => [e.kind, e.amount_cents])).toEqual([
      ['payout_reversal', 10_000],
      ['payout', -10_000],
      ['earning', 10_000],
    ]);
    await api.put(`${V}/my/payoutAccount`, {
      holder_name: 'Test User',
      routing_number: '110000000',
      account_number: '000123456789',
    });
    expect((await api.post(`${V}/my/payouts`, {})).body).toMatchObject({
      payout: { status: 'paid', amount_cents: 10_000 },
    });
    expect(await accountBalance(t.app.ctx.db, ACCOUNT.influencerBalance(userId))).toBe(0);
  });
});

describe('coupons', () => {
  it('finds usable coupons and refuses unknown, expired, used-up and already used ones', async () => {
    expect((await as('trial').get(`${V}/coupons/welcome20`)).body).toMatchObject({
      code: 'WELCOME20',
      percent_off: 20,
      amount_off_cents: null,
      remaining_redemptions: 499,
    });
    expect((await as('trial').get(`${V}/coupons/SAVE10`)).body).toMatchObject({
      amount_off_cents: 1_000,
      percent_off: null,
    });
    const unknown = await as('trial').get(`${V}/coupons/NOPE123`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.message).toBe('That coupon code does not exist.');
    const expired = await as('trial').get(`${V}/coupons/SPRING2025`);
    expect(expired.status).toBe(422);
    expect(expired.body.error?.message).toBe('That coupon code has expired.');
    expect((await as('trial').get(`${V}/coupons/x`)).status).toBe(400);
    expect((await as('influencer').get(`${V}/coupons/WELCOME20`)).status).toBe(403);
    // pro@ used WELCOME20 on its first invoice.
    expect((await as('pro').get(`${V}/coupons/WELCOME20`)).body.error?.message).toBe(
      API_MESSAGE.couponAlreadyUsed,
    );

    await t.app.ctx.db
      .insertInto('coupons')
      .values({ code: 'ONLYONE', description: '$5 off, once', amount_off_cents: 500, max_redemptions: 1 })
      .execute();
    expect((await as('free').get(`${V}/coupons/ONLYONE`)).status).toBe(200);
    await addCard('free', '5555555555554444');
    const up = await as('free').post(`${V}/my/subscription`, { plan: 'pro', coupon: 'onlyone' });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const usedUp = await as('trial').get(`${V}/coupons/ONLYONE`);
    expect(usedUp.status).toBe(422);
    expect(usedUp.body.error?.message).toBe(
      'That coupon code has already been used the maximum number of times.',
    );
    const refused = await as('trial').post(`${V}/my/subscription`, { plan: 'pro', coupon: 'ONLYONE' });
    expect(refused.status).toBe(422);
    const invoice = ((await as('free').get(`${V}/my/invoices?sortDesc=desc`)).body.data as Invoice[])[0]!;
    expect(invoice).toMatchObject({
      subtotal_cents: 9_900,
      discount_cents: 500,
      total_cents: 9_400,
      coupon_code: 'ONLYONE',
    });
  });
});

describe('plans and invoices', () => {
  it('subscribes with a coupon, switches with credit for unused time, cancels, and lists invoices as PDFs', async () => {
    const api = as('trial');
    const credits = (await api.get(`${V}/my/user`)).body.credits as number;
    const revenue = await accountBalance(t.app.ctx.db, ACCOUNT.platformRevenue);
    const pro = await api.post(`${V}/my/subscription`, { plan: 'pro', coupon: 'WELCOME20' });
    expect(pro.status, JSON.stringify(pro.body)).toBe(200);
    expect(pro.body).toMatchObject({ plan: 'pro', status: 'active', trial: false });
    expect((await api.get(`${V}/my/user`)).body.credits).toBe(credits + 500);
    let invoices = (await api.get(`${V}/my/invoices?sortDesc=desc`)).body.data as Invoice[];
    expect(invoices[0]).toMatchObject({
      plan: 'pro',
      subtotal_cents: 9_900,
      discount_cents: 1_980,
      total_cents: 7_920,
      coupon_code: 'WELCOME20',
      status: 'paid',
      card: { brand: 'mastercard', last4: '4444' },
    });
    expect(invoices[0]!.number).toMatch(/^REACH-\d{4}-\d{6}$/);
    expect(await accountBalance(t.app.ctx.db, ACCOUNT.platformRevenue)).toBe(revenue + 7_920);

    // Upgrade at once: the unused Pro period is credited.
    const business = await api.post(`${V}/my/subscription`, { plan: 'business' });
    expect(business.body).toMatchObject({ plan: 'business', status: 'active' });
    invoices = (await api.get(`${V}/my/invoices?sortDesc=desc`)).body.data as Invoice[];
    expect(invoices[0]).toMatchObject({ plan: 'business', subtotal_cents: 29_900, discount_cents: 0 });
    expect(invoices[0]!.credit_cents).toBeGreaterThan(9_800);
    expect(invoices[0]!.total_cents).toBe(29_900 - invoices[0]!.credit_cents);
    expect((await api.post(`${V}/my/subscription`, { plan: 'business' })).status).toBe(409);
    // Downgrade.
    expect((await api.post(`${V}/my/subscription`, { plan: 'pro' })).body).toMatchObject({ plan: 'pro' });
    expect((await api.post(`${V}/my/subscription/cancel`)).body).toMatchObject({
      cancel_at_period_end: true,
    });

    invoices = (await api.get(`${V}/my/invoices?sortBy=total&sortDesc=asc`)).body.data as Invoice[];
    expect(invoices).toHaveLength(3);
    expect(invoices.map((i) => i.total_cents)).toEqual(
      [...invoices.map((i) => i.total_cents)].sort((a, b) => a - b),
    );
    const pdf = await t.app.inject({
      url: invoices[0]!.pdf_url,
      headers: { authorization: `Bearer ${tokens.trial}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${invoices[0]!.number}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1000);
    const other = await t.app.inject({
      url: invoices[0]!.pdf_url,
      headers: { authorization: `Bearer ${tokens.pro}` },
    });
    expect(other.statusCode).toBe(404);
    expect((await as('pro').get(`${V}/my/invoices`)).body.total).toBe(2);
  });

  it('declines a plan on a card that fails: a failed attempt, the plan unchanged', async () => {
    const me = await signUpAndLogin(t.app, 'business');
    const api = client(t.app, me.access);
    const card = await api.post(`${V}/my/paymentMethods`, { card: testCard('4000000000000341') });
    expect(card.status).toBe(201);
    const before = (await api.get(`${V}/my/subscription`)).body;
    const res = await api.post(`${V}/my/subscription`, { plan: 'pro' });
    expect(res.status).toBe(402);
    expect(res.body.error?.message).toBe('Your card was declined.');
    expect((await api.get(`${V}/my/subscription`)).body).toEqual(before);
    expect((await api.get(`${V}/my/invoices`)).body.total).toBe(0);
    expect((await api.get(`${V}/my/payments/charges?status=failed`)).body).toMatchObject({
      total: 1,
      data: [{ purpose: 'subscription', failure_message: 'Your card was declined.' }],
    });
  });

  it('renews on the default card with an invoice, or leaves the plan past due when it cannot', async () => {
    const me = await signUpAndLogin(t.app, 'business');
    const api = client(t.app, me.access);
    await api.post(`${V}/my/paymentMethods`, { card: testCard('4242424242424242') });
    await api.post(`${V}/my/subscription`, { plan: 'pro' });
    const end = new Date((await api.get(`${V}/my/subscription`)).body.current_period_end as string);
    t.clock.now = new Date(end.getTime() + 60_000);
    try {
      await expireTrials(t.app.ctx);
      await expireTrials(t.app.ctx);
      expect((await api.get(`${V}/my/invoices`)).body.total).toBe(2);
      // Now the only card starts failing: the next renewal leaves the plan past due and says so.
      const card = ((await api.get(`${V}/my/paymentMethods`)).body.data as PaymentMethod[])[0]!;
      await t.app.ctx.db
        .updateTable('payment_methods')
        .set({ provider_payment_method_id: 'pm_ledger_declines_test' })
        .where('id', '=', card.id)
        .execute();
      t.clock.advance(31 * 86_400_000);
      await expireTrials(t.app.ctx);
      expect((await api.get(`${V}/my/subscription`)).body).toMatchObject({
        status: 'past_due',
        plan: 'free',
      });
      expect((await api.get(`${V}/my/invoices`)).body.total).toBe(2);
      const notes = await api.get(`${V}/my/notifications/${(await api.get(`${V}/my/user`)).body.id}`);
      expect(JSON.stringify(notes.body)).toContain('We could not renew your Pro plan');
    } finally {
      t.clock.now = new Date();
    }
  });
});

describe('menu counts', () => {
  it('counts charges for businesses and balance movements for influencers', async () => {
    const charges = (await as('pro').get(`${V}/my/payments/charges`)).body.total as number;
    expect((await as('pro').get(`${V}/dashboard/businesses/menu`)).body).toMatchObject({ payments: charges });
    const history = (await as('influencer').get(`${V}/my/balance/history`)).body.total as number;
    expect(history).toBeGreaterThan(0);
    expect((await as('influencer').get(`${V}/dashboard/influencers/menu`)).body).toMatchObject({
      payments: history,
    });
  });
});
