import type { AccessClaims } from '@reach/contract/auth';

/**
 * The claims of an access token (a JWT), read without verifying it: only to show the signed-in person's own
 * given and family names (spec §3 "Identity token claims read"). Null when the token is not a readable JWT.
 */
export function readTokenClaims(token: string | null | undefined): Partial<AccessClaims> | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Partial<AccessClaims>)
      : null;
  } catch {
    return null;
  }
}

/** The access token whose missing Facebook token was last warned about: one warning per token, not per render. */
let warnedFor: string | null | undefined;

/**
 * Spec §3/§8: the Facebook auth token of the sign-in state, taken from the identity's `nickname` attribute (the
 * access token's `nickname` claim, present after a Facebook sign-in). When unavailable: a warning and null.
 */
export function facebookAuthTokenOf(accessToken: string | null | undefined): string | null {
  const nickname = readTokenClaims(accessToken)?.nickname;
  if (typeof nickname === 'string' && nickname.length > 0) return nickname;
  if (warnedFor !== accessToken) {
    warnedFor = accessToken;
    console.warn('Facebook auth token unavailable: this account has not signed in with Facebook.');
  }
  return null;
}
