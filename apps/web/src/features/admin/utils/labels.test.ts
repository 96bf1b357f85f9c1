import { describe, expect, it } from 'vitest';
import { auditLabel, moderationNote, moderationToast, subscriptionLabel } from './labels';

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

describe('moderationNote', () => {
  it('says who hid or showed a review and when', () => {
    expect(moderationNote(null)).toBeNull();
    const at = '2026-11-23T15:00:00Z';
    expect(moderationNote({ status: 'hidden', at, by: { id: 1, name: 'Ada Admin' }, reason: 'Spam' })).toBe(
      'Hidden 11/23/2026 by Ada Admin',
    );
    expect(moderationNote({ status: 'visible', at, by: null, reason: null })).toBe('Shown again 11/23/2026');
  });
});

describe('moderationToast', () => {
  it("tells what happened to the reviewed side's rating", () => {
    expect(moderationToast('hidden', 'Isabella Reyes', 5, null)).toBe(
      'Review hidden. Isabella Reyes has no visible reviews now, so no rating.',
    );
    expect(moderationToast('hidden', 'Peak Outdoor Co.', 4.5, 4.33)).toBe(
      "Review hidden. Peak Outdoor Co.'s rating is now 4.33 (was 4.50).",
    );
    expect(moderationToast('visible', 'Isabella Reyes', null, 5)).toBe(
      "Review shown again. Isabella Reyes's rating is now 5.00.",
    );
    expect(moderationToast('visible', 'Ava Cole', 4, 4)).toBe(
      "Review shown again. Ava Cole's rating stays 4.00.",
    );
  });
});
