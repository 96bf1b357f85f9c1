/**
 * A signed-in tab's session renewal, started while the document is parsed: its own tiny entry (vite.config.ts
 * links it from index.html as an async module script), run long before the app's entry script has downloaded
 * and evaluated. The first screen of a signed-in page waits for `POST /auth/refresh`, then `GET /my/user`, then
 * the page's data; started from the app's entry, the refresh also queued behind the ~110 route chunks that the
 * router had begun to preload (a browser sends six requests at a time per host): 0.4–1 s on a phone.
 *
 * It does what lib/session/refresh.ts does for a new tab, under the same cross-tab lock, and stores the tokens
 * as lib/session/token-store.ts keeps them (the keys and the access token's shape are the same there); the app
 * takes the answer over (`takeEarlyRefresh`) instead of sending a second refresh. Anything unexpected (no
 * storage, a refused or failed refresh) leaves the renewal to the app as before. It imports nothing, so that it
 * stays one small file of its own.
 */
import type { Tokens } from '@reach/contract/auth';

export const ACCESS_KEY = 'reach.access-token';
export const REFRESH_KEY = 'reach.refresh-token';
export const REFRESH_LOCK = 'reach-token-refresh';
/** As lib/session/refresh.ts: an access token this close to expiry is renewed at once. */
export const REFRESH_AHEAD_MS = 60_000;

declare global {
  interface Window {
    /** The tokens of the refresh started here, or null when it was not started or did not succeed. */
    reachEarlyRefresh?: Promise<Tokens | null>;
  }
}

function needsRefresh(): boolean {
  try {
    if (!localStorage.getItem(REFRESH_KEY)) return false;
    const access = JSON.parse(sessionStorage.getItem(ACCESS_KEY) ?? 'null') as { expiresAt?: unknown } | null;
    return !(typeof access?.expiresAt === 'number' && access.expiresAt - REFRESH_AHEAD_MS > Date.now());
  } catch {
    return false;
  }
}

async function exchange(): Promise<Tokens | null> {
  // Read under the lock: another tab may have rotated the token meanwhile.
  const refreshToken = localStorage.getItem(REFRESH_KEY);
  if (!refreshToken) return null;
  const response = await fetch('/api/v1/auth/refresh', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  if (!response.ok) return null;
  const tokens = (await response.json()) as Tokens;
  // Stored before the lock is released, so another tab's refresh presents the new token, not the rotated one.
  try {
    sessionStorage.setItem(
      ACCESS_KEY,
      JSON.stringify({ token: tokens.access_token, expiresAt: Date.now() + tokens.expires_in * 1000 }),
    );
    localStorage.setItem(REFRESH_KEY, tokens.refresh_token);
  } catch {
    // The app stores them again (token-store keeps them in memory when storage fails).
  }
  return tokens;
}

if (needsRefresh()) {
  window.reachEarlyRefresh = (
    navigator.locks ? navigator.locks.request(REFRESH_LOCK, exchange) : exchange()
  ).catch(() => null);
}
