import crypto from 'node:crypto';
import { PLATFORM_PERIODS, type PlatformPeriod, type PlatformTotals } from '@reach/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerKind } from '../src/db/schema';
import { ACCOUNT, recordMovement } from '../src/modules/payments/ledger';
import { client, createTestApp, ledgerProblemsOf, loginAs, signUpAndLogin, type TestApp } from './harness';

/*
 * Admin platform totals (issue 14) on the admin dashboard: GMV (post payments), funded (fundings less refunds),
 * payouts confirmed paid and subscription revenue, each for a period and the one before, from the ledger. The
 * demo's own history is there too, so each figure is checked as the exact difference that fixture movements
 * written at known times make, computed here from those fixtures' times and amounts.
 */

const V = '/api/v1';
const DAY = 86_400_000;
let t: TestApp;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = client(t.app, await loginAs(t.app, 'admin@reach.local'));
}, 600_000);
afterAll(() => t?.close());

const db = () => t.app.ctx.db;
const ago = (days: number) => new Date(t.clock.now.getTime() - days * DAY);

async function totals(period: PlatformPeriod): Promise<PlatformTotals> {
  const res = await admin.get(`${V}/dashboard/admin/totals?period=${period}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as PlatformTotals;
}

type Figure = 'gmv' | 'funded' | 'payouts' | 'subscription_revenue';
/** A fixture's effect: `cents` on `figure` (negative for a refund) at `at`. */
type Effect = { figure: Figure; cents: number; at: Date };

/** Whether `at` is in the current period and in the previous one, written out for each period. */
function windows(period: PlatformPeriod, at: Date): { current: boolean; previous: boolean } {
  const now = t.clock.now;
  const time = at.getTime();
  if (period === 'all_time') return { current: true, previous: false };
  if (period === 'this_month') {
    const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const previousFirst = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
    const previousEnd = Math.min(previousFirst + (now.getTime() - first), first);
    return { current: time >= first, previous: time >= previousFirst && time < previousEnd };
  }
  const days = period === 'last_7_days' ? 7 : 30;
  const start = now.getTime() - days * DAY;
  return { current: time >= start, previous: time >= start - days * DAY && time < start };
}

describe('admin platform totals', () => {
  it('sums each figure from the ledger for every period and the one before', async () => {
    const before = Object.fromEntries(
      await Promise.all(PLATFORM_PERIODS.map(async (p) => [p, await totals(p)] as const)),
    ) as Record<PlatformPeriod, PlatformTotals>;

    const business = await signUpAndLogin(t.app, 'business');
    const creator = await signUpAndLogin(t.app, 'influencer');
    const userId = async (email: string) =>
      (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const creatorId = await userId(creator.email);
    const businessUserId = await userId(business.email);
    const businessId = (
      await db()
        .selectFrom('businesses')
        .select('id')
        .where('user_id', '=', businessUserId)
        .executeTakeFirstOrThrow()
    ).id;
    const campaign = await db()
      .insertInto('campaigns')
      .values({ business_id: businessId, type_id: 1, status: 'active', title: 'Totals fixture' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const effects: Effect[] = [];
    const move = async (
      kind: LedgerKind,
      from: string,
      to: string,
      cents: number,
      at: Date,
      extra: { reference?: { type: string; id: number } } = {},
    ) => {
      await recordMovement(db(), {
        key: `fixture:${crypto.randomUUID()}`,
        kind,
        from,
        to,
        amountCents: cents,
        description: `fixture ${kind}`,
        businessId,
        campaignId: kind === 'subscription_payment' || kind.startsWith('payout') ? null : campaign.id,
        influencerUserId: creatorId,
        at,
        ...extra,
      });
    };
    const budget = ACCOUNT.campaignBudget(campaign.id);
    const balance = ACCOUNT.influencerBalance(creatorId);

    // Funded: 500.00 forty-five days ago, 200.00 three days ago, 60.00 returned yesterday.
    await move('campaign_funding', ACCOUNT.externalCard, budget, 50_000, ago(45));
    await move('campaign_funding', ACCOUNT.externalCard, budget, 20_000, ago(3));
    await move('campaign_refund', budget, ACCOUNT.externalCard, 6_000, ago(1));
    effects.push(
      { figure: 'funded', cents: 50_000, at: ago(45) },
      { figure: 'funded', cents: 20_000, at: ago(3) },
      { figure: 'funded', cents: -6_000, at: ago(1) },
    );
    // GMV: post payments of 15.00, 27.00 and 41.00.
    for (const [cents, days] of [
      [1_500, 2],
      [2_700, 10],
      [4_100, 40],
    ] as const) {
      await move('post_payment', budget, balance, cents, ago(days));
      effects.push({ figure: 'gmv', cents, at: ago(days) });
    }
    // Payouts: 12.00 and 5.00 paid count; 8.00 pending and 3.00 failed (and returned) do not.
    const payout = async (cents: number, days: number, status: 'paid' | 'pending' | 'failed') => {
      const row = await db()
        .insertInto('payouts')
        .values({
          user_id: creatorId,
          amount_cents: cents,
          status,
          destination: 'Fixture bank ••6789',
          provider: 'fixture',
          idempotency_key: `payout:${crypto.randomUUID()}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const reference = { type: 'payout', id: row.id };
      await move('payout', balance, ACCOUNT.externalPayout, cents, ago(days), { reference });
      if (status === 'failed')
        await move('payout_reversal', ACCOUNT.externalPayout, balance, cents, ago(days), { reference });
      if (status === 'paid') effects.push({ figure: 'payouts', cents, at: ago(days) });
    };
    await payout(1_200, 1, 'paid');
    await payout(500, 8, 'paid');
    await payout(800, 1, 'pending');
    await payout(300, 2, 'failed');
    // Subscription revenue: 29.00 five days ago, 99.00 thirty-five days ago.
    for (const [cents, days] of [
      [2_900, 5],
      [9_900, 35],
    ] as const) {
      await move('subscription_payment', ACCOUNT.externalCard, ACCOUNT.platformRevenue, cents, ago(days));
      effects.push({ figure: 'subscription_revenue', cents, at: ago(days) });
    }

    for (const period of PLATFORM_PERIODS) {
      const after = await totals(period);
      expect(after.period).toBe(period);
      expect(after.currency).toBe('USD');
      expect(after.figures.map((f) => f.key)).toEqual(['gmv', 'funded', 'payouts', 'subscription_revenue']);
      for (const figure of after.figures) {
        const was = before[period].figures.find((f) => f.key === figure.key)!;
        const mine = effects.filter((e) => e.figure === figure.key);
        const sum = (which: 'current' | 'previous') =>
          mine.filter((e) => windows(period, e.at)[which]).reduce((s, e) => s + e.cents, 0);
        expect(figure.cents - was.cents, `${period} ${figure.key}`).toBe(sum('current'));
        if (period === 'all_time') {
          expect(figure.previous_cents).toBeNull();
          expect(figure.change_pct).toBeNull();
        } else {
          expect(
            (figure.previous_cents ?? 0) - (was.previous_cents ?? 0),
            `${period} ${figure.key} before`,
          ).toBe(sum('previous'));
          expect(figure.change_cents).toBe(figure.cents - (figure.previous_cents ?? 0));
        }
        expect(figure.definition.length).toBeGreaterThan(20);
      }
    }

    // The fixtures' own figures, spelled out for the last 30 days and the 30 before.
    const last30 = (await totals('last_30_days')).figures;
    const delta = (key: Figure) =>
      last30.find((f) => f.key === key)!.cents -
      before.last_30_days.figures.find((f) => f.key === key)!.cents;
    expect([delta('gmv'), delta('funded'), delta('payouts'), delta('subscription_revenue')]).toEqual([
      1_500 + 2_700,
      20_000 - 6_000,
      1_200 + 500,
      2_900,
    ]);
    expect(await ledgerProblemsOf(t.app)).toEqual([]);
  });

  it('refuses an unknown period with a message, and anyone but an administrator', async () => {
    const bad = await admin.get(`${V}/dashboard/admin/totals?period=forever`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/Choose a period/);
    for (const email of ['pro@reach.local', 'influencer@reach.local']) {
      const other = client(t.app, await loginAs(t.app, email));
      expect((await other.get(`${V}/dashboard/admin/totals`)).status).toBe(403);
    }
    expect((await client(t.app).get(`${V}/dashboard/admin/totals`)).status).toBe(401);
  });

  it('defaults to the last 30 days', async () => {
    const res = await admin.get(`${V}/dashboard/admin/totals`);
    expect(res.status).toBe(200);
    const body = res.body as unknown as PlatformTotals;
    expect(body.period).toBe('last_30_days');
    expect(body.from).toBe(ago(30).toISOString());
    expect(body.previous_from).toBe(ago(60).toISOString());
    expect(body.previous_to).toBe(ago(30).toISOString());
  });
});
