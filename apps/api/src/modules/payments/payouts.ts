import crypto from 'node:crypto';
import { API_MESSAGE } from '@reach/contract/messages';
import { formatUsd } from '@reach/contract/money';
import type { Balance, PayoutAccount, payoutAccountBody, WithdrawResponse } from '@reach/contract/payments';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { PayoutAccountRow, PayoutRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { providerCall } from './customers';
import { ACCOUNT, accountBalance, InsufficientFundsError, inTransaction, recordMovement } from './ledger';
import { withdrawal } from './policy';
import { PAYOUT_ACCOUNT_FIELDS, presentPayout, presentPayoutAccount } from './presenter';

/** GET /my/balance */
export async function getBalance(ctx: AppContext, userId: number): Promise<Balance> {
  // One statement (one snapshot, one round trip): the figures as scalar subqueries beside the payout account.
  const figures = ctx.db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('ledger_accounts')
        .select('balance_cents')
        .where('account', '=', ACCOUNT.influencerBalance(userId))
        .as('available'),
      eb
        .selectFrom('ledger_transactions')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('amount_cents'), e.lit(0)).as('n'))
        .where('influencer_user_id', '=', userId)
        .where('kind', '=', 'post_payment')
        .as('earned'),
      ...(['pending', 'paid'] as const).map((status) =>
        eb
          .selectFrom('payouts')
          .select((e) => e.fn.sum<number>('amount_cents').as('n'))
          .where('user_id', '=', userId)
          .where('status', '=', status)
          .as(status),
      ),
    ])
    .as('f');
  const row = await ctx.db
    .selectFrom(figures)
    .leftJoin('payout_accounts as pa', (join) => join.on('pa.user_id', '=', userId))
    // The columns listed (a `*` would keep the statement from being prepared: db/prepared.ts).
    .select(PAYOUT_ACCOUNT_FIELDS.map((c) => `pa.${c}` as const))
    .select(['f.available', 'f.earned', 'f.pending', 'f.paid'])
    .executeTakeFirstOrThrow();
  const { available, earned, pending, paid, ...account } = row;
  return {
    available_cents: Number(available ?? 0),
    pending_payout_cents: Number(pending ?? 0),
    earned_cents: Number(earned),
    withdrawn_cents: Number(paid ?? 0),
    payout_account:
      account.id === null
        ? null
        : presentPayoutAccount(account as Pick<PayoutAccountRow, (typeof PAYOUT_ACCOUNT_FIELDS)[number]>),
  };
}

/**
 * PUT /my/payoutAccount: the bank account withdrawals go to. The provider checks it (the built-in provider
 * keeps the bank's name and the last 4 digits; Stripe starts a Connect onboarding and returns its link).
 */
export async function setPayoutAccount(
  ctx: AppContext,
  user: UserRow,
  body: z.output<typeof payoutAccountBody>,
): Promise<PayoutAccount> {
  const result = await providerCall(
    () =>
      ctx.payments.createPayoutAccount({
        userId: user.id,
        email: user.email,
        holderName: body.holder_name,
        routingNumber: body.routing_number,
        accountNumber: body.account_number,
        returnUrl: `${ctx.config.publicUrl}/influencer/payments`,
      }),
    ctx.log,
  );
  if (!result.ok) {
    const field = result.code === 'routing_number' ? 'routing_number' : 'account_number';
    throw new AppError('validation', result.message, { [field]: result.message });
  }
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const saved = await trx
      .insertInto('payout_accounts')
      .values({
        user_id: user.id,
        provider: ctx.payments.name,
        provider_account_id: result.providerAccountId,
        holder_name: body.holder_name,
        bank_name: result.bankName,
        last4: result.last4,
        status: result.status,
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          provider: ctx.payments.name,
          provider_account_id: result.providerAccountId,
          holder_name: body.holder_name,
          bank_name: result.bankName,
          last4: result.last4,
          status: result.status,
          updated_at: now,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: user.id,
        action: 'payout_account.set',
        subject_type: 'payout_account',
        subject_id: saved.id,
      })
      .execute();
    return saved;
  });
  return presentPayoutAccount(row, result.onboardingUrl);
}

const destinationLabel = (a: { bank_name: string | null; last4: string | null }) =>
  `${a.bank_name ?? 'Bank account'}${a.last4 ? ` ••${a.last4}` : ''}`;

/**
 * POST /my/payouts: withdraws from the balance. The money leaves the balance in the ledger together with the
 * pending payout row (so the balance can never be withdrawn twice), then the provider transfers it; a refused
 * transfer puts the money back (ledger key `payout:<id>:reversal`).
 */
export async function withdraw(
  ctx: AppContext,
  user: UserRow,
  amountCents: number | undefined,
): Promise<WithdrawResponse> {
  const payout = await ctx.db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom('payout_accounts')
      .selectAll()
      .where('user_id', '=', user.id)
      .forUpdate()
      .executeTakeFirst();
    const pending = await trx
      .selectFrom('payouts')
      .select('id')
      .where('user_id', '=', user.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    const available = await accountBalance(trx, ACCOUNT.influencerBalance(user.id));
    const decision = withdrawal({
      availableCents: available,
      requestedCents: amountCents,
      account: account ?? null,
      pendingPayout: !!pending,
    });
    if (!decision.ok) throw new AppError(decision.code, decision.message);
    const row = await trx
      .insertInto('payouts')
      .values({
        user_id: user.id,
        amount_cents: decision.amountCents,
        status: 'pending',
        payout_account_id: account!.id,
        destination: destinationLabel(account!),
        provider: ctx.payments.name,
        idempotency_key: `payout:${crypto.randomUUID()}`,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    try {
      await recordMovement(trx, {
        key: `payout:${row.id}`,
        kind: 'payout',
        from: ACCOUNT.influencerBalance(user.id),
        to: ACCOUNT.externalPayout,
        amountCents: row.amount_cents,
        description: `Withdrawal to ${row.destination}`,
        influencerUserId: user.id,
        userId: user.id,
        reference: { type: 'payout', id: row.id },
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError)
        throw new AppError('unprocessable', API_MESSAGE.balanceTooLow(formatUsd(error.availableCents)));
      throw error;
    }
    return { row, providerAccountId: account!.provider_account_id };
  });
  const settled = await transferAndSettle(ctx, payout.row, payout.providerAccountId);
  return { payout: presentPayout(settled), balance: await getBalance(ctx, user.id) };
}

/** Asks the provider to transfer a pending payout and settles it; unreachable → left pending for the retry task. */
export async function transferAndSettle(
  ctx: AppContext,
  payout: PayoutRow,
  destination: string,
): Promise<PayoutRow> {
  let outcome: Awaited<ReturnType<AppContext['payments']['transfer']>>;
  try {
    outcome = await ctx.payments.transfer({
      destination,
      amountCents: payout.amount_cents,
      idempotencyKey: payout.idempotency_key,
      description: `REACH payout ${payout.id}`,
    });
  } catch (error) {
    ctx.log.error(
      { err: error, payoutId: payout.id },
      'transfer not confirmed by the provider; left pending',
    );
    return payout;
  }
  const settled = await settlePayout(ctx, payout.id, outcome);
  if (settled.changed) {
    const p = settled.payout;
    await ctx.notifier.notify(p.user_id, {
      category: 'payments',
      body:
        p.status === 'paid'
          ? `Your withdrawal of ${formatUsd(p.amount_cents)} is on its way to ${p.destination}.`
          : `Your withdrawal of ${formatUsd(p.amount_cents)} did not go through: ${p.failure_message ?? 'the bank refused it'} The money is back in your balance.`,
      link: '/influencer/payments?tab=payouts',
    });
  }
  return settled.payout;
}

/** Settles a pending payout once: paid, or failed with its money back in the balance. */
export async function settlePayout(
  ctx: AppContext,
  payoutId: number,
  outcome: { ok: true; providerTransferId: string } | { ok: false; code: string; message: string },
): Promise<{ payout: PayoutRow; changed: boolean }> {
  return inTransaction(ctx.db, async (trx) => {
    const payout = await trx
      .selectFrom('payouts')
      .selectAll()
      .where('id', '=', payoutId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (payout.status !== 'pending') return { payout, changed: false };
    const now = ctx.now();
    if (outcome.ok) {
      const paid = await trx
        .updateTable('payouts')
        .set({ status: 'paid', provider_transfer_id: outcome.providerTransferId, settled_at: now })
        .where('id', '=', payoutId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { payout: paid, changed: true };
    }
    await recordMovement(trx, {
      key: `payout:${payout.id}:reversal`,
      kind: 'payout_reversal',
      from: ACCOUNT.externalPayout,
      to: ACCOUNT.influencerBalance(payout.user_id),
      amountCents: payout.amount_cents,
      description: `Withdrawal to ${payout.destination} returned`,
      influencerUserId: payout.user_id,
      userId: payout.user_id,
      reference: { type: 'payout', id: payout.id },
    });
    const failed = await trx
      .updateTable('payouts')
      .set({ status: 'failed', failure_message: outcome.message, settled_at: now })
      .where('id', '=', payoutId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { payout: failed, changed: true };
  });
}
