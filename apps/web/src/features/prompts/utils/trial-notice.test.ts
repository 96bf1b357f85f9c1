import { TRIAL_MODAL_INTERVAL_MS } from '@reach/contract/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import { isTrialNoticeDue, recordTrialNoticeShown } from './trial-notice';

const store = new Map<string, string>();
Object.assign(globalThis, {
  window: {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
    },
  },
});

describe('trial notice (spec §4)', () => {
  beforeEach(() => store.clear());

  it('is due when it was never shown', () => {
    expect(isTrialNoticeDue(1, 1_000)).toBe(true);
  });

  it('is due again only when more than 24 hours passed since it was closed', () => {
    const shownAt = Date.parse('2026-03-14T10:00:00Z');
    recordTrialNoticeShown(1, shownAt);
    expect(isTrialNoticeDue(1, shownAt + 1)).toBe(false);
    expect(isTrialNoticeDue(1, shownAt + TRIAL_MODAL_INTERVAL_MS)).toBe(false);
    expect(isTrialNoticeDue(1, shownAt + TRIAL_MODAL_INTERVAL_MS + 1)).toBe(true);
  });

  it('is kept per user', () => {
    recordTrialNoticeShown(1, 5_000);
    expect(isTrialNoticeDue(2, 5_001)).toBe(true);
  });
});
