import { API_MESSAGE } from '@reach/contract/messages';
import {
  type addPaymentMethodBody,
  MAX_PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentMethodsResponse,
} from '@reach/contract/payments';
import type { z } from 'zod';
import type { CardInput } from '../../adapters/payments/index';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { latestSubscription, subscriptionState } from '../../lib/subscription-state';
import { customerFor, providerCall } from './customers';
import { presentPaymentMethod } from './presenter';

type AddInput = z.output<typeof addPaymentMethodBody>;

/** GET /my/paymentMethods: the default card first, then the newest. */
export async function listPaymentMethods(ctx: AppContext, userId: number): Promise<PaymentMethodsResponse> {
  const rows = await ctx.db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', ctx.payments.name)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const now = ctx.now();
  return { data: rows.map((r) => presentPaymentMethod(r, now)), total: rows.length };
}

/**
 * POST /my/paymentMethods: the provider checks and tokenises the card; only brand, last 4 digits and expiry
 * are stored. A declined card is refused (402) and only leaves an audit entry.
 */
export async function addPaymentMethod(
  ctx: AppContext,
  user: UserRow,
  body: AddInput,
): Promise<PaymentMethod> {
  const count = await ctx.db
    .selectFrom('payment_methods')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .where('provider', '=', ctx.payments.name)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_PAYMENT_METHODS) throw new AppError('conflict', API_MESSAGE.cardLimit);
  const card: CardInput = body.card
    ? {
        kind: 'card',
        number: body.card.number,
        expMonth: body.card.exp_month,
        expYear: body.card.exp_year,
        cvc: body.card.cvc,
        ...(body.card.holder_name ? { holderName: body.card.holder_name } : {}),
      }
    : { kind: 'token', paymentMethodId: body.payment_method_id! };
  const customerId = await customerFor(ctx, user);
  const result = await providerCall(() => ctx.payments.attachCard({ customerId, card }), ctx.log);
  if (!result.ok) {
    await ctx.db
      .insertInto('audit_log')
      .values({
        actor_id: user.id,
        action: 'payment_method.declined',
        subject_type: 'user',
        subject_id: user.id,
        data: JSON.stringify({ code: result.code }),
      })
      .execute();
    const status =
      result.code === 'raw_card' || result.code === 'token_unsupported' ? 'validation' : 'payment_failed';
    throw new AppError(status, result.message, { card: result.message });
  }
  const saved = result.card;
  const row = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const mine = await trx
        .selectFrom('payment_methods')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('provider', '=', ctx.payments.name)
        .forUpdate()
        .execute();
      const same = mine.find(
        (m) =>
          m.brand === saved.brand &&
          m.last4 === saved.last4 &&
          m.exp_month === saved.expMonth &&
          m.exp_year === saved.expYear,
      );
      if (same) throw new AppError('conflict', API_MESSAGE.cardDuplicate);
      const makeDefault = body.make_default ?? !mine.some((m) => m.is_default);
      if (makeDefault) {
        await trx
          .updateTable('payment_methods')
          .set({ is_default: false })
          .where('user_id', '=', user.id)
          .execute();
      }
      const inserted = await trx
        .insertInto('payment_methods')
        .values({
          user_id: user.id,
          provider: ctx.payments.name,
          provider_payment_method_id: saved.providerPaymentMethodId,
          brand: saved.brand,
          last4: saved.last4,
          exp_month: saved.expMonth,
          exp_year: saved.expYear,
          holder_name: body.card?.holder_name || null,
          is_default: makeDefault,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('audit_log')
        .values({
          actor_id: user.id,
          action: 'payment_method.added',
          subject_type: 'payment_method',
          subject_id: inserted.id,
          data: JSON.stringify({ brand: saved.brand, last4: saved.last4 }),
        })
        .execute();
      return inserted;
    })
    .catch(async (error) => {
      // Not saved here: let the provider forget the card too.
      await ctx.payments.detachCard(saved.providerPaymentMethodId).catch(() => undefined);
      throw error;
    });
  return presentPaymentMethod(row, ctx.now());
}

async function ownedCard(ctx: AppContext, userId: number, id: number) {
  const row = await ctx.db
    .selectFrom('payment_methods')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', API_MESSAGE.paymentMethodNotFound);
  return row;
}

/**
 * DELETE /my/paymentMethods/{id}. Removing the default card makes the newest other card the default; the last
 * card cannot go while a paid plan renews on it (the plan would fail at renewal).
 */
export async function removePaymentMethod(ctx: AppContext, userId: number, id: number): Promise<void> {
  const row = await ownedCard(ctx, userId, id);
  await ctx.db.transaction().execute(async (trx) => {
    const others = await trx
      .selectFrom('payment_methods')
      .select(['id'])
      .where('user_id', '=', userId)
      .where('provider', '=', row.provider)
      .where('id', '<>', id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .forUpdate()
      .execute();
    if (!others.length) {
      const sub = await latestSubscription(trx, userId);
      const state = subscriptionState(sub, ctx.now());
      if (state.activeSubscriptionId !== null && !sub?.cancel_at_period_end)
        throw new AppError('conflict', API_MESSAGE.paymentMethodDefaultInUse);
    }
    await trx.deleteFrom('payment_methods').where('id', '=', id).execute();
    if (row.is_default && others[0]) {
      await trx
        .updateTable('payment_methods')
        .set({ is_default: true })
        .where('id', '=', others[0].id)
        .execute();
    }
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: userId,
        action: 'payment_method.removed',
        subject_type: 'payment_method',
        subject_id: id,
      })
      .execute();
  });
  await ctx.payments
    .detachCard(row.provider_payment_method_id)
    .catch((err) => ctx.log.warn({ err, id }, 'card not detached at the provider'));
}

/** POST /my/paymentMethods/{id}/default */
export async function setDefaultPaymentMethod(
  ctx: AppContext,
  userId: number,
  id: number,
): Promise<PaymentMethodsResponse> {
  await ownedCard(ctx, userId, id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom('payment_methods').select('id').where('user_id', '=', userId).forUpdate().execute();
    await trx
      .updateTable('payment_methods')
      .set({ is_default: false })
      .where('user_id', '=', userId)
      .execute();
    await trx.updateTable('payment_methods').set({ is_default: true }).where('id', '=', id).execute();
  });
  return listPaymentMethods(ctx, userId);
}
