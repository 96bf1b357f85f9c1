import type { Invoice } from '@reach/contract/billing';
import { API_MESSAGE } from '@reach/contract/messages';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, accountBalance, payFromCampaignBudget } from '../src/modules/payments/ledger';
import { type FakeStripe, parseForm, startFakeStripe } from './fakes/stripe-server';
import { client, createTestApp, ledgerProblemsOf, loginAs, signUpAndLogin, type TestApp } from './harness';

/*
 * The Stripe adapter through the official SDK against a local fake of Stripe's API, and Stripe's webhooks
 * signed like Stripe signs them: verified on the raw body, 300 s tolerance, deduplicated by event id.
 */

const SECRET = 'whsec_test_reach';
const V = '/api/v1';
let fake: FakeStripe;
let t: TestApp;
const stripe = new Stripe('sk_test_unused');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    demo: true,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_reach',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_reach',
      STRIPE_API_BASE: fake.url,
      STRIPE_PRICE_PRO: 'price_pro_test',
      STRIPE_PRICE_BUSINESS: 'price_business_test',
    },
  });
});
afterEach(async () => {
  expect(await ledgerProblemsOf(t.app)).toEqual([]);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** What Stripe.js does in the browser: the card goes to Stripe, the page gets a PaymentMethod id. */
async function tokenise(number: string): Promise<string> {
  const res = await fetch(`${fake.url}/v1/payment_methods`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_browser', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': '2031',
    }),
  });
  return ((await res.json()) as { id: string }).id;
}

/** A webhook delivery signed with the endpoint secret, at `timestamp` (seconds). */
function deliver(event: Record<string, unknown>, options: { timestamp?: number; secret?: string } = {}) {
  const payload = JSON.stringify({
    object: 'event',
    api_version: '2026-10-28',
    created: Math.floor(Date.now() / 1000),
    ...event,
  });
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? Math.floor(t.clock.now.getTime() / 1000),
  });
  return t.app.inject({
    method: 'POST',
    url: `${V}/stripe/webhooks`,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const eventCount = async () =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('webhook_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the form parser of the fake', () => {
  it('reads Stripe-style nested fields', () => {
    expect(parseForm('a=1&b[c]=2&items[0][price]=p&expand[0]=x&m[k]=v')).toEqual({
      a: '1',
      b: { c: '2' },
      items: [{ price: 'p' }],
      expand: ['x'],
      m: { k: 'v' },
    });
  });
});

describe('Stripe adapter', () => {
  let business: ReturnType<typeof client>;
  let campaignId = 0;

  beforeAll(async () => {
    business = client(t.app, await loginAs(t.app, 'trial@reach.local'));
  });

  it('gives the browser the publishable key and takes only Stripe.js payment methods', async () => {
    expect((await business.get(`${V}/payments/config`)).body).toEqual({
      provider: 'stripe',
      publishable_key: 'pk_test_reach',
      currency: 'usd',
    });
    // The demo's built-in cards belong to the other provider: none here.
    expect((await business.get(`${V}/my/paymentMethods`)).body).toEqual({ data: [], total: 0 });
    const raw = await business.post(`${V}/my/paymentMethods`, {
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' },
    });
    expect(raw.status).toBe(400);
    expect(raw.body.error?.message).toBe(API_MESSAGE.cardTokenOnly);
    expect(
      fake.requests.some(
        (r) => JSON.stringify(r.body).includes('4242424242424242') && r.path.includes('attach'),
      ),
    ).toBe(false);
  });

  it('saves a card by attaching it to the customer, and refuses a declined one', async () => {
    const declined = await business.post(`${V}/my/paymentMethods`, {
      payment_method_id: await tokenise('4000000000000002'),
    });
    expect(declined.status).toBe(402);
    expect(declined.body.error?.message).toBe('Your card was declined.');
    const saved = await business.post(`${V}/my/paymentMethods`, {
      payment_method_id: await tokenise('4242424242424242'),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ brand: 'visa', last4: '4242', is_default: true, exp_year: 2031 });
    const customers = fake.requests.filter((r) => r.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0]!.idempotencyKey).toMatch(/^customer:\d+$/);
    expect(fake.requests.filter((r) => r.path.endsWith('/attach')).at(-1)!.body).toMatchObject({
      customer: expect.stringMatching(/^cus_/),
    });
    expect((await business.get(`${V}/my/paymentMethods`)).body.total).toBe(1);
  });

  it('funds a campaign with a PaymentIntent, records a declined charge and nothing else, refunds at completion', async () => {
    const created = await business.post(`${V}/campaigns`, {
      type_id: 2,
      title: 'Stripe funded',
      start_date: day(0),
      end_date: day(10),
      description: 'Paid through Stripe.',
      total_budget_cents: 60_000,
      amount_per_post_cents: 20_000,
      max_posts_per_influencer: 1,
    });
    campaignId = created.body.id as number;
    const bad = await business.post(`${V}/my/paymentMethods`, {
      payment_method_id: await tokenise('4000000000000341'),
    });
    expect(bad.status).toBe(201);
    const declined = await business.post(`${V}/campaign/${campaignId}/fund`, {
      payment_method_id: bad.body.id,
    });
    expect(declined.status).toBe(402);
    expect(await accountBalance(t.app.ctx.db, ACCOUNT.campaignBudget(campaignId))).toBe(0);

    const funded = await business.post(`${V}/campaign/${campaignId}/fund`, {});
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    const intent = fake.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    expect(intent.body).toMatchObject({
      amount: '60000',
      currency: 'usd',
      off_session: 'true',
      confirm: 'true',
      metadata: {
        campaign_id: String(campaignId),
        charge_id: String((funded.body.charge as { id: number }).id),
      },
    });
    expect(intent.idempotencyKey).toMatch(/^charge:/);
    expect(await accountBalance(t.app.ctx.db, ACCOUNT.campaignBudget(campaignId))).toBe(60_000);
    expect((await business.post(`${V}/campaign/${campaignId}/publish`)).status).toBe(200);

    const influencerId = (
      await client(t.app, await loginAs(t.app, 'influencer@reach.local')).get(`${V}/my/user`)
    ).body.id as number;
    await payFromCampaignBudget(t.app.ctx.db, {
      campaignId,
      influencerUserId: influencerId,
      amountCents: 20_000,
      idempotencyKey: `stripe-test:${campaignId}`,
      description: 'post',
    });
    expect((await business.post(`${V}/campaign/${campaignId}/complete`)).status).toBe(200);
    const refund = fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(refund.body).toMatchObject({ amount: '40000', payment_intent: expect.stringMatching(/^pi_/) });
    expect(refund.idempotencyKey).toMatch(/^refund:/);
    expect((await business.get(`${V}/my/payments/refunds?campaign=${campaignId}`)).body.data).toEqual([
      expect.objectContaining({ amount_cents: 40_000, status: 'succeeded' }),
    ]);
  });

  it('subscribes through Stripe Billing with the coupon as a Stripe coupon', async () => {
    const res = await business.post(`${V}/my/subscription`, { plan: 'pro', coupon: 'save10' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ plan: 'pro', status: 'active' });
    expect(fake.requests.find((r) => r.path === '/v1/coupons')?.body).toMatchObject({
      id: 'reach_SAVE10',
      amount_off: '1000',
      currency: 'usd',
      duration: 'once',
    });
    const create = fake.requests.filter((r) => r.path === '/v1/subscriptions').at(-1)!;
    expect(create.body).toMatchObject({
      items: [{ price: 'price_pro_test' }],
      payment_behavior: 'error_if_incomplete',
      discounts: [{ coupon: 'reach_SAVE10' }],
      expand: ['latest_invoice'],
    });
    const invoices = (await business.get(`${V}/my/invoices`)).body.data as Invoice[];
    expect(invoices).toEqual([
      expect.objectContaining({ subtotal_cents: 9_900, discount_cents: 1_000, total_cents: 8_900 }),
    ]);
    expect((await business.post(`${V}/my/subscription/cancel`)).body).toMatchObject({
      cancel_at_period_end: true,
    });
    const cancel = fake.requests.filter((r) => r.path.startsWith('/v1/subscriptions/')).at(-1)!;
    expect(cancel.body).toEqual({ cancel_at_period_end: 'true' });
  });

  it('sends influencers through Connect onboarding, then pays out with a transfer', async () => {
    const api = client(t.app, await loginAs(t.app, 'influencer@reach.local'));
    const account = await api.put(`${V}/my/payoutAccount`, { holder_name: 'Isabella Reyes' });
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    expect(account.body).toMatchObject({
      status: 'onboarding',
      onboarding_url: expect.stringMatching(/^https:\/\/connect\.stripe\.test\/setup\/acct_/),
    });
    expect((await api.post(`${V}/my/payouts`, {})).body.error?.message).toBe(
      API_MESSAGE.payoutAccountOnboarding,
    );
    const row = await t.app.ctx.db
      .selectFrom('payout_accounts')
      .selectAll()
      .where('holder_name', '=', 'Isabella Reyes')
      .executeTakeFirstOrThrow();
    const updated = await deliver({
      id: 'evt_account_1',
      type: 'account.updated',
      data: { object: { id: row.provider_account_id, object: 'account', payouts_enabled: true } },
    });
    expect(updated.statusCode).toBe(200);
    const payout = await api.post(`${V}/my/payouts`, { amount_cents: 5_000 });
    expect(payout.body).toMatchObject({ payout: { status: 'paid', amount_cents: 5_000 } });
    expect(fake.requests.filter((r) => r.path === '/v1/transfers').at(-1)!.body).toMatchObject({
      amount: '5000',
      currency: 'usd',
      destination: row.provider_account_id,
    });
  });
});

describe('Stripe webhooks', () => {
  let userId: number;
  let providerSubscriptionId: string;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    const me = await signUpAndLogin(t.app, 'business');
    api = client(t.app, me.access);
    userId = (await api.get(`${V}/my/user`)).body.id as number;
    await api.post(`${V}/my/paymentMethods`, { payment_method_id: await tokenise('5555555555554444') });
    await api.post(`${V}/my/subscription`, { plan: 'business' });
    providerSubscriptionId = (
      await t.app.ctx.db
        .selectFrom('subscriptions')
        .select('provider_subscription_id')
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).provider_subscription_id!;
  });

  const renewal = (eventId: string, invoiceId: string) => {
    const start = Math.floor(t.clock.now.getTime() / 1000) + 30 * 86_400;
    return {
      id: eventId,
      type: 'invoice.paid',
      data: {
        object: {
          id: invoiceId,
          object: 'invoice',
          status: 'paid',
          subtotal: 29_900,
          total: 29_900,
          amount_paid: 29_900,
          billing_reason: 'subscription_cycle',
          period_start: start - 30 * 86_400,
          period_end: start,
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: providerSubscriptionId },
          },
          lines: { object: 'list', data: [{ id: 'il_1', period: { start, end: start + 30 * 86_400 } }] },
        },
      },
    };
  };

  const state = async () => ({
    invoices: (await api.get(`${V}/my/invoices`)).body.total as number,
    credits: (await api.get(`${V}/my/user`)).body.credits as number,
    revenue: await accountBalance(t.app.ctx.db, ACCOUNT.platformRevenue),
    events: await eventCount(),
    subscription: (await api.get(`${V}/my/subscription`)).body,
  });

  it('refuses a bad signature and a stale timestamp with 401 and changes nothing', async () => {
    const before = await state();
    const forged = await deliver(renewal('evt_forged', 'in_forged'), { secret: 'whsec_wrong' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.message).toBe(API_MESSAGE.webhookSignature);
    const stale = await deliver(renewal('evt_stale', 'in_stale'), {
      timestamp: Math.floor(t.clock.now.getTime() / 1000) - 301,
    });
    expect(stale.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `${V}/stripe/webhooks`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(renewal('evt_unsigned', 'in_unsigned')),
    });
    expect(unsigned.statusCode).toBe(401);
    // A body changed after signing fails too: the signature covers the raw bytes.
    const payload = JSON.stringify({ object: 'event', ...renewal('evt_tampered', 'in_tampered') });
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: Math.floor(t.clock.now.getTime() / 1000),
    });
    const tampered = await t.app.inject({
      method: 'POST',
      url: `${V}/stripe/webhooks`,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: payload.replace('29900', '1'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await state()).toEqual(before);
    // Within the tolerance it is fine (299 s old).
    expect(
      (
        await deliver(
          { id: 'evt_ok_old', type: 'charge.updated', data: { object: { id: 'ch_1' } } },
          { timestamp: Math.floor(t.clock.now.getTime() / 1000) - 299 },
        )
      ).statusCode,
    ).toBe(200);
  });

  it('applies a renewal invoice once: a replay has no second effect', async () => {
    const before = await state();
    const first = await deliver(renewal('evt_renewal_1', 'in_renewal_1'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const after = await state();
    expect(after.invoices).toBe(before.invoices + 1);
    expect(after.credits).toBe(before.credits + 2_000);
    expect(after.revenue).toBe(before.revenue + 29_900);
    expect(Date.parse(after.subscription.current_period_end as string)).toBeGreaterThan(
      Date.parse(before.subscription.current_period_end as string),
    );
    const replay = await deliver(renewal('evt_renewal_1', 'in_renewal_1'));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // The same invoice in another event (Stripe retries with new ids) is not recorded twice either.
    await deliver(renewal('evt_renewal_1_again', 'in_renewal_1'));
    const replayed = await state();
    expect({ ...replayed, events: 0 }).toEqual({ ...after, events: 0 });
  });

  it('settles a processing payment on payment_intent.succeeded, once', async () => {
    const trial = client(t.app, await loginAs(t.app, 'trial@reach.local'));
    const created = await trial.post(`${V}/campaigns`, {
      type_id: 2,
      title: 'Processing payment',
      start_date: day(0),
      end_date: day(10),
      description: 'Bank debit takes a while.',
      total_budget_cents: 12_300,
      amount_per_post_cents: 12_300,
      max_posts_per_influencer: 1,
    });
    const id = created.body.id as number;
    fake.nextIntentStatus = 'processing';
    const pending = await trial.post(`${V}/campaign/${id}/fund`, {});
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ charge: { status: 'pending' }, funding: { funded_cents: 0 } });
    expect((await trial.post(`${V}/campaign/${id}/publish`)).status).toBe(422);
    const charge = await t.app.ctx.db
      .selectFrom('charges')
      .selectAll()
      .where('campaign_id', '=', id)
      .executeTakeFirstOrThrow();
    const event = {
      id: 'evt_pi_1',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: charge.provider_charge_id,
          object: 'payment_intent',
          status: 'succeeded',
          amount: 12_300,
          metadata: { charge_id: String(charge.id), campaign_id: String(id) },
        },
      },
    };
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await accountBalance(t.app.ctx.db, ACCOUNT.campaignBudget(id))).toBe(12_300);
    expect((await trial.post(`${V}/campaign/${id}/publish`)).status).toBe(200);
  });

  it('ends the plan on customer.subscription.deleted, leaving the free tier', async () => {
    const event = {
      id: 'evt_sub_deleted',
      type: 'customer.subscription.deleted',
      data: {
        object: {
          id: providerSubscriptionId,
          object: 'subscription',
          status: 'canceled',
          cancel_at_period_end: false,
          items: { data: [] },
        },
      },
    };
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await api.get(`${V}/my/subscription`)).body).toMatchObject({ plan: 'free', status: 'active' });
    expect((await deliver(event)).json()).toMatchObject({ duplicate: true });
    const rows = await t.app.ctx.db
      .selectFrom('subscriptions')
      .select(['plan', 'status'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(rows.slice(-2)).toEqual([
      { plan: 'business', status: 'canceled' },
      { plan: 'free', status: 'active' },
    ]);
  });

  it('is a 404 on a server without Stripe', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: `${V}/stripe/webhooks`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
