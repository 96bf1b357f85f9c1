import { API_MESSAGE } from '@reach/contract/messages';
import type { AppContext } from '../../context';
import type { PaymentMethodRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** The user's customer at the payments provider, created on first use. */
export async function customerFor(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'email' | 'given_name' | 'family_name'>,
) {
  const provider = ctx.payments.name;
  const existing = await ctx.db
    .selectFrom('billing_customers')
    .select('customer_id')
    .where('user_id', '=', user.id)
    .where('provider', '=', provider)
    .executeTakeFirst();
  if (existing) return existing.customer_id;
  const business = await ctx.db
    .selectFrom('businesses')
    .select('business_name')
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  const customerId = await providerCall(() =>
    ctx.payments.ensureCustomer({
      userId: user.id,
      email: user.email,
      name: business?.business_name || `${user.given_name} ${user.family_name}`.trim(),
    }),
  );
  await ctx.db
    .insertInto('billing_customers')
    .values({ user_id: user.id, provider, customer_id: customerId })
    .onConflict((oc) => oc.columns(['user_id', 'provider']).doNothing())
    .execute();
  return customerId;
}

/** A saved card of the user: the given one, else the default one; 422 when there is none. */
export async function chooseCard(
  ctx: AppContext,
  userId: number,
  paymentMethodId: number | undefined,
): Promise<PaymentMethodRow> {
  let q = ctx.db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', ctx.payments.name);
  q = paymentMethodId === undefined ? q.where('is_default', '=', true) : q.where('id', '=', paymentMethodId);
  const card = await q.executeTakeFirst();
  if (!card) {
    if (paymentMethodId !== undefined) throw new AppError('not_found', API_MESSAGE.paymentMethodNotFound);
    throw new AppError('unprocessable', API_MESSAGE.paymentMethodRequired, {
      payment_method_id: API_MESSAGE.paymentMethodRequired,
    });
  }
  return card;
}

/**
 * Calls the provider; a failure to reach it (network, outage, misconfiguration) becomes a 503 the user can
 * retry, logged with its cause. Card refusals are results, not errors, and pass through.
 */
export async function providerCall<T>(fn: () => Promise<T>, log?: AppContext['log']): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    log?.error({ err: error }, 'payments provider call failed');
    throw new AppError('unavailable', API_MESSAGE.paymentProviderUnavailable);
  }
}
