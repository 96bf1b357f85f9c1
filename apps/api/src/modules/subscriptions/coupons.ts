import type { Coupon } from '@reach/contract/billing';
import { API_MESSAGE } from '@reach/contract/messages';
import type { Kysely, Transaction } from 'kysely';
import type { CouponRow, DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * A coupon that can be used now: it exists (404), has not expired (422), has redemptions left (422), and,
 * when a business is given, that business has not used it yet (409). One use per business; it takes its
 * discount off the first invoice of the plan it is used with.
 */
export async function usableCoupon(
  db: Kysely<DB>,
  code: string,
  now: Date,
  userId?: number,
): Promise<CouponRow> {
  const coupon = await db
    .selectFrom('coupons')
    .selectAll()
    .where('code', '=', code.toUpperCase())
    .executeTakeFirst();
  if (!coupon)
    throw new AppError('not_found', API_MESSAGE.couponNotFound, { coupon: API_MESSAGE.couponNotFound });
  if (coupon.expires_at && coupon.expires_at.getTime() <= now.getTime())
    throw new AppError('unprocessable', API_MESSAGE.couponExpired, { coupon: API_MESSAGE.couponExpired });
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions)
    throw new AppError('unprocessable', API_MESSAGE.couponUsedUp, { coupon: API_MESSAGE.couponUsedUp });
  if (userId !== undefined) {
    const used = await db
      .selectFrom('coupon_redemptions')
      .select('id')
      .where('coupon_id', '=', coupon.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (used)
      throw new AppError('conflict', API_MESSAGE.couponAlreadyUsed, {
        coupon: API_MESSAGE.couponAlreadyUsed,
      });
  }
  return coupon;
}

export function presentCoupon(c: CouponRow): Coupon {
  return {
    code: c.code,
    description: c.description,
    percent_off: c.percent_off,
    amount_off_cents: c.amount_off_cents,
    expires_at: c.expires_at?.toISOString() ?? null,
    remaining_redemptions:
      c.max_redemptions === null ? null : Math.max(0, c.max_redemptions - c.times_redeemed),
  };
}

/**
 * Reserves one use of the coupon for this business before anything is charged, in the plan change's
 * transaction (which holds the business's billing lock): the coupon's count rises in one conditional UPDATE,
 * so of many businesses redeeming at once only as many as it has uses left get one (the row lock serialises
 * them and each re-checks the count it sees); the redemption row, unique per coupon and business, records
 * the use. A charge that fails rolls the transaction back and with it the reservation. Throws what
 * `usableCoupon` throws when the coupon cannot be used.
 */
export async function reserveCoupon(
  trx: Transaction<DB>,
  code: string,
  now: Date,
  userId: number,
): Promise<CouponRow> {
  const coupon = await usableCoupon(trx, code, now, userId);
  const counted = await trx
    .updateTable('coupons')
    .set((eb) => ({ times_redeemed: eb('times_redeemed', '+', 1) }))
    .where('id', '=', coupon.id)
    .where((eb) =>
      eb.or([eb('max_redemptions', 'is', null), eb('times_redeemed', '<', eb.ref('max_redemptions'))]),
    )
    .returningAll()
    .executeTakeFirst();
  if (!counted)
    throw new AppError('unprocessable', API_MESSAGE.couponUsedUp, { coupon: API_MESSAGE.couponUsedUp });
  const redeemed = await trx
    .insertInto('coupon_redemptions')
    .values({ coupon_id: coupon.id, user_id: userId })
    .onConflict((oc) => oc.columns(['coupon_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!redeemed)
    throw new AppError('conflict', API_MESSAGE.couponAlreadyUsed, { coupon: API_MESSAGE.couponAlreadyUsed });
  return counted;
}

/** Links a reserved use of the coupon to the invoice it discounted. */
export async function attachRedemption(
  trx: Transaction<DB>,
  couponId: number,
  userId: number,
  invoiceId: number,
): Promise<void> {
  await trx
    .updateTable('coupon_redemptions')
    .set({ invoice_id: invoiceId })
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .execute();
}
