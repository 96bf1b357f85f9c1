import { TRIAL_MODAL_INTERVAL_MS } from '@reach/contract/constants';

/** When the trial notice was last shown to (and closed by) a user, per user, in this browser. */
const key = (userId: number) => `reach.trial-notice-shown-at.${userId}`;

function read(userId: number): number | null {
  try {
    const value = Number(window.localStorage.getItem(key(userId)));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Spec §4: due when nothing was recorded or more than 24 hours have passed since the last showing. */
export function isTrialNoticeDue(userId: number, now: number = Date.now()): boolean {
  const last = read(userId);
  return last === null || now - last > TRIAL_MODAL_INTERVAL_MS;
}

/** Spec §4: closing the trial notice records the time. */
export function recordTrialNoticeShown(userId: number, now: number = Date.now()): void {
  try {
    window.localStorage.setItem(key(userId), String(now));
  } catch {
    // Without storage the notice simply shows again on the next load.
  }
}
