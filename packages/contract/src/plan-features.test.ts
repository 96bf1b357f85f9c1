import { describe, expect, it } from 'vitest';
import { cheapestPlanFor, PLAN_FEATURES, PLANS, type PlanFeature, type PlanId, planUnlocks } from './billing';

describe('PLAN_FEATURES', () => {
  it.each<[PlanFeature, PlanId, boolean]>([
    ['campaigns', 'free', false],
    ['campaigns', 'pro', true],
    ['campaigns', 'business', true],
    ['discovery', 'free', false],
    ['discovery', 'pro', true],
    ['discovery', 'business', true],
    ['bulk_invitations', 'free', false],
    ['bulk_invitations', 'pro', true],
    ['bulk_invitations', 'business', true],
    ['ai_campaign_builder', 'free', false],
    ['ai_campaign_builder', 'pro', true],
    ['ai_campaign_builder', 'business', true],
    ['priority_support', 'free', false],
    ['priority_support', 'pro', false],
    ['priority_support', 'business', true],
  ])('%s on the %s plan: %s', (feature, plan, unlocked) => {
    expect(planUnlocks(plan, feature)).toBe(unlocked);
  });

  it('names the cheapest plan of each feature', () => {
    expect(
      Object.fromEntries(Object.keys(PLAN_FEATURES).map((f) => [f, cheapestPlanFor(f as PlanFeature)])),
    ).toEqual({
      campaigns: 'pro',
      discovery: 'pro',
      bulk_invitations: 'pro',
      ai_campaign_builder: 'pro',
      priority_support: 'business',
    });
  });

  it('lists each feature on the plans page under the plan that unlocks it, and nowhere else', () => {
    for (const [feature, { plan, label }] of Object.entries(PLAN_FEATURES)) {
      const listedOn = PLANS.filter((p) => (p.features as readonly string[]).includes(label)).map(
        (p) => p.id,
      );
      expect([feature, listedOn]).toEqual([feature, [plan]]);
    }
    // The CSV invitations run on the Pro plan (its trial included), so the page lists them there.
    expect(PLANS.find((p) => p.id === 'pro')?.features).toContain('Bulk invitations from CSV and lists');
    expect(PLANS.find((p) => p.id === 'business')?.features).not.toContain(
      'Bulk invitations from CSV and lists',
    );
  });
});
