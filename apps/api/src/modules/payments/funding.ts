import crypto from 'node:crypto';
import { API_MESSAGE } from '@reach/contract/messages';
import { formatUsd } from '@reach/contract/money';
import type { CampaignFunding, FundCampaignResponse } from '@reach/contract/payments';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import type { CampaignRow, ChargeRow, DB, UserRow } from '../../db/schema';
import { StatementShapes } from '../../db/statement-shapes';
import { AppError } from '../../lib/app-error';
import { chooseCard, customerFor } from './customers';
import { ACCOUNT, accountBalance, inTransaction, recordMovement } from './ledger';
import { canFund, fundingRefusal, hasBudget, type Money } from './policy';
import { presentCharge, presentFunding } from './presenter';

type Db = Kysely<DB>;

const NONE: Money = { funded: 0, spent: 0, refunded: 0 };

/** The campaign money statement, built and compiled once per number of campaigns (pages and pipelines read it). */
const moneyStatements = new StatementShapes();

/** Funded, spent and refunded cents of each campaign, from the ledger. */
export async function campaignMoney(db: Db, campaignIds: readonly number[]): Promise<Map<number, Money>> {
  const money = new Map<number, Money>();
  if (!campaignIds.length) return money;
  const rows = await moneyStatements.execute(db, 'money', { ids: [...campaignIds] }, (v) =>
    db
      .selectFrom('ledger_transactions')
      .select(['campaign_id', 'kind', (eb) => eb.fn.sum<number>('amount_cents').as('cents')])
      .where('campaign_id', 'in', v.ids)
      .where('kind', 'in', ['campaign_funding', 'post_payment', 'campaign_refund'])
      .groupBy(['campaign_id', 'kind']),
  );
  for (const r of rows) {
    const m = money.get(r.campaign_id!) ?? { ...NONE };
    const cents = Number(r.cents);
    if (r.kind === 'campaign_funding') m.funded = cents;
    else if (r.kind === 'post_payment') m.spent = cents;
    else m.refunded = cents;
    money.set(r.campaign_id!, m);
  }
  return money;
}

export async function moneyOf(db: Db, campaignId: number): Promise<Money> {
  return (await campaignMoney(db, [campaignId])).get(campaignId) ?? { ...NONE };
}

/** The funding view of one campaign for `actor`. */
export async function campaignFunding(
  ctx: AppContext,
  actor: Actor,
  campaign: CampaignRow,
): Promise<CampaignFunding> {
  const money = await moneyOf(ctx.db, campaign.id);
  return presentFunding(campaign, money, canFund(actor, campaign, money));
}

const chargeWithTitle = async (db: Db, id: number) =>
  db
    .selectFrom('charges as ch')
    .leftJoin('campaigns as c', 'c.id', 'ch.campaign_id')
    .selectAll('ch')
    .select('c.title as campaign_title')
    .where('ch.id', '=', id)
    .executeTakeFirstOrThrow();

/**
 * POST /campaign/{id}/fund: charges what the budget still needs to a saved card. The attempt is recorded
 * (pending) before the provider is asked, under the campaign's lock so two clicks cannot both charge; the
 * provider call carries the charge's idempotency key; the outcome is then settled: a success moves the money
 * into the campaign's budget in the ledger, a decline records a failed attempt and nothing else (402).
 */
export async function fundCampaign(
  ctx: AppContext,
  user: UserRow,
  actor: Actor,
  campaignId: number,
  paymentMethodId: number | undefined,
): Promise<FundCampaignResponse> {
  const owned = await ctx.db
    .selectFrom('campaigns')
    .select('business_id')
    .where('id', '=', campaignId)
    .executeTakeFirst();
  if (!owned || actor.type !== 'business' || owned.business_id !== actor.businessId)
    throw new AppError('not_found', API_MESSAGE.campaignNotFound);
  const card = await chooseCard(ctx, user.id, paymentMethodId);
  const customerId = await customerFor(ctx, user);
  const pending = await ctx.db.transaction().execute(async (trx) => {
    const campaign = await trx
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', campaignId)
      .forUpdate()
      .executeTakeFirst();
    if (!campaign || campaign.business_id !== actor.businessId || actor.type !== 'business')
      throw new AppError('not_found', API_MESSAGE.campaignNotFound);
    // Funded and in-flight amounts come from one statement, so from one snapshot: a charge is either still
    // pending or settled with its ledger row, never neither (two statements could see it between the two,
    // and charge the budget a second time). Settling takes this campaign's lock too (settleCharge).
    const { rows } = await sql<{ funded: number; pending: number }>`
      SELECT
        (SELECT coalesce(sum(amount_cents), 0) FROM ledger_transactions
          WHERE campaign_id = ${campaign.id} AND kind = 'campaign_funding') AS funded,
        (SELECT count(*) FROM charges
          WHERE campaign_id = ${campaign.id} AND purpose = 'campaign_funding' AND status = 'pending')::int AS pending
    `.execute(trx);
    const money: Money = { ...NONE, funded: Number(rows[0]!.funded) };
    const refusal = fundingRefusal(campaign, money);
    if (refusal) throw new AppError(refusal.code, refusal.message);
    if (rows[0]!.pending > 0) throw new AppError('conflict', API_MESSAGE.fundingInProgress);
    const amount = campaign.total_budget_cents! - money.funded;
    return trx
      .insertInto('charges')
      .values({
        user_id: user.id,
        purpose: 'campaign_funding',
        campaign_id: campaign.id,
        description: `Budget for "${campaign.title ?? 'Untitled campaign'}"`,
        amount_cents: amount,
        status: 'pending',
        payment_method_id: card.id,
        card_brand: card.brand,
        card_last4: card.last4,
        provider: ctx.payments.name,
        idempotency_key: `charge:${crypto.randomUUID()}`,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });

  const settled = await chargeAndSettle(ctx, pending, {
    customerId,
    providerPaymentMethodId: card.provider_payment_method_id,
  });
  const row = await chargeWithTitle(ctx.db, settled.id);
  if (row.status === 'failed')
    throw new AppError('payment_failed', row.failure_message ?? API_MESSAGE.paymentDeclined);
  const campaign = await ctx.db
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return { charge: presentCharge(row), funding: await campaignFunding(ctx, actor, campaign) };
}

/**
 * Asks the provider to take a pending funding charge and settles it. A provider that cannot be reached leaves
 * the charge pending (the scheduled settle task asks again with the same idempotency key) and answers 503.
 */
export async function chargeAndSettle(
  ctx: AppContext,
  charge: ChargeRow,
  via: { customerId: string; providerPaymentMethodId: string },
): Promise<ChargeRow> {
  let outcome: Awaited<ReturnType<AppContext['payments']['charge']>>;
  try {
    outcome = await ctx.payments.charge({
      customerId: via.customerId,
      paymentMethodId: via.providerPaymentMethodId,
      amountCents: charge.amount_cents,
      description: charge.description,
      idempotencyKey: charge.idempotency_key,
      metadata: {
        charge_id: String(charge.id),
        ...(charge.campaign_id ? { campaign_id: String(charge.campaign_id) } : {}),
      },
    });
  } catch (error) {
    ctx.log.error({ err: error, chargeId: charge.id }, 'charge not confirmed by the provider; left pending');
    throw new AppError('unavailable', API_MESSAGE.paymentProviderUnavailable);
  }
  if (outcome.ok && outcome.processing) {
    await ctx.db
      .updateTable('charges')
      .set({ provider_charge_id: outcome.providerChargeId })
      .where('id', '=', charge.id)
      .execute();
    return { ...charge, provider_charge_id: outcome.providerChargeId };
  }
  const result = await settleCharge(
    ctx,
    ctx.db,
    charge.id,
    outcome.ok
      ? { ok: true, providerChargeId: outcome.providerChargeId }
      : { ok: false, code: outcome.code, message: outcome.message },
  );
  if (result.funded) await notifyFunded(ctx, result.charge);
  return result.charge;
}

export type ChargeOutcome =
  | { ok: true; providerChargeId: string }
  | { ok: false; code: string; message: string };

/**
 * Settles a pending charge once (a settled one is left alone, whatever arrives later: a retry, a replayed
 * webhook). Success: the charge is marked and its money enters the campaign's budget (ledger key
 * `charge:<id>`), in one transaction. Failure: the attempt is marked failed with the decline; nothing else.
 */
export async function settleCharge(
  ctx: AppContext,
  db: Db,
  chargeId: number,
  outcome: ChargeOutcome,
): Promise<{ charge: ChargeRow; funded: boolean }> {
  return inTransaction(db, async (trx) => {
    // A funding charge settles under its campaign's lock, the lock fundCampaign decides under: the budget's
    // funded amount never changes while a new funding charge is being decided.
    const target = await trx
      .selectFrom('charges')
      .select('campaign_id')
      .where('id', '=', chargeId)
      .executeTakeFirstOrThrow();
    if (target.campaign_id !== null)
      await trx
        .selectFrom('campaigns')
        .select('id')
        .where('id', '=', target.campaign_id)
        .forUpdate()
        .execute();
    const charge = await trx
      .selectFrom('charges')
      .selectAll()
      .where('id', '=', chargeId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (charge.status !== 'pending') return { charge, funded: false };
    const now = ctx.now();
    if (!outcome.ok) {
      const failed = await trx
        .updateTable('charges')
        .set({
          status: 'failed',
          failure_code: outcome.code,
          failure_message: outcome.message,
          settled_at: now,
        })
        .where('id', '=', chargeId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('audit_log')
        .values({
          actor_id: charge.user_id,
          action: 'charge.failed',
          subject_type: 'charge',
          subject_id: charge.id,
          data: JSON.stringify({ code: outcome.code, amount_cents: charge.amount_cents }),
        })
        .execute();
      return { charge: failed, funded: false };
    }
    const succeeded = await trx
      .updateTable('charges')
      .set({ status: 'succeeded', provider_charge_id: outcome.providerChargeId, settled_at: now })
      .where('id', '=', chargeId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (charge.purpose === 'campaign_funding' && charge.campaign_id !== null) {
      const campaign = await trx
        .selectFrom('campaigns')
        .select(['id', 'business_id'])
        .where('id', '=', charge.campaign_id)
        .executeTakeFirstOrThrow();
      await recordMovement(trx, {
        key: `charge:${charge.id}`,
        kind: 'campaign_funding',
        from: ACCOUNT.externalCard,
        to: ACCOUNT.campaignBudget(campaign.id),
        amountCents: charge.amount_cents,
        description: charge.description,
        businessId: campaign.business_id,
        campaignId: campaign.id,
        userId: charge.user_id,
        reference: { type: 'charge', id: charge.id },
      });
    }
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: charge.user_id,
        action: 'charge.succeeded',
        subject_type: 'charge',
        subject_id: charge.id,
        data: JSON.stringify({ amount_cents: charge.amount_cents, campaign_id: charge.campaign_id }),
      })
      .execute();
    return { charge: succeeded, funded: charge.purpose === 'campaign_funding' };
  });
}

async function notifyFunded(ctx: AppContext, charge: ChargeRow) {
  const campaign = charge.campaign_id
    ? await ctx.db
        .selectFrom('campaigns')
        .select(['id', 'title'])
        .where('id', '=', charge.campaign_id)
        .executeTakeFirst()
    : undefined;
  await ctx.notifier.notify(charge.user_id, {
    category: 'payments',
    body: `You paid ${formatUsd(charge.amount_cents)} into the budget of "${campaign?.title ?? 'your campaign'}" with your card ending in ${charge.card_last4 ?? '••••'}.`,
    link: campaign ? `/business/campaigns/${campaign.id}` : '/business/payments',
    emailSubject: 'REACH: campaign budget paid',
  });
}

/**
 * Gives back what a campaign's budget still holds when the campaign ends (completed, archived or a funded
 * draft deleted): in the caller's transaction, the money leaves the budget for the card (ledger key
 * `campaign-refund:<id>`, so it happens once), spread over the campaign's funding charges newest first, each
 * part a pending refund that `settleRefunds` then sends to the provider. Returns the refund ids.
 */
export async function refundRemainingBudget(
  ctx: AppContext,
  trx: Transaction<DB>,
  campaign: Pick<CampaignRow, 'id' | 'business_id' | 'title' | 'type_id'>,
  actorId: number | null,
): Promise<number[]> {
  if (!hasBudget(campaign.type_id)) return [];
  const left = await accountBalance(trx, ACCOUNT.campaignBudget(campaign.id));
  if (left <= 0) return [];
  const moved = await recordMovement(trx, {
    key: `campaign-refund:${campaign.id}`,
    kind: 'campaign_refund',
    from: ACCOUNT.campaignBudget(campaign.id),
    to: ACCOUNT.externalCard,
    amountCents: left,
    description: `Unspent budget of "${campaign.title ?? 'Untitled campaign'}" returned`,
    businessId: campaign.business_id,
    campaignId: campaign.id,
    userId: actorId,
  });
  if (!moved.created) return [];
  const charges = await trx
    .selectFrom('charges')
    .selectAll()
    .where('campaign_id', '=', campaign.id)
    .where('purpose', '=', 'campaign_funding')
    .where('status', '=', 'succeeded')
    .orderBy('id', 'desc')
    .forUpdate()
    .execute();
  const ids: number[] = [];
  let rest = left;
  for (const charge of charges) {
    if (rest === 0) break;
    const part = Math.min(rest, charge.amount_cents - charge.refunded_cents);
    if (part <= 0) continue;
    rest -= part;
    await trx
      .updateTable('charges')
      .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', part) }))
      .where('id', '=', charge.id)
      .execute();
    const refund = await trx
      .insertInto('refunds')
      .values({
        charge_id: charge.id,
        user_id: charge.user_id,
        campaign_id: campaign.id,
        amount_cents: part,
        reason: 'Campaign ended: unspent budget returned',
        status: 'pending',
        provider: charge.provider,
        idempotency_key: `refund:${charge.id}:${moved.transactionId}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(refund.id);
  }
  if (rest > 0) ctx.log.error({ campaignId: campaign.id, rest }, 'refund larger than the refundable charges');
  return ids;
}

/** Sends pending refunds to the provider (after the transaction that created them committed). */
export async function settleRefunds(ctx: AppContext, refundIds: readonly number[]): Promise<void> {
  for (const id of refundIds) {
    const refund = await ctx.db
      .selectFrom('refunds as r')
      .innerJoin('charges as ch', 'ch.id', 'r.charge_id')
      .select([
        'r.id',
        'r.status',
        'r.amount_cents',
        'r.idempotency_key',
        'ch.provider_charge_id',
        'r.user_id',
      ])
      .where('r.id', '=', id)
      .executeTakeFirst();
    if (refund?.status !== 'pending' || !refund.provider_charge_id) continue;
    let outcome: Awaited<ReturnType<AppContext['payments']['refund']>>;
    try {
      outcome = await ctx.payments.refund({
        providerChargeId: refund.provider_charge_id,
        amountCents: refund.amount_cents,
        idempotencyKey: refund.idempotency_key,
      });
    } catch (error) {
      ctx.log.error({ err: error, refundId: id }, 'refund not confirmed by the provider; left pending');
      continue;
    }
    await ctx.db
      .updateTable('refunds')
      .set(
        outcome.ok
          ? { status: 'succeeded', provider_refund_id: outcome.providerRefundId, settled_at: ctx.now() }
          : { status: 'failed', failure_message: outcome.message, settled_at: ctx.now() },
      )
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    if (outcome.ok) {
      await ctx.notifier.notify(refund.user_id, {
        category: 'payments',
        body: `${formatUsd(refund.amount_cents)} of unspent campaign budget was refunded to your card.`,
        link: '/business/payments?tab=refunds',
      });
    }
  }
}
