import { MAX_CREDIT_BALANCE } from '@reach/contract/admin-users';
import { API_MESSAGE } from '@reach/contract/messages';
import { describe, expect, it } from 'vitest';
import { type TargetFacts, type UserAction, userAbilities, userActionRefusal } from './policy';

const ADMIN = 1;
const business = (over: Partial<TargetFacts> = {}): TargetFacts => ({
  id: 2,
  type: 'business',
  status: 'active',
  credits: 50,
  ...over,
});

describe('userActionRefusal', () => {
  const cases: [string, TargetFacts, UserAction, string | null][] = [
    ['suspend an active business', business(), 'suspend', null],
    ['suspend an active influencer', business({ type: 'influencer' }), 'suspend', null],
    ['suspend another admin', business({ type: 'admin' }), 'suspend', null],
    ['suspend a suspended account', business({ status: 'suspended' }), 'suspend', 'conflict'],
    ['reactivate a suspended account', business({ status: 'suspended' }), 'reactivate', null],
    ['reactivate an active account', business(), 'reactivate', 'conflict'],
    ['grant credits to a business', business(), 'grant_credits', null],
    ['grant credits to a suspended business', business({ status: 'suspended' }), 'grant_credits', null],
    ['grant credits to an influencer', business({ type: 'influencer' }), 'grant_credits', 'unprocessable'],
    ['grant credits to an admin', business({ type: 'admin' }), 'grant_credits', 'unprocessable'],
    ['suspend yourself', business({ id: ADMIN, type: 'admin' }), 'suspend', 'forbidden'],
    ['reactivate yourself', business({ id: ADMIN, status: 'suspended' }), 'reactivate', 'forbidden'],
    ['grant credits to yourself', business({ id: ADMIN }), 'grant_credits', 'forbidden'],
  ];
  it.each(cases)('%s', (_name, target, action, code) => {
    expect(userActionRefusal(ADMIN, target, action)?.code ?? null).toBe(code);
  });

  it('says what is wrong in a sentence', () => {
    expect(userActionRefusal(ADMIN, business({ id: ADMIN }), 'suspend')?.message).toBe(
      'You cannot suspend your own account.',
    );
    expect(userActionRefusal(ADMIN, business({ status: 'suspended' }), 'suspend')?.message).toBe(
      API_MESSAGE.userAlreadySuspended,
    );
  });

  it('never lets a balance go above the maximum', () => {
    const near = business({ credits: MAX_CREDIT_BALANCE - 10 });
    expect(userActionRefusal(ADMIN, near, 'grant_credits', 10)).toBeNull();
    expect(userActionRefusal(ADMIN, near, 'grant_credits', 11)?.code).toBe('unprocessable');
  });
});

describe('userAbilities', () => {
  it('offers exactly the allowed actions', () => {
    expect(userAbilities(ADMIN, business())).toEqual({
      suspend: true,
      reactivate: false,
      grant_credits: true,
    });
    expect(userAbilities(ADMIN, business({ type: 'influencer', status: 'suspended' }))).toEqual({
      suspend: false,
      reactivate: true,
      grant_credits: false,
    });
    expect(userAbilities(ADMIN, business({ id: ADMIN, type: 'admin' }))).toEqual({
      suspend: false,
      reactivate: false,
      grant_credits: false,
    });
  });
});
