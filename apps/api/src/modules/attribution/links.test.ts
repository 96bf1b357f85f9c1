import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VISITORS_KEPT, VISITORS_KEPT_MS, visitorHasher } from './links';
import { visitorHash } from './policy';

const key = crypto.createHash('sha256').update('links.test').digest();
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

afterEach(() => vi.restoreAllMocks());

describe('visitorHasher', () => {
  it("gives policy.visitorHash's value, on a first visit and on the next ones", () => {
    const hasher = visitorHasher(key);
    const visits: [string, string | undefined][] = [
      ['203.0.113.9', IPHONE],
      ['2001:db8::7', IPHONE],
      ['203.0.113.9', 'Mozilla/5.0 (Linux; Android 14) Ünïcödé 日本語 🙂'],
      ['203.0.113.9', ''],
      ['203.0.113.9', undefined],
      ['203.0.113.9', 'x'.repeat(5_000)],
      ['203.0.113.10', IPHONE],
    ];
    for (let round = 0; round < 3; round++)
      for (const [ip, ua] of visits) expect(hasher(ip, ua)).toBe(visitorHash(key, ip, ua));
  });

  it('hashes a browser once while it is kept, again once its hashes are forgotten', () => {
    const hash = vi.spyOn(crypto, 'hash');
    let now = 1_764_000_000_000;
    const hasher = visitorHasher(key, () => now);
    const expected = visitorHash(key, '203.0.113.9', IPHONE);
    expect(hasher('203.0.113.9', IPHONE)).toBe(expected);
    expect(hash).toHaveBeenCalledTimes(2);
    now += VISITORS_KEPT_MS - 1;
    expect(hasher('203.0.113.9', IPHONE)).toBe(expected);
    expect(hash).toHaveBeenCalledTimes(2);
    now += 1;
    expect(hasher('203.0.113.9', IPHONE)).toBe(expected);
    expect(hash).toHaveBeenCalledTimes(4);
  });

  it(`keeps ${VISITORS_KEPT.toLocaleString('en-US')} browsers at most`, () => {
    const hash = vi.spyOn(crypto, 'hash');
    const hasher = visitorHasher(key, () => 0);
    for (let i = 0; i < VISITORS_KEPT; i++) hasher('203.0.113.9', `${IPHONE} ${i}`);
    expect(hash).toHaveBeenCalledTimes(2 * VISITORS_KEPT);
    hasher('203.0.113.9', `${IPHONE} 0`);
    expect(hash).toHaveBeenCalledTimes(2 * VISITORS_KEPT);
    // One more browser: the kept ones are forgotten, the first is hashed again on its next visit.
    expect(hasher('203.0.113.9', `${IPHONE} new`)).toBe(visitorHash(key, '203.0.113.9', `${IPHONE} new`));
    expect(hasher('203.0.113.9', `${IPHONE} 0`)).toBe(visitorHash(key, '203.0.113.9', `${IPHONE} 0`));
    expect(hash).toHaveBeenCalledTimes(2 * VISITORS_KEPT + 4);
  });
});
