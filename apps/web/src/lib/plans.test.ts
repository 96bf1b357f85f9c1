import { PLANS } from '@reach/contract/billing';
import { describe, expect, it } from 'vitest';
import { cheapestPaidPlan, unlockSentence } from './plans';

describe('the plan a gated action needs', () => {
  it('is the cheapest paid plan of the contract (Pro), never the free tier', () => {
    expect(cheapestPaidPlan(PLANS)?.id).toBe('pro');
    expect(unlockSentence(PLANS)).toBe('The Pro plan ($99.00 a month) unlocks it.');
  });

  it('follows the prices, not the order', () => {
    const plans = [
      { id: 'business', name: 'Business', price_cents: 29_900 },
      { id: 'free', name: 'Free', price_cents: 0 },
      { id: 'pro', name: 'Pro', price_cents: 9_900 },
    ] as const;
    expect(cheapestPaidPlan(plans)?.name).toBe('Pro');
    expect(unlockSentence([{ id: 'free', name: 'Free', price_cents: 0 }])).toBeNull();
  });
});
