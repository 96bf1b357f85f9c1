import type { Tokens } from '@reach/contract/auth';

/**
 * Where the session's tokens live: the access token in memory and sessionStorage (per tab, survives a reload),
 * the refresh token in localStorage (shared by tabs, survives closing the browser). Components follow the
 * session phase through `subscribe` + `getSessionPhase` (useSyncExternalStore).
 */

/** `signing-out`: logout is under way; guards hold still so the app can leave for `/` before the state clears. */
export type SessionPhase = 'signed-out' | 'signed-in' | 'signing-out';

type AccessToken = { token: string; expiresAt: number };

export const ACCESS_KEY = 'reach.access-token';
export const REFRESH_KEY = 'reach.refresh-token';
/** An access token this close to expiry is treated as expired, so a request never races its expiry. */
const EXPIRY_SKEW_MS = 5_000;
/** The cookie that tells the server this browser holds a session (the API's plugins/external/web-app.ts). */
const SIGNED_IN_COOKIE = 'reach-signed-in';

let markedSignedIn: boolean | undefined;

let access = readAccess();
let refreshToken = readStorage(localStorageOrNull(), REFRESH_KEY);
let signingOut = false;
let phase = computePhase();
const listeners = new Set<() => void>();
markSignedIn(phase !== 'signed-out');

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSessionPhase(): SessionPhase {
  return phase;
}

/** The access token while it is still valid, else null (the caller refreshes). */
export function getAccessToken(): string | null {
  return access && access.expiresAt - EXPIRY_SKEW_MS > Date.now() ? access.token : null;
}

/** The latest access token even when it is about to expire: only to read its claims, never to send. */
export function getLatestAccessToken(): string | null {
  return access?.token ?? null;
}

/** When the current access token expires (epoch ms), or null without one. */
export function getAccessExpiry(): number | null {
  return access?.expiresAt ?? null;
}

/** Read from storage each time: another tab may have rotated it since this tab last looked. */
export function getRefreshToken(): string | null {
  refreshToken = readStorage(localStorageOrNull(), REFRESH_KEY) ?? refreshToken;
  return refreshToken;
}

export function saveTokens(tokens: Tokens): void {
  access = { token: tokens.access_token, expiresAt: Date.now() + tokens.expires_in * 1000 };
  refreshToken = tokens.refresh_token;
  writeStorage(sessionStorageOrNull(), ACCESS_KEY, JSON.stringify(access));
  writeStorage(localStorageOrNull(), REFRESH_KEY, refreshToken);
  signingOut = false;
  emit();
}

export function clearTokens(): void {
  access = null;
  refreshToken = null;
  writeStorage(sessionStorageOrNull(), ACCESS_KEY, null);
  writeStorage(localStorageOrNull(), REFRESH_KEY, null);
  signingOut = false;
  emit();
}

export function setSigningOut(value: boolean): void {
  signingOut = value;
  emit();
}

/** Another tab signed out (refresh token removed) or rotated the token: follow it. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== REFRESH_KEY && event.key !== null) return;
    if (event.newValue) {
      refreshToken = event.newValue;
      if (computePhase() !== phase) emit();
      return;
    }
    access = null;
    refreshToken = null;
    writeStorage(sessionStorageOrNull(), ACCESS_KEY, null);
    emit();
  });
}

function emit(): void {
  phase = computePhase();
  markSignedIn(phase !== 'signed-out');
  for (const listener of listeners) listener();
}

/**
 * While tokens are held the server sends index.html, not the landing or sign-in page's prerendered HTML, for
 * those paths: the app sends a signed-in visitor on from there, and shows its spinner meanwhile rather than a
 * flash of those pages. The cookie carries no token; it lives as long as a refresh token may.
 */
function markSignedIn(signedIn: boolean): void {
  if (signedIn === markedSignedIn || typeof document === 'undefined') return;
  markedSignedIn = signedIn;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: set at once, before a navigation or reload can follow; the Cookie Store API is asynchronous and absent from some supported browsers.
  document.cookie = signedIn
    ? `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
    : `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

function computePhase(): SessionPhase {
  if (signingOut) return 'signing-out';
  return access || refreshToken ? 'signed-in' : 'signed-out';
}

function readAccess(): AccessToken | null {
  const raw = readStorage(sessionStorageOrNull(), ACCESS_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AccessToken>;
    return typeof value.token === 'string' && typeof value.expiresAt === 'number'
      ? { token: value.token, expiresAt: value.expiresAt }
      : null;
  } catch {
    return null;
  }
}

// Storage can be missing or throw (privacy modes, quota): the session then lives in memory only.
function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readStorage(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeStorage(storage: Storage | null, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Memory still holds the value; see localStorageOrNull.
  }
}
