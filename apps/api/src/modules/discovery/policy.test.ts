import { describe, expect, it } from 'vitest';
import { canUseList, discoveryBusiness } from './policy';

const business = (businessId: number) => ({ userId: 1, type: 'business' as const, businessId });

describe('discovery policy', () => {
  it('lets a business use only its own lists', () => {
    expect(canUseList(business(7), { business_id: 7 })).toBe(true);
    expect(canUseList(business(8), { business_id: 7 })).toBe(false);
    expect(canUseList(business(7), undefined)).toBe(false);
    expect(canUseList({ userId: 2, type: 'influencer', influencerId: 102 }, { business_id: 7 })).toBe(false);
    expect(canUseList({ userId: 3, type: 'admin' }, { business_id: 7 })).toBe(false);
  });

  it('needs a business profile to discover', () => {
    expect(discoveryBusiness(business(4))).toEqual({ businessId: 4 });
    expect(discoveryBusiness({ userId: 2, type: 'influencer', influencerId: 102 })).toHaveProperty('refusal');
  });
});
