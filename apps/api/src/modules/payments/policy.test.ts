import { CAMPAIGN_STATUSES, type CampaignStatus } from '@reach/contract/campaigns';
import { API_MESSAGE } from '@reach/contract/messages';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../actor';
import { checkTestCard, isExpired } from '../../adapters/payments/cards';
import { canFund, fundingRefusal, prorationCredit, toFundCents, unfundedRefusal, withdrawal } from './policy';

const owner: Actor = { userId: 1, type: 'business', businessId: 10 };
const other: Actor = { userId: 2, type: 'business', businessId: 20 };
const influencer: Actor = { userId: 3, type: 'influencer', influencerId: 103 };
const none = { funded: 0, spent: 0, refunded: 0 };
const cash = (status: CampaignStatus, total: number | null = 10_000, type_id = 2) => ({
  business_id: 10,
  type_id,
  status,
  total_budget_cents: total,
});

describe('funding', () => {
  const open: Record<CampaignStatus, boolean> = {
    draft: true,
    active: true,
    paused: true,
    completed: false,
    archived: false,
  };
  it.each(CAMPAIGN_STATUSES)('a %s cash campaign can be funded only while open', (status) => {
    expect(fundingRefusal(cash(status), none) === null).toBe(open[status]);
    expect(canFund(owner, cash(status), none)).toBe(open[status]);
  });

  it.each([
    ['product campaigns have no budget', cash('draft', 10_000, 1), none, API_MESSAGE.fundingNotCash],
    ['no total budget yet', cash('draft', null), none, API_MESSAGE.fundingNoBudget],
    ['already funded', cash('draft'), { ...none, funded: 10_000 }, API_MESSAGE.fundingNotNeeded],
    [
      'funded above a lowered budget',
      cash('paused', 5_000),
      { ...none, funded: 10_000 },
      API_MESSAGE.fundingNotNeeded,
    ],
    ['closed', cash('completed'), none, API_MESSAGE.fundingClosed],
  ])('refuses: %s', (_, campaign, money, message) => {
    expect(fundingRefusal(campaign, money)?.message).toBe(message);
  });

  it('lets only the owning business fund', () => {
    expect(canFund(owner, cash('draft', 10_000, 3), none)).toBe(true);
    expect(canFund(other, cash('draft'), none)).toBe(false);
    expect(canFund(influencer, cash('draft'), none)).toBe(false);
  });

  it('charges only what is missing, and publishing needs it all', () => {
    expect(toFundCents(cash('draft', 10_000), 2_500)).toBe(7_500);
    expect(toFundCents(cash('draft', 10_000), 12_000)).toBe(0);
    expect(toFundCents(cash('draft', 10_000, 1), 0)).toBe(0);
    expect(unfundedRefusal(cash('draft', 123_456), 0)?.message).toBe(
      'Fund the campaign budget before publishing: $1,234.56 still needs to be paid by card.',
    );
    expect(unfundedRefusal(cash('draft', 10_000), 10_000)).toBeNull();
    expect(unfundedRefusal(cash('draft', 10_000, 1), 0)).toBeNull();
  });
});

describe('withdrawals', () => {
  const account = { status: 'active' as const };
  it.each([
    [
      'no payout account',
      { availableCents: 100, requestedCents: undefined, account: null, pendingPayout: false },
      API_MESSAGE.payoutAccountRequired,
    ],
    [
      'Stripe onboarding unfinished',
      {
        availableCents: 100,
        requestedCents: undefined,
        account: { status: 'onboarding' as const },
        pendingPayout: false,
      },
      API_MESSAGE.payoutAccountOnboarding,
    ],
    [
      'one already on its way',
      { availableCents: 100, requestedCents: undefined, account, pendingPayout: true },
      API_MESSAGE.payoutInProgress,
    ],
    [
      'nothing to withdraw',
      { availableCents: 0, requestedCents: undefined, account, pendingPayout: false },
      API_MESSAGE.balanceEmpty,
    ],
    [
      'more than the balance',
      { availableCents: 100, requestedCents: 101, account, pendingPayout: false },
      API_MESSAGE.balanceTooLow('$1.00'),
    ],
  ])('refuses: %s', (_, facts, message) => {
    const decision = withdrawal(facts);
    expect(decision.ok).toBe(false);
    expect(!decision.ok && decision.message).toBe(message);
  });
  it('withdraws the amount asked, or everything', () => {
    expect(withdrawal({ availableCents: 500, requestedCents: 200, account, pendingPayout: false })).toEqual({
      ok: true,
      amountCents: 200,
    });
    expect(
      withdrawal({ availableCents: 500, requestedCents: undefined, account, pendingPayout: false }),
    ).toEqual({ ok: true, amountCents: 500 });
  });
});

describe('plan switch credit', () => {
  const period = 30 * 86_400_000;
  const now = new Date('2026-05-01T00:00:00Z');
  it.each([
    ['the whole period left', new Date(now.getTime() + period), 9_900],
    ['half of it', new Date(now.getTime() + period / 2), 4_950],
    ['a third, rounded to the cent', new Date(now.getTime() + period / 3), 3_300],
    ['period over', new Date(now.getTime() - 1), 0],
    ['no period', null, 0],
    ['longer than a period (capped)', new Date(now.getTime() + 2 * period), 9_900],
  ])('%s', (_, end, credit) => {
    expect(prorationCredit(9_900, end, now, period)).toBe(credit);
  });
});

describe('the built-in provider’s test cards', () => {
  const now = new Date('2026-05-01T00:00:00Z');
  const card = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
    checkTestCard({ number, expMonth: 12, expYear: 2030, cvc: '123', ...extra }, now);
  it.each([
    ['4242424242424242', { ok: true, brand: 'visa', last4: '4242', declineOnCharge: null }],
    ['5555555555554444', { ok: true, brand: 'mastercard', last4: '4444' }],
    ['6011111111111117', { ok: true, brand: 'discover', last4: '1117' }],
    ['4000000000000341', { ok: true, declineOnCharge: 'card_declined' }],
    ['4000000000000002', { ok: false, code: 'card_declined', message: 'Your card was declined.' }],
    ['4000000000009995', { ok: false, code: 'insufficient_funds' }],
    ['4000000000000069', { ok: false, code: 'expired_card', message: 'Your card has expired.' }],
    ['4000000000000127', { ok: false, code: 'incorrect_cvc' }],
    ['4000000000000119', { ok: false, code: 'processing_error' }],
    ['4242424242424241', { ok: false, code: 'incorrect_number' }],
  ])('%s', (number, expected) => {
    expect(card(number)).toMatchObject(expected);
  });
  it('checks the security code length per brand and the expiry', () => {
    expect(card('378282246310005')).toMatchObject({ ok: false, code: 'invalid_cvc' });
    expect(card('378282246310005', { cvc: '1234' })).toMatchObject({ ok: true, brand: 'american_express' });
    expect(card('4242424242424242', { expMonth: 4, expYear: 2026 })).toMatchObject({
      ok: false,
      code: 'expired_card',
    });
    expect(isExpired(5, 2026, now)).toBe(false);
    expect(isExpired(4, 2026, now)).toBe(true);
  });
});
