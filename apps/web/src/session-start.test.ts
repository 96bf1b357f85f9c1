import { describe, expect, it } from 'vitest';
import * as refresh from './lib/session/refresh';
import * as tokenStore from './lib/session/token-store';
import * as sessionStart from './session-start';

// session-start.ts imports nothing, so that it stays a tiny entry of its own: it repeats the storage keys, the
// cross-tab lock and the renewal margin of lib/session. They must stay the same, or the early refresh would
// store tokens the app never reads (or rotate a token another tab is renewing).
describe('the early session renewal', () => {
  it('uses the storage keys of the token store', () => {
    expect(sessionStart.ACCESS_KEY).toBe(tokenStore.ACCESS_KEY);
    expect(sessionStart.REFRESH_KEY).toBe(tokenStore.REFRESH_KEY);
  });

  it('renews under the same lock and margin as the app', () => {
    expect(sessionStart.REFRESH_LOCK).toBe(refresh.REFRESH_LOCK);
    expect(sessionStart.REFRESH_AHEAD_MS).toBe(refresh.REFRESH_AHEAD_MS);
  });
});
