import { API_MESSAGE } from '@reach/contract/messages';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expireTrials } from '../src/modules/subscriptions/expire-trials';
import { client, createTestApp, ledgerProblemsOf, loginAs, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());
// Publishing, completing and plan changes move money: the ledger must balance after each test.
afterEach(async () => {
  expect(await ledgerProblemsOf(t.app)).toEqual([]);
});

const DAY = 86_400_000;

describe('subscriptions', () => {
  it('shows the plan and the plans on offer', async () => {
    const api = client(t.app, await loginAs(t.app, 'trial@reach.local'));
    const res = await api.get('/api/v1/my/subscription');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      plan: 'pro',
      status: 'trialing',
      trial: true,
      cancel_at_period_end: false,
    });
    expect((res.body.plans as { id: string }[]).map((p) => p.id)).toEqual(['free', 'pro', 'business']);
    expect(
      (await client(t.app, await loginAs(t.app, 'influencer@reach.local')).get('/api/v1/my/subscription'))
        .status,
    ).toBe(403);
  });

  it('upgrades the free business, grants credits, refuses the same plan twice, cancels at period end', async () => {
    const token = await loginAs(t.app, 'free@reach.local');
    const api = client(t.app, token);
    const before = (await api.get('/api/v1/my/user')).body.credits as number;
    // A paid plan is charged to a saved card.
    const noCard = await api.post('/api/v1/my/subscription', { plan: 'business' });
    expect(noCard.status).toBe(422);
    expect(noCard.body.error?.message).toBe(API_MESSAGE.paymentMethodRequired);
    const card = await api.post('/api/v1/my/paymentMethods', {
      card: {
        number: '4242 4242 4242 4242',
        exp_month: 12,
        exp_year: new Date().getFullYear() + 2,
        cvc: '123',
      },
    });
    expect(card.status).toBe(201);
    const up = await api.post('/api/v1/my/subscription', { plan: 'business' });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ plan: 'business', status: 'active', trial: false });
    const me = (await api.get('/api/v1/my/user')).body as {
      credits: number;
      business: { active_subscription_id: number | null };
    };
    expect(me.credits).toBe(before + 2000);
    expect(me.business.active_subscription_id).toBeGreaterThan(0);
    expect((await api.post('/api/v1/my/subscription', { plan: 'business' })).status).toBe(409);
    expect((await api.post('/api/v1/my/subscription', { plan: 'gold' })).status).toBe(400);

    const cancel = await api.post('/api/v1/my/subscription/cancel');
    expect(cancel.body).toMatchObject({ plan: 'business', cancel_at_period_end: true });
    expect((await api.post('/api/v1/my/subscription/cancel')).status).toBe(409);

    t.clock.advance(31 * DAY);
    try {
      await expireTrials(t.app.ctx);
      expect((await api.get('/api/v1/my/subscription')).body).toMatchObject({
        plan: 'free',
        status: 'active',
        cancel_at_period_end: false,
      });
    } finally {
      t.clock.now = new Date();
    }
  });

  it('renews a paid plan at period end and adds the monthly credits', async () => {
    const api = client(t.app, await loginAs(t.app, 'pro@reach.local'));
    const credits = (await api.get('/api/v1/my/user')).body.credits as number;
    const periodEnd = new Date((await api.get('/api/v1/my/subscription')).body.current_period_end as string);
    t.clock.now = new Date(periodEnd.getTime() + DAY);
    try {
      await expireTrials(t.app.ctx);
      await expireTrials(t.app.ctx);
      expect((await api.get('/api/v1/my/subscription')).body).toMatchObject({
        plan: 'pro',
        status: 'active',
      });
      expect((await api.get('/api/v1/my/user')).body.credits).toBe(credits + 500);
    } finally {
      t.clock.now = new Date();
    }
  });
});
