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
