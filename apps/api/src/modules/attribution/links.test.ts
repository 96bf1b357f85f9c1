import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { visitorHasher } from './links';
import { visitorHash } from './policy';

const key = crypto.createHash('sha256').update('links.test').digest();
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

describe('visitorHasher', () => {
  it("gives policy.visitorHash's value, again and again", () => {
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
});
