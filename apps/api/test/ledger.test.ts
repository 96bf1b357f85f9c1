import { API_MESSAGE } from '@reach/contract/messages';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT,
  accountBalance,
  ledgerProblems,
  payFromCampaignBudget,
  recordMovement,
} from '../src/modules/payments/ledger';
import { client, createTestApp, loginAs, type TestApp } from './harness';

/*
 * The ledger's pay function, which approving a post will call: exactly once per idempotency key whatever the
 * retries or concurrent calls, never beyond the funded budget, and a ledger that always balances.
 */

let t: TestApp;
let influencerId: number;
const V = '/api/v1';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const influencer = client(t.app, await loginAs(t.app, 'influencer@reach.local'));
  influencerId = (await influencer.get(`${V}/my/user`)).body.id as number;
});
afterEach(async () => {
  expect(await ledgerProblems(t.app.ctx.db)).toEqual([]);
});
afterAll(() => t.close());

/** A funded cash campaign of the pro business with this budget, published. */
async function fundedCampaign(totalCents: number, perPostCents = 10_000): Promise<number> {
  const api = client(t.app, await loginAs(t.app, 'pro@reach.local'));
  const created = await api.post(`${V}/campaigns`, {
    type_id: 2,
    title: `Ledger test ${Math.random().toString(36).slice(2, 8)}`,
    start_date: day(0),
    end_date: day(20),
    description: 'A cash campaign for ledger tests.',
    total_budget_cents: totalCents,
    amount_per_post_cents: perPostCents,
    max_posts_per_influencer: 100,
  });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const funded = await api.post(`${V}/campaign/${id}/fund`, {});
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  expect((await api.post(`${V}/campaign/${id}/publish`)).status).toBe(200);
  return id;
}

const movementsFor = async (key: string) =>
  (
    await t.app.ctx.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', '=', key)
      .execute()
  ).length;

describe('payFromCampaignBudget', () => {
  it('pays once for a key: twice in a row and a retry move the money once', async () => {
    const campaignId = await fundedCampaign(50_000);
    const before = await accountBalance(t.app.ctx.db, ACCOUNT.influencerBalance(influencerId));
    const input = {
      campaignId,
      influencerUserId: influencerId,
      amountCents: 10_000,
      idempotencyKey: `test:post:${campaignId}:1`,
      description: 'Approved post',
    };
    const first = await payFromCampaignBudget(t.app.ctx.db, input);
    const second = await payFromCampaignBudget(t.app.ctx.db, input);
    const retry = await payFromCampaignBudget(t.app.ctx.db, { ...input });
    expect(first.created).toBe(true);
    expect(second).toEqual({ transactionId: first.transactionId, created: false });
    expect(retry).toEqual({ transactionId: first.transactionId, created: false });
    expect(await movementsFor(input.idempotencyKey)).toBe(1);
    expect(await accountBalance(t.app.ctx.db, ACCOUNT.influencerBalance(influencerId))).toBe(before + 10_000);
    expect(await accountBalance(t.app.ctx.db, ACCOUNT.campaignBudget(campaignId))).toBe(40_000);
  });

  it('pays once when 10 calls with the same key run concurrently', async () => {
    const campaignId = await fundedCampaign(50_000);
    const key = `test:post:${campaignId}:concurrent`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        payFromCampaignBudget(t.app.ctx.db, {
          campaignId,
          influencerUserId: influencerId,
          amountCents: 10_000,
          idempotencyKey: key,
          description: 'Approved post',
        }),
      ),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(await movementsFor(key)).toBe(1);
    expect(await accountBalance(t.app.ctx.db, ACCOUNT.campaignBudget(campaignId))).toBe(40_000);
  });

  it('stops at the funded budget with a clear message, also under concurrent payments', async () => {
    const campaignId = await fundedCampaign(30_000);
    const pay = (n: number) =>
      payFromCampaignBudget(t.app.ctx.db, {
        campaignId,
        influencerUserId: influencerId,
        amountCents: 10_000,
        idempotencyKey: `test:cap:${campaignId}:${n}`,
        description: `Approved post ${n}`,
      });
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => pay(i)));
    const paid = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(paid).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.reason).toMatchObject({
        status: 409,
        message: API_MESSAGE.budgetExhausted('$0.00', '$100.00'),
      });
    }
    expect(await accountBalance(t.app.ctx.db, ACCOUNT.campaignBudget(campaignId))).toBe(0);
    // A payment that had been made stays answerable by its key after the budget ran out.
    const again = await pay(results.findIndex((r) => r.status === 'fulfilled'));
    expect(again.created).toBe(false);
    // A partial payment is refused too: it never dips below zero.
    const api = client(t.app, await loginAs(t.app, 'pro@reach.local'));
    const small = await fundedCampaign(15_000);
    await payFromCampaignBudget(t.app.ctx.db, {
      campaignId: small,
      influencerUserId: influencerId,
      amountCents: 10_000,
      idempotencyKey: `test:cap:${small}:a`,
      description: 'post',
    });
    await expect(
      payFromCampaignBudget(t.app.ctx.db, {
        campaignId: small,
        influencerUserId: influencerId,
        amountCents: 10_000,
        idempotencyKey: `test:cap:${small}:b`,
        description: 'post',
      }),
    ).rejects.toMatchObject({ message: API_MESSAGE.budgetExhausted('$50.00', '$100.00') });
    expect(
      ((await api.get(`${V}/campaign/${small}`)).body.budget as Record<string, number>).available_cents,
    ).toBe(5_000);
  });

  it('refuses a key reused for a different payment, and an unknown campaign', async () => {
    const campaignId = await fundedCampaign(50_000);
    const base = {
      campaignId,
      influencerUserId: influencerId,
      idempotencyKey: `test:reuse:${campaignId}`,
      description: 'post',
    };
    await payFromCampaignBudget(t.app.ctx.db, { ...base, amountCents: 10_000 });
    await expect(payFromCampaignBudget(t.app.ctx.db, { ...base, amountCents: 20_000 })).rejects.toMatchObject(
      {
        status: 409,
        message: API_MESSAGE.idempotencyKeyReused,
      },
    );
    await expect(
      payFromCampaignBudget(t.app.ctx.db, {
        ...base,
        campaignId: 99_999_999,
        idempotencyKey: 'x',
        amountCents: 1,
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('writes in the caller transaction: rolled back with it', async () => {
    const campaignId = await fundedCampaign(50_000);
    const key = `test:rollback:${campaignId}`;
    await expect(
      t.app.ctx.db.transaction().execute(async (trx) => {
        await payFromCampaignBudget(trx, {
          campaignId,
          influencerUserId: influencerId,
          amountCents: 10_000,
          idempotencyKey: key,
          description: 'post',
        });
        throw new Error('the approval failed after paying');
      }),
    ).rejects.toThrow('the approval failed after paying');
    expect(await movementsFor(key)).toBe(0);
    expect(await accountBalance(t.app.ctx.db, ACCOUNT.campaignBudget(campaignId))).toBe(50_000);
  });
});

describe('the ledger itself', () => {
  it('refuses an unbalanced transaction at commit and any change to written rows', async () => {
    await expect(
      t.app.ctx.db.transaction().execute(async (trx) => {
        const tx = await trx
          .insertInto('ledger_transactions')
          .values({ idempotency_key: 'test:unbalanced', kind: 'payout', amount_cents: 5, description: 'x' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('ledger_accounts')
          .values({ account: 'external:test', allow_negative: true })
          .onConflict((oc) => oc.column('account').doNothing())
          .execute();
        await trx
          .insertInto('ledger_postings')
          .values({ transaction_id: tx.id, account: 'external:test', amount_cents: 5 })
          .execute();
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(
      sql`UPDATE ledger_postings SET amount_cents = amount_cents + 1`.execute(t.app.ctx.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM ledger_transactions`.execute(t.app.ctx.db)).rejects.toThrow(/append-only/);
    await expect(
      recordMovement(t.app.ctx.db, {
        key: 'test:negative',
        kind: 'payout',
        from: ACCOUNT.influencerBalance(999_999),
        to: ACCOUNT.externalPayout,
        amountCents: 1,
        description: 'x',
      }),
    ).rejects.toThrow(/holds 0 cents/);
  });

  it('balances after the demo seed, with the demo influencer holding $700.00', async () => {
    expect(await ledgerProblems(t.app.ctx.db)).toEqual([]);
    const api = client(t.app, await loginAs(t.app, 'influencer@reach.local'));
    const balance = await api.get(`${V}/my/balance`);
    expect(balance.body).toMatchObject({ withdrawn_cents: 45_000, pending_payout_cents: 0 });
    expect(balance.body.available_cents).toBe(
      (balance.body.earned_cents as number) - (balance.body.withdrawn_cents as number),
    );
  });
});
