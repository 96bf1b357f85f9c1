import { CAMPAIGN_TYPE, type CampaignStatus } from '@reach/contract/campaigns';
import { API_MESSAGE } from '@reach/contract/messages';
import { formatUsd } from '@reach/contract/money';
import type { Actor } from '../../actor';

/*
 * The rules of money, as pure functions (no database, no clock: callers pass what they know).
 *
 * Funding: the owner of a cash (2) or combination (3) campaign pays its total budget by card before it can be
 * published; a draft, active or paused campaign whose funded amount is below its total budget can be funded
 * (the difference is charged). Completed and archived campaigns are closed: what their budget still holds went
 * back to the card when they ended.
 *
 * Withdrawals: an influencer with an active payout account withdraws up to the available balance, one
 * withdrawal at a time.
 */

export type FundingFacts = {
  business_id: number;
  type_id: number;
  status: CampaignStatus;
  total_budget_cents: number | null;
};

export type Money = { funded: number; spent: number; refunded: number };

export const OPEN_STATUSES: readonly CampaignStatus[] = ['draft', 'active', 'paused'];

export function hasBudget(typeId: number): boolean {
  return typeId === CAMPAIGN_TYPE.cash || typeId === CAMPAIGN_TYPE.combination;
}

/** What publishing still needs charged: total budget − funded, at least 0 (0 for campaigns without a budget). */
export function toFundCents(c: Pick<FundingFacts, 'type_id' | 'total_budget_cents'>, funded: number): number {
  if (!hasBudget(c.type_id) || c.total_budget_cents === null) return 0;
  return Math.max(0, c.total_budget_cents - funded);
}

/** Why this campaign cannot be funded now (status and message), or null when it can. */
export function fundingRefusal(
  c: FundingFacts,
  money: Money,
): { code: 'unprocessable' | 'conflict'; message: string } | null {
  if (!hasBudget(c.type_id)) return { code: 'unprocessable', message: API_MESSAGE.fundingNotCash };
  if (!OPEN_STATUSES.includes(c.status)) return { code: 'conflict', message: API_MESSAGE.fundingClosed };
  if (c.total_budget_cents === null) return { code: 'unprocessable', message: API_MESSAGE.fundingNoBudget };
  if (toFundCents(c, money.funded) === 0) return { code: 'conflict', message: API_MESSAGE.fundingNotNeeded };
  return null;
}

export function canFund(actor: Actor, c: FundingFacts, money: Money): boolean {
  return actor.type === 'business' && actor.businessId === c.business_id && fundingRefusal(c, money) === null;
}

/** The refusal to publish (or resume) a campaign whose budget is not fully funded, or null. */
export function unfundedRefusal(c: Pick<FundingFacts, 'type_id' | 'total_budget_cents'>, funded: number) {
  const missing = toFundCents(c, funded);
  if (missing === 0) return null;
  const message = API_MESSAGE.fundingRequired(formatUsd(missing));
  return { message, fields: { total_budget_cents: message } };
}

export type WithdrawFacts = {
  availableCents: number;
  requestedCents: number | undefined;
  account: { status: 'active' | 'onboarding' } | null;
  pendingPayout: boolean;
};

/** Why a withdrawal is refused (status code and message), or the amount to withdraw. */
export function withdrawal(
  f: WithdrawFacts,
): { ok: true; amountCents: number } | { ok: false; code: 'unprocessable' | 'conflict'; message: string } {
  if (!f.account) return { ok: false, code: 'unprocessable', message: API_MESSAGE.payoutAccountRequired };
  if (f.account.status !== 'active')
    return { ok: false, code: 'unprocessable', message: API_MESSAGE.payoutAccountOnboarding };
  if (f.pendingPayout) return { ok: false, code: 'conflict', message: API_MESSAGE.payoutInProgress };
  if (f.availableCents <= 0) return { ok: false, code: 'unprocessable', message: API_MESSAGE.balanceEmpty };
  const amount = f.requestedCents ?? f.availableCents;
  if (amount > f.availableCents)
    return {
      ok: false,
      code: 'unprocessable',
      message: API_MESSAGE.balanceTooLow(formatUsd(f.availableCents)),
    };
  return { ok: true, amountCents: amount };
}

/**
 * Unused value of a paid plan when switching before its period ends: the price times the share of the period
 * left, rounded to the cent, between 0 and the price.
 */
export function prorationCredit(
  priceCents: number,
  periodEnd: Date | null,
  now: Date,
  periodMs: number,
): number {
  if (!periodEnd) return 0;
  const left = periodEnd.getTime() - now.getTime();
  if (left <= 0) return 0;
  return Math.min(priceCents, Math.max(0, Math.round((priceCents * Math.min(left, periodMs)) / periodMs)));
}
