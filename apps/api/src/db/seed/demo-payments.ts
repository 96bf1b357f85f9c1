import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { debitCredits } from '../../modules/discovery/credits';
import { ACCOUNT, recordMovement } from '../../modules/payments/ledger';
import { reserveCoupon } from '../../modules/subscriptions/coupons';
import { recordPlanPayment } from '../../modules/subscriptions/service';
import type { CardBrandColumn, DB } from '../schema';
import { seedDemoPosts } from './demo-posts';

const DAY = 86_400_000;

/** Coupons of the demo (README lists them). */
export const DEMO_COUPONS = [
  {
    code: 'WELCOME20',
    description: '20% off your first month',
    percent_off: 20,
    amount_off_cents: null,
    days: 365,
    max: 500,
  },
  {
    code: 'SAVE10',
    description: '$10 off your first month',
    percent_off: null,
    amount_off_cents: 1000,
    days: 90,
    max: 50,
  },
  {
    code: 'SPRING2025',
    description: '30% off (expired)',
    percent_off: 30,
    amount_off_cents: null,
    days: -30,
    max: null,
  },
] as const;

type DemoCard = {
  brand: CardBrandColumn;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder: string;
};

/**
 * Money for the demo, written through the ledger as if it had happened over the past weeks (on the built-in
 * provider): saved test cards for trial@ and pro@; every published cash or combination campaign funded by card,
 * ended ones refunded what they did not spend; pro@'s plan invoices; coupons; the demo posts (demo-posts.ts)
 * and a balance history for influencer@ (four paid posts on three campaigns, two withdrawals to a bank
 * account, $700.00 left).
 */
export async function seedDemoPayments(
  ctx: AppContext,
  accounts: { trialUserId: number; proUserId: number; influencerUserId: number },
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const year = now.getUTCFullYear();

  await db
    .insertInto('coupons')
    .values(
      DEMO_COUPONS.map((c) => ({
        code: c.code,
        description: c.description,
        percent_off: c.percent_off,
        amount_off_cents: c.amount_off_cents,
        expires_at: new Date(now.getTime() + c.days * DAY),
        max_redemptions: c.max,
      })),
    )
    .execute();

  const saveCards = async (userId: number, cards: DemoCard[]) => {
    await db
      .insertInto('billing_customers')
      .values({ user_id: userId, provider: 'ledger', customer_id: `cus_ledger_${userId}` })
      .execute();
    const rows = [];
    for (const [i, c] of cards.entries()) {
      rows.push(
        await db
          .insertInto('payment_methods')
          .values({
            user_id: userId,
            provider: 'ledger',
            provider_payment_method_id: `pm_ledger_ok_${crypto.randomUUID().replaceAll('-', '')}`,
            brand: c.brand,
            last4: c.last4,
            exp_month: c.exp_month,
            exp_year: c.exp_year,
            holder_name: c.holder,
            is_default: i === 0,
            created_at: ago(60 - i * 10),
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    }
    return rows;
  };
  const [trialCard] = await saveCards(accounts.trialUserId, [
    { brand: 'mastercard', last4: '4444', exp_month: 8, exp_year: year + 3, holder: 'Tara Trial' },
  ]);
  const [proVisa] = await saveCards(accounts.proUserId, [
    { brand: 'visa', last4: '4242', exp_month: 12, exp_year: year + 2, holder: 'Priya Pro' },
    { brand: 'american_express', last4: '0005', exp_month: 3, exp_year: year + 4, holder: 'Priya Pro' },
  ]);

  // Every published cash or combination campaign was funded by card when it was published.
  const campaigns = await db
    .selectFrom('campaigns as c')
    .innerJoin('businesses as b', 'b.id', 'c.business_id')
    .select([
      'c.id',
      'c.title',
      'c.status',
      'c.total_budget_cents',
      'c.business_id',
      'c.published_at',
      'b.user_id',
    ])
    .where('c.type_id', 'in', [2, 3])
    .where('c.status', '!=', 'draft')
    .where('c.total_budget_cents', 'is not', null)
    .execute();
  for (const c of campaigns) {
    const card = c.user_id === accounts.trialUserId ? trialCard! : proVisa!;
    const at = c.published_at ?? ago(1);
    await db.transaction().execute(async (trx) => {
      const charge = await trx
        .insertInto('charges')
        .values({
          user_id: c.user_id,
          purpose: 'campaign_funding',
          campaign_id: c.id,
          description: `Budget for "${c.title}"`,
          amount_cents: c.total_budget_cents!,
          status: 'succeeded',
          payment_method_id: card.id,
          card_brand: card.brand,
          card_last4: card.last4,
          provider: 'ledger',
          provider_charge_id: `ch_ledger_demo_${c.id}`,
          idempotency_key: `charge:demo:${c.id}`,
          created_at: at,
          settled_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordMovement(trx, {
        key: `charge:${charge.id}`,
        kind: 'campaign_funding',
        from: ACCOUNT.externalCard,
        to: ACCOUNT.campaignBudget(c.id),
        amountCents: c.total_budget_cents!,
        description: `Budget for "${c.title}"`,
        businessId: c.business_id,
        campaignId: c.id,
        userId: c.user_id,
        reference: { type: 'charge', id: charge.id },
        at,
      });
    });
  }

  // Posts: submitted, approved (paid through payFromCampaignBudget, each payment referencing its post) and
  // rejected ones; influencer@ earned $1,150.00 for four posts before the withdrawals below.
  await seedDemoPosts(ctx, accounts);

  // Ended campaigns gave back what they did not spend.
  for (const c of campaigns.filter((x) => x.status === 'completed' || x.status === 'archived')) {
    await db.transaction().execute(async (trx) => refundDemo(trx, c, ago(150)));
  }

  // Two withdrawals to the influencer's bank account.
  const payoutAccount = await db
    .insertInto('payout_accounts')
    .values({
      user_id: accounts.influencerUserId,
      provider: 'ledger',
      provider_account_id: `ba_ledger_ok_${crypto.randomUUID().replaceAll('-', '')}`,
      holder_name: 'Isabella Reyes',
      bank_name: 'Chase Bank',
      last4: '6789',
      status: 'active',
      created_at: ago(175),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const [daysAgo, amount] of [
    [170, 20_000],
    [8, 25_000],
  ] as const) {
    await db.transaction().execute(async (trx) => {
      const at = ago(daysAgo);
      const payout = await trx
        .insertInto('payouts')
        .values({
          user_id: accounts.influencerUserId,
          amount_cents: amount,
          status: 'paid',
          payout_account_id: payoutAccount.id,
          destination: 'Chase Bank ••6789',
          provider: 'ledger',
          provider_transfer_id: `tr_ledger_demo_${daysAgo}`,
          idempotency_key: `payout:demo:${daysAgo}`,
          created_at: at,
          settled_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordMovement(trx, {
        key: `payout:${payout.id}`,
        kind: 'payout',
        from: ACCOUNT.influencerBalance(accounts.influencerUserId),
        to: ACCOUNT.externalPayout,
        amountCents: amount,
        description: 'Withdrawal to Chase Bank ••6789',
        influencerUserId: accounts.influencerUserId,
        userId: accounts.influencerUserId,
        reference: { type: 'payout', id: payout.id },
        at,
      });
    });
  }

  // pro@ subscribed 50 days ago with WELCOME20 and renewed 20 days ago; the next renewal is in 10 days.
  const sub = await db
    .updateTable('subscriptions')
    .set({
      trial_ends_at: ago(50),
      current_period_end: new Date(now.getTime() + 10 * DAY),
      provider: 'ledger',
      provider_subscription_id: `sub_ledger_demo_${accounts.proUserId}`,
    })
    .where('user_id', '=', accounts.proUserId)
    .returning('id')
    .executeTakeFirstOrThrow();
  const welcome = await db
    .selectFrom('coupons')
    .select(['id', 'code'])
    .where('code', '=', 'WELCOME20')
    .executeTakeFirstOrThrow();
  for (const [start, coupon] of [
    [50, welcome],
    [20, null],
  ] as const) {
    const discount = coupon ? 1_980 : 0;
    await db.transaction().execute(async (trx) => {
      // A coupon's use is reserved before its plan is charged, as a real plan change does.
      if (coupon) await reserveCoupon(trx, coupon.code, ago(start), accounts.proUserId);
      const invoice = await recordPlanPayment(ctx, trx, {
        userId: accounts.proUserId,
        subscriptionId: sub.id,
        plan: 'pro',
        invoice: {
          providerInvoiceId: `in_ledger_demo_${accounts.proUserId}_${start}`,
          providerChargeId: `ch_ledger_demo_plan_${start}`,
          subtotalCents: 9_900,
          discountCents: discount,
          creditCents: 0,
          totalCents: 9_900 - discount,
          periodStart: ago(start),
          periodEnd: ago(start - 30),
        },
        provider: 'ledger',
        coupon,
        card: { id: proVisa!.id, brand: proVisa!.brand, last4: proVisa!.last4 },
        creditsReason: 'demo plan history',
      });
      // Back-date what recordPlanPayment wrote "now".
      await trx
        .updateTable('invoices')
        .set({ created_at: ago(start), paid_at: ago(start) })
        .where('id', '=', invoice.id)
        .execute();
      await trx
        .updateTable('charges')
        .set({ created_at: ago(start), settled_at: ago(start) })
        .where('invoice_id', '=', invoice.id)
        .execute();
    });
  }
  // The demo starts pro at 500 credits (demo.ts); the months above granted more, spent in those months.
  const granted = await db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', accounts.proUserId)
    .executeTakeFirstOrThrow();
  if (granted.credits > 500)
    await debitCredits(
      db,
      accounts.proUserId,
      granted.credits - 500,
      'demo: used in earlier months',
      'demo:used:pro',
    );
}

/** The unspent budget of an ended demo campaign back to its card (ledger, refund row, charge marked). */
async function refundDemo(
  trx: Transaction<DB>,
  c: { id: number; title: string | null; business_id: number; user_id: number },
  at: Date,
) {
  const left = await trx
    .selectFrom('ledger_accounts')
    .select('balance_cents')
    .where('account', '=', ACCOUNT.campaignBudget(c.id))
    .executeTakeFirst();
  if (!left || left.balance_cents <= 0) return;
  const moved = await recordMovement(trx, {
    key: `campaign-refund:${c.id}`,
    kind: 'campaign_refund',
    from: ACCOUNT.campaignBudget(c.id),
    to: ACCOUNT.externalCard,
    amountCents: left.balance_cents,
    description: `Unspent budget of "${c.title}" returned`,
    businessId: c.business_id,
    campaignId: c.id,
    userId: c.user_id,
    at,
  });
  const charge = await trx
    .selectFrom('charges')
    .select(['id', 'provider'])
    .where('campaign_id', '=', c.id)
    .where('purpose', '=', 'campaign_funding')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('charges')
    .set({ refunded_cents: left.balance_cents })
    .where('id', '=', charge.id)
    .execute();
  await trx
    .insertInto('refunds')
    .values({
      charge_id: charge.id,
      user_id: c.user_id,
      campaign_id: c.id,
      amount_cents: left.balance_cents,
      reason: 'Campaign ended: unspent budget returned',
      status: 'succeeded',
      provider: charge.provider,
      provider_refund_id: `re_ledger_demo_${c.id}`,
      idempotency_key: `refund:${charge.id}:${moved.transactionId}`,
      created_at: at,
      settled_at: at,
    })
    .execute();
}
