import { describe, expect, it } from 'vitest';
import { auditLabel, subscriptionLabel } from './labels';

const base = { trial_ends_at: null, current_period_end: null } as const;

describe('subscriptionLabel', () => {
  it('names each state of a business subscription', () => {
    expect(subscriptionLabel(null)).toBeNull();
    expect(
      subscriptionLabel({
        ...base,
        trial: true,
        plan: 'pro',
        status: 'trialing',
        trial_ends_at: '2026-12-01T12:00:00Z',
      }),
    ).toEqual({ label: 'Pro trial', color: 'cyan', detail: 'ends 12/01/2026' });
    expect(subscriptionLabel({ ...base, trial: false, plan: 'pro', status: 'active' })).toMatchObject({
      label: 'Pro plan',
      detail: null,
    });
    expect(subscriptionLabel({ ...base, trial: false, plan: 'free', status: 'active' })?.label).toBe(
      'Free tier',
    );
    expect(subscriptionLabel({ ...base, trial: false, plan: 'business', status: 'past_due' })?.label).toBe(
      'Past due',
    );
    expect(subscriptionLabel({ ...base, trial: false, plan: 'free', status: 'canceled' })?.label).toBe(
      'No plan',
    );
    expect(subscriptionLabel({ ...base, trial: false, plan: 'free', status: 'none' })?.label).toBe('No plan');
  });
});

describe('auditLabel', () => {
  it('reads admin actions on an account', () => {
    expect(auditLabel('user.suspended', { reason: 'Spam' })).toBe('Suspended');
    expect(auditLabel('user.reactivated', null)).toBe('Reactivated');
    expect(auditLabel('user.credits_granted', { amount: 1500 })).toBe('Granted 1,500 credits');
    expect(auditLabel('user.other', null)).toBe('user.other');
  });
});
