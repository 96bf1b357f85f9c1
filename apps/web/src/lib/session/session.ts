import type { Tokens } from '@reach/contract/auth';
import type { User } from '@reach/contract/user';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../api-client';
import type { ApiError } from '../api-error';
import { queryClient } from '../query-client';
import { MY_USER_QUERY_KEY, myUserQueryOptions } from './my-user';
import { keepSessionAlive, settleRefresh } from './refresh';
import { facebookAuthTokenOf } from './token-claims';
import {
  clearTokens,
  getLatestAccessToken,
  getRefreshToken,
  getSessionPhase,
  type SessionPhase,
  saveTokens,
  setSigningOut,
  subscribe,
} from './token-store';

/**
 * The sign-in state of spec §3 (`isAuthenticated`, `user`, the Facebook auth token from the identity's nickname
 * attribute, null with a warning when unavailable) with how it was reached:
 * - `anonymous`: no session; `loading`: tokens present, the user is loading;
 * - `authenticated`: the user loaded; `failed`: tokens present but the user could not be loaded (spec §5: such
 *   users go to /auth/register); `signing-out`: logout under way.
 */
export type Session =
  | { status: 'anonymous' | 'loading' | 'signing-out'; isAuthenticated: false; user: null }
  | { status: 'failed'; isAuthenticated: false; user: null; error: ApiError | Error }
  | { status: 'authenticated'; isAuthenticated: true; user: User; facebookAuthToken: string | null };

export function useSession(): Session {
  const phase: SessionPhase = useSyncExternalStore(subscribe, getSessionPhase, signedOut);
  const query = useQuery({ ...myUserQueryOptions(), enabled: phase === 'signed-in' });
  if (phase === 'signing-out') return { status: 'signing-out', isAuthenticated: false, user: null };
  if (phase === 'signed-out') return { status: 'anonymous', isAuthenticated: false, user: null };
  if (query.data) {
    return {
      status: 'authenticated',
      isAuthenticated: true,
      user: query.data,
      facebookAuthToken: facebookAuthTokenOf(getLatestAccessToken()),
    };
  }
  if (query.error) return { status: 'failed', isAuthenticated: false, user: null, error: query.error };
  return { status: 'loading', isAuthenticated: false, user: null };
}

/** The build renders the public pages to HTML (prerender.tsx) as a visitor without a session sees them. */
const signedOut = (): SessionPhase => 'signed-out';

/** The signed-in user; only for components rendered behind an authentication guard. */
export function useCurrentUser(): User {
  const session = useSession();
  if (!session.isAuthenticated) throw new Error('useCurrentUser() used outside an authenticated route');
  return session.user;
}

/** Stores the tokens of a login, social sign-in or callback and reloads the user for the new session. */
export function signIn(tokens: Tokens): void {
  saveTokens(tokens);
  // Nothing cached for a previous session (another user, or a failed load) may leak into this one. The user
  // query is reset rather than removed so that mounted guards refetch it instead of holding the old result.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== MY_USER_QUERY_KEY[0] });
  void queryClient.resetQueries({ queryKey: MY_USER_QUERY_KEY });
}

/** Spec §4: on logout the user is cleared and the app goes to `/`. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    setSigningOut(true);
    try {
      await settleRefresh();
      const refreshToken = getRefreshToken();
      if (refreshToken) {
        // Revoking server-side is best effort: the local sign-out goes ahead whatever the answer.
        await import('@reach/contract/endpoints/auth')
          .then(({ authApi }) => call(authApi.logout, { body: { refresh_token: refreshToken } }))
          .catch(() => undefined);
      }
      // Leave for `/` first, then end the session: the other way round, the guard of the page being left would
      // send the now signed-out visitor to /auth/login. The router commits the final location in a transition
      // that the sign-out's urgent render can overtake; flushSync commits the navigation's start at once, so
      // RoleGuard sees it under way and waits for it instead of redirecting.
      await navigate('/', { replace: true, flushSync: true });
    } finally {
      // startSession() clears the query cache as the phase turns signed-out.
      clearTokens();
    }
  }, [navigate]);
}

/**
 * Starts the session machinery once per page: keeps the access token fresh and drops every cached query when
 * the session ends (logout, a refused refresh, or a sign-out in another tab).
 */
export function startSession(): () => void {
  let previous = getSessionPhase();
  const stopKeepAlive = keepSessionAlive();
  const unsubscribe = subscribe(() => {
    const phase = getSessionPhase();
    if (phase === 'signed-out' && previous !== 'signed-out') queryClient.clear();
    previous = phase;
  });
  return () => {
    stopKeepAlive();
    unsubscribe();
  };
}
