import crypto from 'node:crypto';
import { fromMinorUnits, toMinorUnits } from '@reach/contract/attribution';
import { describe, expect, it } from 'vitest';
import {
  apiKeyOf,
  attribute,
  campaignSlug,
  clickIdOfLandingSite,
  clickWithinWindow,
  creatorHandle,
  generatedCode,
  normaliseOrder,
  orderHash,
  platformOf,
  readShopifyOrder,
  redirectTarget,
  redirectTemplate,
  referrerHost,
  uniqueClicks,
  uuidV7,
  validShopifySignature,
  visitorHash,
} from './policy';

const DAY = 24 * 60 * 60 * 1000;

describe('platformOf', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'ios'],
    ['Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15', 'ios'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      'android',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36', 'desktop'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari', 'desktop'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'desktop'],
    ['curl/8.4.0', 'other'],
    [undefined, 'other'],
  ])('%s → %s', (ua, platform) => expect(platformOf(ua)).toBe(platform));
});

describe('referrerHost', () => {
  it.each([
    ['https://l.instagram.com/?u=https%3A%2F%2Fshop.example', 'l.instagram.com'],
    ['https://WWW.TikTok.com/@someone', 'www.tiktok.com'],
    ['not a url', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (referer, host) => expect(referrerHost(referer)).toBe(host));
});

describe('visitorHash', () => {
  const key = crypto.randomBytes(32);
  it('is a keyed hash: the same visitor the same, another address or key different, never the address', () => {
    const a = visitorHash(key, '203.0.113.7', 'UA');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toContain('203.0.113.7');
    expect(visitorHash(key, '203.0.113.7', 'UA')).toBe(a);
    expect(visitorHash(key, '203.0.113.8', 'UA')).not.toBe(a);
    expect(visitorHash(key, '203.0.113.7', 'Other UA')).not.toBe(a);
    expect(visitorHash(crypto.randomBytes(32), '203.0.113.7', 'UA')).not.toBe(a);
    expect(a).not.toBe(crypto.createHash('sha256').update('203.0.113.7\nUA').digest('hex'));
  });
});

describe('redirectTarget', () => {
  const values = {
    campaign: 'summer-glow-12',
    content: 'ana.s',
    clickId: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
  };
  it.each([
    [
      'https://shop.example/landing',
      'https://shop.example/landing?utm_source=reach&utm_medium=influencer&utm_campaign=summer-glow-12&utm_content=ana.s&rc_id=1b4e28ba-2fa1-11d2-883f-0016d3cca427',
    ],
    [
      'https://shop.example/p?ref=abc&utm_source=old#top',
      'https://shop.example/p?ref=abc&utm_source=reach&utm_medium=influencer&utm_campaign=summer-glow-12&utm_content=ana.s&rc_id=1b4e28ba-2fa1-11d2-883f-0016d3cca427#top',
    ],
    ['javascript:alert(1)', null],
    ['not a url', null],
  ])('%s', (tracker, expected) => expect(redirectTarget(tracker, values)).toBe(expected));
});

describe('redirectTemplate', () => {
  const values = { campaign: 'summer-glow-12', content: 'ana.s' };
  const ids = ['1b4e28ba-2fa1-11d2-883f-0016d3cca427', crypto.randomUUID()];
  it.each([
    'https://shop.example/landing',
    'https://shop.example/p?ref=abc&utm_source=old#top',
    'https://shop.example/p?rc_id=old&x=1',
    'https://shop.example/rc-click-id-mark?ref=rc-click-id-mark',
    'http://shop.example:8080/a%20b?q=caf%C3%A9',
  ])('%s: the URL redirectTarget makes for every click id', (tracker) => {
    const template = redirectTemplate(tracker, values);
    for (const clickId of ids)
      expect(template?.(clickId)).toBe(redirectTarget(tracker, { ...values, clickId }));
  });
  it.each(['javascript:alert(1)', 'not a url'])('%s → null', (tracker) =>
    expect(redirectTemplate(tracker, values)).toBeNull(),
  );
});

describe('uuidV7', () => {
  it('is a version 7 UUID with the time first and the random bits of a v4, so later ids sort after earlier ones', () => {
    const at = Date.parse('2026-11-25T12:00:00.123Z');
    const v4 = '1b4e28ba-2fa1-41d2-a83f-0016d3cca427';
    const id = uuidV7(at, v4);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    expect(id.slice(15)).toBe('1d2-a83f-0016d3cca427');
    const ids = [at, at + 1, at + 1000, at + 86_400_000].map((ms) => uuidV7(ms, crypto.randomUUID()));
    expect([...ids].sort()).toEqual(ids);
    expect(uuidV7(at, crypto.randomUUID())).not.toBe(uuidV7(at, crypto.randomUUID()));
  });
});

describe('uniqueClicks', () => {
  const T = Date.parse('2026-11-20T12:00:00Z');
  const MIN = 60_000;
  const click = (key: string, minutes: number, bot = false) => ({
    key,
    at: new Date(T + minutes * MIN),
    bot,
  });
  it.each([
    ['one click', [click('a', 0)], {}, [true]],
    ['a repeat 29 min later', [click('a', 0), click('a', 29)], {}, [true, false]],
    ['a click exactly 30 min later counts again', [click('a', 0), click('a', 30)], {}, [true, true]],
    [
      'repeats are measured from the last unique click, not the last click',
      [click('a', 0), click('a', 20), click('a', 40), click('a', 59)],
      {},
      [true, false, true, false],
    ],
    ['another visitor or link is another key', [click('a', 0), click('b', 1)], {}, [true, true]],
    ['a bot never counts, nor hides a person', [click('a', 0, true), click('a', 1)], {}, [false, true]],
    ['a stored unique click 10 min before', [click('a', 0)], { a: [T - 10 * MIN] }, [false]],
    ['a stored unique click 31 min before', [click('a', 0)], { a: [T - 31 * MIN] }, [true]],
    ['a stored unique click 29 min before', [click('a', 0)], { a: [T - 29 * MIN] }, [false]],
    [
      'a stored unique click a second after it (another replica stored first)',
      [click('a', 0)],
      { a: [T + 1000] },
      [false],
    ],
    ['a stored unique click 30 min after it', [click('a', 0)], { a: [T + 30 * MIN] }, [true]],
    ['a stored unique click of another key', [click('a', 0)], { b: [T - MIN] }, [true]],
  ])('%s', (_name, clicks, stored, expected) => {
    const counted = new Map(Object.entries(stored as Record<string, number[]>));
    expect(uniqueClicks(clicks, counted)).toEqual(expected);
  });
  it('adds the unique clicks of the batch to what is counted', () => {
    const counted = new Map<string, number[]>();
    uniqueClicks([click('a', 0), click('a', 5), click('b', 1, true)], counted);
    expect(Object.fromEntries(counted)).toEqual({ a: [T] });
  });
});

describe('campaignSlug, creatorHandle, generatedCode', () => {
  it.each([
    [{ id: 12, title: 'Summer Glow — Launch!' }, 'summer-glow-launch-12'],
    [{ id: 7, title: 'Café crème' }, 'cafe-creme-7'],
    [{ id: 3, title: null }, 'campaign-3'],
    [{ id: 4, title: '日本語' }, 'campaign-4'],
  ])('slug %o → %s', (campaign, slug) => expect(campaignSlug(campaign)).toBe(slug));

  it.each([
    [{ instagram_username: '@ana.s', tiktok_username: 'ana_tt', youtube_username: null }, 'ana.s'],
    [{ instagram_username: ' ', tiktok_username: 'ana_tt', youtube_username: null }, 'ana_tt'],
    [{ instagram_username: null, tiktok_username: null, youtube_username: null }, null],
    [null, null],
  ])('handle %o → %s', (profile, handle) => expect(creatorHandle(profile)).toBe(handle));

  it.each([
    ['ana.s', 5, 0, 'ANAS-10'],
    ['ana.s', 5, 1, 'ANAS-10-2'],
    ['José_Ñ', 5, 0, 'JOSEN-10'],
    [null, 42, 0, 'CREATOR42-10'],
    ['a'.repeat(40), 1, 0, `${'A'.repeat(20)}-10`],
  ])('code for %s (user %i, attempt %i) → %s', (handle, user, attempt, code) =>
    expect(generatedCode(handle, user, attempt)).toBe(code),
  );
});

describe('amounts in minor units', () => {
  it.each([
    ['49.90', 'USD', 4990],
    ['49.9', 'USD', 4990],
    ['0', 'EUR', 0],
    ['1000000', 'USD', 100_000_000],
    ['1000000.00', 'USD', 100_000_000],
    ['1500', 'JPY', 1500],
    ['1500.00', 'JPY', 1500],
    ['1.234', 'KWD', 1234],
  ])('%s %s → %i', (amount, currency, minor) => expect(toMinorUnits(amount, currency)).toEqual({ minor }));

  it.each([
    ['-5.00', 'USD'],
    ['1000000.01', 'USD'],
    ['12345678', 'USD'],
    ['1e3', 'USD'],
    ['49.999', 'USD'],
    ['1500.5', 'JPY'],
    ['10.00', 'XYZ'],
    ['', 'USD'],
  ])('%s %s is refused', (amount, currency) => expect('error' in toMinorUnits(amount, currency)).toBe(true));

  it.each([
    [4990, 'USD', '49.90'],
    [5, 'USD', '0.05'],
    [1500, 'JPY', '1500'],
    [1234, 'KWD', '1.234'],
  ])('%i %s → %s', (minor, currency, text) => expect(fromMinorUnits(minor, currency)).toBe(text));
});

describe('normaliseOrder', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const order = (over: Record<string, unknown> = {}) =>
    normaliseOrder(
      {
        order_id: ' 1001 ',
        amount: '49.90',
        currency: 'USD',
        occurred_at: '2026-11-25T10:00:00Z',
        codes: [' ana-10 ', null, 'ANA-10'],
        click_id: '1B4E28BA-2FA1-11D2-883F-0016D3CCA427',
        ...over,
      },
      now,
    );

  it('normalises the order id, amount, codes and click id', () =>
    expect(order()).toEqual({
      orderId: '1001',
      amountCents: 4990,
      currency: 'USD',
      occurredAt: new Date('2026-11-25T10:00:00Z'),
      codes: ['ANA-10'],
      clickId: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
    }));

  it.each([
    [{ occurred_at: '2026-11-26T12:00:00Z' }, null],
    [{ occurred_at: '2026-11-26T12:00:01Z' }, 'occurred_at'],
    [{ occurred_at: '2024-11-20T12:00:00Z' }, 'occurred_at'],
    [{ occurred_at: 'yesterday' }, 'occurred_at'],
    [{ amount: '-1' }, 'amount'],
    [{ amount: '2000000' }, 'amount'],
    [{ currency: 'ABC' }, 'currency'],
    [{ order_id: '  ' }, 'order_id'],
    [{ order_id: 'x'.repeat(129) }, 'order_id'],
  ])('%o → refused on %s', (over, field) => {
    const result = order(over);
    expect('field' in result ? result.field : null).toBe(field);
  });

  it('hashes the same order the same, and another amount differently', () => {
    const a = order();
    const b = order({ order_id: '1001', codes: ['ANA-10'] });
    const c = order({ amount: '49.91' });
    if ('field' in a || 'field' in b || 'field' in c) throw new Error('refused');
    expect(orderHash(a)).toBe(orderHash(b));
    expect(orderHash(a)).not.toBe(orderHash(c));
  });
});

describe('the attribution rule', () => {
  const occurredAt = new Date('2026-11-25T12:00:00Z');
  const code = { discountCodeId: 9, campaignId: 1, influencerUserId: 100 };
  const clickAt = (ms: number) => ({
    linkClickId: 77,
    campaignId: 2,
    influencerUserId: 200,
    clickedAt: new Date(occurredAt.getTime() - ms),
  });
  it.each([
    ['a code beats a link', code, clickAt(DAY), 30, 'code', 100],
    ['a code alone', code, null, 30, 'code', 100],
    ['a click a day before', null, clickAt(DAY), 30, 'click', 200],
    ['a click 29 d 23 h before', null, clickAt(30 * DAY - 3_600_000), 30, 'click', 200],
    ['a click exactly 30 d before', null, clickAt(30 * DAY), 30, 'click', 200],
    ['a click 30 d and 1 s before', null, clickAt(30 * DAY + 1000), 30, 'none', null],
    ['a click 8 d before with a 7-day window', null, clickAt(8 * DAY), 7, 'none', null],
    ['a click 4 minutes after the order (clock skew)', null, clickAt(-4 * 60_000), 30, 'click', 200],
    ['a click an hour after the order', null, clickAt(-3_600_000), 30, 'none', null],
    ['nothing', null, null, 30, 'none', null],
  ])('%s → %s', (_name, codeMatch, click, windowDays, via, creator) => {
    const result = attribute({ code: codeMatch, click, occurredAt, windowDays });
    expect(result.via).toBe(via);
    expect(result.via === 'none' ? null : result.influencerUserId).toBe(creator);
  });

  it('clickWithinWindow is inclusive at the window edge', () => {
    expect(clickWithinWindow(new Date(occurredAt.getTime() - 30 * DAY), occurredAt, 30)).toBe(true);
    expect(clickWithinWindow(new Date(occurredAt.getTime() - 30 * DAY - 1), occurredAt, 30)).toBe(false);
  });
});

describe('API keys and Shopify', () => {
  it.each([
    [{ authorization: 'Bearer rk_abc' }, 'rk_abc'],
    [{ 'x-api-key': ' rk_def ' }, 'rk_def'],
    [{ authorization: 'Bearer rk_abc', 'x-api-key': 'rk_def' }, 'rk_def'],
    [{ authorization: 'Basic xyz' }, null],
    [{}, null],
  ])('apiKeyOf %o → %s', (headers, key) => expect(apiKeyOf(headers)).toBe(key));

  const secret = 'shpss_test_secret';
  const body = Buffer.from(
    '{"id":820982911946154508,"admin_graphql_api_id":"gid://shopify/Order/820982911946154508","total_price":"243.00","currency":"USD","created_at":"2026-11-20T21:18:40+02:00","discount_codes":[{"code":"ana-10","amount":"5.00","type":"fixed_amount"}],"landing_site":"/products/x?utm_source=reach&rc_id=1B4E28BA-2FA1-11D2-883F-0016D3CCA427"}',
  );
  const sign = (raw: Buffer, key = secret) => crypto.createHmac('sha256', key).update(raw).digest('base64');

  it.each([
    ['the right signature', sign(body), true],
    ['a signature with another secret', sign(body, 'other'), false],
    ['a signature of another body', sign(Buffer.from(`${body} `)), false],
    ['hex instead of base64', crypto.createHmac('sha256', secret).update(body).digest('hex'), false],
    ['no header', undefined, false],
    ['garbage', '!!!', false],
  ])('%s → %s', (_name, header, valid) => expect(validShopifySignature(body, header, secret)).toBe(valid));

  it('reads the documented order fields, the id without losing digits', () => {
    expect(readShopifyOrder(body)).toEqual({
      order_id: '820982911946154508',
      amount: '243.00',
      currency: 'USD',
      occurred_at: '2026-11-20T21:18:40+02:00',
      codes: ['ana-10'],
      click_id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
    });
    expect(
      readShopifyOrder(
        Buffer.from(
          '{"id":820982911946154508,"total_price":"1.00","currency":"EUR","created_at":"2026-11-20T00:00:00Z"}',
        ),
      )?.order_id,
    ).toBe('820982911946154508');
  });

  it.each([
    ['not json', 'nope'],
    ['an array', '[]'],
    ['no price', '{"id":1,"currency":"USD","created_at":"2026-11-20T00:00:00Z"}'],
    ['no id', '{"total_price":"1.00","currency":"USD","created_at":"2026-11-20T00:00:00Z"}'],
  ])('%s → null', (_name, raw) => expect(readShopifyOrder(Buffer.from(raw))).toBeNull());

  it.each([
    ['/?rc_id=1b4e28ba-2fa1-11d2-883f-0016d3cca427', '1b4e28ba-2fa1-11d2-883f-0016d3cca427'],
    ['https://shop.example/p?utm_source=reach', null],
    ['/?rc_id=not-a-uuid', null],
    [null, null],
  ])('landing_site %s → %s', (site, id) => expect(clickIdOfLandingSite(site)).toBe(id));
});
