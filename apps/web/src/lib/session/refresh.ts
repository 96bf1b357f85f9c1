import type { Tokens } from '@reach/contract/auth';
import { type EndpointBody, type EndpointResponse, endpointPath } from '@reach/contract/endpoint';
import type { authApi } from '@reach/contract/endpoints/auth';
import type { EndpointRoute } from '../api-client';
import { networkError, toApiError } from '../api-error';
import { API_BASE } from '../config';
import { endSuspendedSession } from './suspended';
import { clearTokens, getAccessExpiry, getRefreshToken, saveTokens, subscribe } from './token-store';

type Refresh = typeof authApi.refresh;
/**
 * POST /auth/refresh by its route alone. Its definition's module (the contract's auth schemas, zod) was imported
 * first, on every signed-in page: a script to fetch and a task to evaluate, in a row before the session's first
 * request.
 */
const REFRESH: EndpointRoute<Refresh> = { method: 'POST', path: '/auth/refresh', auth: 'public' };

/** Refresh this long before the access token expires (the brief's "~60 s before expiry"). */
export const REFRESH_AHEAD_MS = 60_000;
/** After a failed scheduled refresh (network, 5xx) try again this much later. */
const RETRY_DELAY_MS = 15_000;
/** Serialises refreshes across tabs: refresh tokens rotate, and a reused one ends the session. */
export const REFRESH_LOCK = 'reach-token-refresh';

let inFlight: Promise<boolean> | null = null;

/**
 * Exchanges the refresh token for new tokens. Concurrent callers share one in-flight request. Resolves true when
 * the session was renewed, false when it is over (no token, or the server refused it: the tokens are cleared).
 * Network and server errors reject and keep the tokens, so a blip does not sign anyone out.
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= withLock(exchangeRefreshToken).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Waits for a refresh under way (if any), so a caller reads the refresh token that is current afterwards. */
export async function settleRefresh(): Promise<void> {
  await inFlight?.catch(() => undefined);
}

/**
 * The tokens of the refresh that src/session-start.ts started as the page loaded, once: that refresh rotated the
 * token, so this tab must not send another one for the same. Null when it was not started or did not succeed
 * (then the app refreshes as before, and handles a refusal).
 */
async function takeEarlyRefresh(): Promise<Tokens | null> {
  const early = typeof window === 'undefined' ? undefined : window.reachEarlyRefresh;
  if (!early) return null;
  window.reachEarlyRefresh = undefined;
  return early;
}

async function exchangeRefreshToken(): Promise<boolean> {
  const early = await takeEarlyRefresh();
  if (early) {
    saveTokens(early);
    return true;
  }
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    clearTokens();
    return false;
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${endpointPath(REFRESH)}`, {
      method: REFRESH.method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken } satisfies EndpointBody<Refresh>),
    });
  } catch (cause) {
    throw networkError(cause);
  }
  if (response.ok) {
    saveTokens((await response.json()) as EndpointResponse<Refresh>);
    return true;
  }
  if (response.status >= 400 && response.status < 500 && response.status !== 429) {
    const error = await toApiError(response);
    if (error.code === 'account_suspended') endSuspendedSession(error.message);
    else clearTokens();
    return false;
  }
  throw await toApiError(response);
}

function withLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(REFRESH_LOCK, work) : work();
}

/**
 * Keeps the session alive while the app is open: refreshes ~60 s before the access token expires, and right
 * away when a refresh token exists without a usable access token (a new tab). Returns the stop function.
 */
export function keepSessionAlive(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (delay?: number) => {
    clearTimeout(timer);
    if (!getRefreshToken()) return;
    const expiry = getAccessExpiry();
    const wait = delay ?? (expiry === null ? 0 : Math.max(0, expiry - REFRESH_AHEAD_MS - Date.now()));
    timer = setTimeout(() => {
      refreshSession().catch(() => schedule(RETRY_DELAY_MS));
    }, wait);
  };

  schedule();
  const unsubscribe = subscribe(() => schedule());
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
