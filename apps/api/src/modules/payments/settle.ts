import type { AppContext } from '../../context';
import { customerFor } from './customers';
import { chargeAndSettle, settleCharge, settleRefunds } from './funding';
import { transferAndSettle } from './payouts';

/** How long a payment may stay pending before the settle task asks the provider again. */
const STALE_MS = 60_000;

/**
 * Finishes payments a crash or an unreachable provider left pending: funding charges, refunds and payouts
 * are sent to the provider again with their original idempotency keys (so nothing is charged, refunded or
 * paid twice) and settled. Run every minute by the scheduler; idempotent.
 */
export async function settlePendingPayments(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - STALE_MS);
  let settled = 0;

  const charges = await ctx.db
    .selectFrom('charges')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<=', before)
    .orderBy('id')
    .limit(50)
    .execute();
  for (const charge of charges) {
    const card = charge.payment_method_id
      ? await ctx.db
          .selectFrom('payment_methods')
          .selectAll()
          .where('id', '=', charge.payment_method_id)
          .executeTakeFirst()
      : undefined;
    if (!card) {
      await settleCharge(ctx, ctx.db, charge.id, {
        ok: false,
        code: 'card_removed',
        message: 'The card was removed before the payment went through.',
      });
      settled++;
      continue;
    }
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', charge.user_id)
      .executeTakeFirstOrThrow();
    try {
      await chargeAndSettle(ctx, charge, {
        customerId: await customerFor(ctx, user),
        providerPaymentMethodId: card.provider_payment_method_id,
      });
      settled++;
    } catch (error) {
      ctx.log.warn({ err: error, chargeId: charge.id }, 'pending charge still not settled');
    }
  }

  const refunds = await ctx.db
    .selectFrom('refunds')
    .select('id')
    .where('status', '=', 'pending')
    .where('created_at', '<=', before)
    .orderBy('id')
    .limit(50)
    .execute();
  await settleRefunds(
    ctx,
    refunds.map((r) => r.id),
  );
  settled += refunds.length;

  const payouts = await ctx.db
    .selectFrom('payouts as p')
    .innerJoin('payout_accounts as a', 'a.id', 'p.payout_account_id')
    .selectAll('p')
    .select('a.provider_account_id')
    .where('p.status', '=', 'pending')
    .where('p.created_at', '<=', before)
    .orderBy('p.id')
    .limit(50)
    .execute();
  for (const { provider_account_id, ...payout } of payouts) {
    await transferAndSettle(ctx, payout, provider_account_id);
    settled++;
  }
  return settled;
}
