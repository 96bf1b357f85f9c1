import { afterEach, describe, expect, it, vi } from 'vitest';
import { facebookAuthTokenOf, readTokenClaims } from './token-claims';

const jwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

describe('the Facebook auth token of the sign-in state (spec §3/§8)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is taken from the nickname attribute', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const token = jwt({ sub: '7', given_name: 'Bella', nickname: 'EAAB-token' });
    expect(readTokenClaims(token)?.nickname).toBe('EAAB-token');
    expect(facebookAuthTokenOf(token)).toBe('EAAB-token');
    expect(warn).not.toHaveBeenCalled();
  });

  it('is null with a warning when unavailable, warned once per access token', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const token = jwt({ sub: '8', given_name: 'Pat' });
    expect(facebookAuthTokenOf(token)).toBeNull();
    expect(facebookAuthTokenOf(token)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/Facebook auth token unavailable/);
    expect(facebookAuthTokenOf(null)).toBeNull();
    expect(facebookAuthTokenOf('not a jwt')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(3);
  });
});
