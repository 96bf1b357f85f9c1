import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClickWriter,
  LINK_CACHE_TTL_MS,
  loadLink,
  storeClicks,
} from '../src/modules/attribution/links';
import { backend, client, createTestApp, loginAs, type TestApp } from './harness';

/**
 * Attribution (issue 14) through the HTTP API, on PGlite and PostgreSQL: tracked links and their redirect,
 * clicks (unique per browser per 30 minutes, bots left out, no raw address), discount codes, API keys,
 * conversions (idempotent per order, the attribution rule and its window), the Shopify webhook, bad input and
 * tenant isolation.
 */

const DAY = 24 * 60 * 60 * 1000;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const TRACKER = 'https://shop.example/landing?ref=ig';

let t: TestApp;
let pro: string;
let trial: string;
let creatorToken: string;
let campaignId: number;
let businessId: number;
/** The creator who signs in (influencer@reach.local) and a second creator on the same campaign. */
let ana: number;
let ben: number;
let linkCode: string;

const db = () => t.app.ctx.db;

async function activeConnection(campaign: number, business: number, user: number) {
  const existing = await db()
    .selectFrom('connections')
    .select('id')
    .where('campaign_id', '=', campaign)
    .where('influencer_user_id', '=', user)
    .executeTakeFirst();
  if (existing) {
    await db().updateTable('connections').set({ status: 'accepted' }).where('id', '=', existing.id).execute();
    return;
  }
  await db()
    .insertInto('connections')
    .values({
      business_id: business,
      campaign_id: campaign,
      influencer_user_id: user,
      status: 'accepted',
      initiated_by: 'business',
    })
    .execute();
}

async function visit(code: string, headers: Record<string, string> = {}, remoteAddress = '203.0.113.9') {
  return t.app.inject({ method: 'GET', url: `/r/${code}`, headers, remoteAddress });
}

const clickCount = async () =>
  Number(
    (
      await db()
        .selectFrom('link_clicks')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The stored click of an rc_id: the insert runs after the redirect has answered. */
async function storedClick(clickId: string) {
  for (let i = 0; i < 200; i++) {
    const row = await db()
      .selectFrom('link_clicks')
      .selectAll()
      .where('click_id', '=', clickId)
      .executeTakeFirst();
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`click ${clickId} was never stored`);
}

const rcId = (location: string | undefined) => new URL(location ?? '').searchParams.get('rc_id') ?? '';

async function conversionCount() {
  return Number(
    (
      await db()
        .selectFrom('conversions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

function postConversion(key: string | null, body: unknown, header: 'bearer' | 'x-api-key' = 'bearer') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/conversions',
    headers: key ? (header === 'bearer' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key }) : {},
    payload: body as object,
  });
}

const at = (offsetMs = 0) => new Date(t.clock.now.getTime() + offsetMs).toISOString();

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  pro = await loginAs(t.app, 'pro@reach.local');
  trial = await loginAs(t.app, 'trial@reach.local');
  creatorToken = await loginAs(t.app, 'influencer@reach.local');
  const business = await db()
    .selectFrom('businesses')
    .innerJoin('users', 'users.id', 'businesses.user_id')
    .select('businesses.id')
    .where('users.email', '=', 'pro@reach.local')
    .executeTakeFirstOrThrow();
  businessId = business.id;
  const campaign = await db()
    .selectFrom('campaigns')
    .select('id')
    .where('business_id', '=', businessId)
    .where('status', '=', 'active')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  campaignId = campaign.id;
  await db()
    .updateTable('campaigns')
    .set({ url_tracking: true, tracker_url: TRACKER, title: 'Summer Glow' })
    .where('id', '=', campaignId)
    .execute();
  const influencers = await db()
    .selectFrom('users')
    .select(['id', 'email'])
    .where('type', '=', 'influencer')
    .orderBy('id')
    .execute();
  ana = influencers.find((u) => u.email === 'influencer@reach.local')?.id as number;
  ben = influencers.find((u) => u.id !== ana)?.id as number;
  await activeConnection(campaignId, businessId, ana);
  await activeConnection(campaignId, businessId, ben);
  await db()
    .updateTable('influencer_profiles')
    .set({ instagram_username: 'ana.glow' })
    .where('user_id', '=', ana)
    .execute();
}, 600_000);
afterAll(async () => t?.close());

describe('tracked links', () => {
  it('gives each active creator one link, the same on every read, to the business and to the creator', async () => {
    const first = await client(t.app, pro).get(`/api/v1/campaign/${campaignId}/attribution`);
    expect(first.status).toBe(200);
    const creators = first.body.creators as {
      influencer_user_id: number;
      link: { code: string; url: string };
    }[];
    const mine = creators.find((c) => c.influencer_user_id === ana);
    expect(mine?.link.code).toMatch(/^[A-Za-z0-9_-]{12}$/);
    linkCode = mine?.link.code as string;
    expect(mine?.link.url).toBe(`${t.config.publicUrl}/r/${linkCode}`);
    expect(creators.find((c) => c.influencer_user_id === ben)?.link.code).not.toBe(linkCode);

    const again = await client(t.app, pro).get(`/api/v1/campaign/${campaignId}/attribution`);
    expect(
      (again.body.creators as typeof creators).find((c) => c.influencer_user_id === ana)?.link.code,
    ).toBe(linkCode);
    const own = await client(t.app, creatorToken).get(
      `/api/v1/my/attribution/links?campaign_id=${campaignId}`,
    );
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual([
      expect.objectContaining({ campaign_id: campaignId, link: { code: linkCode, url: mine?.link.url } }),
    ]);
    const links = await db()
      .selectFrom('tracked_links')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .execute();
    expect(links.filter((l) => l.influencer_user_id === ana)).toHaveLength(1);
  });

  it('redirects 302 to the tracker URL with its query, the UTM parameters and a click id', async () => {
    const res = await visit(linkCode, { 'user-agent': IPHONE, referer: 'https://l.instagram.com/?u=x' });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const target = new URL(res.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe('https://shop.example/landing');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      ref: 'ig',
      utm_source: 'reach',
      utm_medium: 'influencer',
      utm_campaign: `summer-glow-${campaignId}`,
      utm_content: 'ana.glow',
      rc_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const click = await storedClick(rcId(res.headers.location as string));
    expect(click).toMatchObject({
      platform: 'ios',
      referrer_host: 'l.instagram.com',
      is_unique: true,
      is_bot: false,
    });
    expect(Number(click.campaign_id)).toBe(campaignId);
  });

  it('stores a referrer host as it is, quotes, commas, braces, backslashes and a NULL-like name too', async () => {
    // The clicks' columns go to the database as array literals (storeClicks): a host URL parsing lets through
    // with the array syntax's own characters must arrive unchanged, not split or read as NULL.
    const referers: [string, string][] = [
      ['http://a"b,c{d}.example/x', 'a"b,c{d}.example'],
      ['http://null/', 'null'],
      ['http://x.example\\y', 'x.example'],
    ];
    for (const [referer, host] of referers) {
      const res = await visit(linkCode, { 'user-agent': IPHONE, referer });
      expect(res.statusCode).toBe(302);
      const click = await storedClick(rcId(res.headers.location as string));
      expect(click.referrer_host).toBe(host);
    }
  });

  it('stores a keyed hash of the visitor, never the address', async () => {
    const res = await visit(linkCode, { 'user-agent': DESKTOP }, '198.51.100.23');
    const click = await storedClick(rcId(res.headers.location as string));
    expect(click.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(click.visitor_hash).not.toBe(
      crypto.createHash('sha256').update(`198.51.100.23\n${DESKTOP}`).digest('hex'),
    );
    expect(JSON.stringify(click)).not.toContain('198.51.100.23');
    expect(JSON.stringify(click)).not.toContain('198.51.100');
  });

  it('the database refuses a visitor hash that is not 64 lowercase hex digits', async () => {
    const res = await visit(linkCode, { 'user-agent': DESKTOP });
    const click = await storedClick(rcId(res.headers.location as string));
    for (const bad of ['A'.repeat(64), `${'0'.repeat(63)}g`, '0'.repeat(63), '0'.repeat(65), '']) {
      const copy = db()
        .insertInto('link_clicks')
        .values({
          click_id: crypto.randomUUID(),
          link_id: click.link_id,
          campaign_id: click.campaign_id,
          business_id: click.business_id,
          clicked_at: new Date(),
          platform: 'ios',
          visitor_hash: bad,
          is_bot: false,
          is_unique: false,
        })
        .execute();
      await expect(copy).rejects.toMatchObject({ code: '23514' });
    }
  });

  it('counts a browser once per 30 minutes, leaves bots out, and still issues each click id', async () => {
    const before = await client(t.app, pro).get(`/api/v1/campaign/${campaignId}/attribution`);
    const counts = (body: typeof before.body) =>
      (body.creators as { influencer_user_id: number; clicks: { total: number; unique: number } }[]).find(
        (c) => c.influencer_user_id === ana,
      )?.clicks;
    const start = counts(before.body) as { total: number; unique: number };

    const ids: string[] = [];
    const repeat = await visit(linkCode, { 'user-agent': IPHONE });
    ids.push(rcId(repeat.headers.location as string));
    expect((await storedClick(ids[0] as string)).is_unique).toBe(false);

    t.clock.advance(29 * 60_000);
    const stillRepeat = await visit(linkCode, { 'user-agent': IPHONE });
    expect((await storedClick(rcId(stillRepeat.headers.location as string))).is_unique).toBe(false);

    t.clock.advance(2 * 60_000);
    const later = await visit(linkCode, { 'user-agent': IPHONE });
    expect((await storedClick(rcId(later.headers.location as string))).is_unique).toBe(true);

    const bot = await visit(linkCode, { 'user-agent': GOOGLEBOT }, '66.249.66.1');
    expect(bot.statusCode).toBe(302);
    const botClick = await storedClick(rcId(bot.headers.location as string));
    expect(botClick).toMatchObject({ is_bot: true, is_unique: false });
    expect(new Set([...ids, rcId(stillRepeat.headers.location), rcId(later.headers.location)]).size).toBe(3);

    const after = await client(t.app, pro).get(`/api/v1/campaign/${campaignId}/attribution`);
    expect(counts(after.body)).toEqual({ total: start.total + 3, unique: start.unique + 1 });
    expect((after.body.totals as { clicks: unknown }).clicks).toEqual(counts(after.body));
  });

  it('answers an unknown code, or a link whose tracking is off, with a 404 and stores nothing (nor a HEAD)', async () => {
    const before = await clickCount();
    for (const code of ['nosuchcode12', 'x', '../../etc', `${linkCode}x`]) {
      const res = await visit(encodeURIComponent(code), { 'user-agent': IPHONE });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('does not exist');
    }
    // A HEAD (a link checker, a preview) is answered like a visit but is no click.
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/r/${linkCode}`,
      headers: { 'user-agent': IPHONE },
    });
    expect(head.statusCode).toBe(302);
    expect(rcId(head.headers.location as string)).toMatch(/^[0-9a-f-]{36}$/);
    await db().updateTable('campaigns').set({ url_tracking: false }).where('id', '=', campaignId).execute();
    t.clock.advance(LINK_CACHE_TTL_MS);
    expect((await visit(linkCode, { 'user-agent': IPHONE })).statusCode).toBe(404);
    await db().updateTable('campaigns').set({ url_tracking: true }).where('id', '=', campaignId).execute();
    t.clock.advance(LINK_CACHE_TTL_MS);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await clickCount()).toBe(before);
  });

  it('follows a change of the campaign’s tracking or tracker URL or of the connection within the cache’s few seconds', async () => {
    const target = async () => {
      const res = await visit(linkCode, { 'user-agent': IPHONE }, '198.51.100.77');
      return res.statusCode === 302 ? new URL(res.headers.location as string).origin : res.statusCode;
    };
    const later = async () => {
      t.clock.advance(LINK_CACHE_TTL_MS);
      return target();
    };
    const tracking = (set: { url_tracking?: boolean; tracker_url?: string }) =>
      db().updateTable('campaigns').set(set).where('id', '=', campaignId).execute();
    const connection = (status: 'accepted' | 'cancelled') =>
      db()
        .updateTable('connections')
        .set({ status })
        .where('campaign_id', '=', campaignId)
        .where('influencer_user_id', '=', ana)
        .execute();
    expect(await target()).toBe('https://shop.example');

    // Read once per LINK_CACHE_TTL_MS: a change shows on the first visit after that, in every replica.
    await tracking({ url_tracking: false });
    t.clock.advance(LINK_CACHE_TTL_MS - 1000);
    expect(await target()).toBe('https://shop.example');
    expect(await later()).toBe(404);
    await tracking({ url_tracking: true });
    expect(await later()).toBe('https://shop.example');

    await tracking({ tracker_url: 'https://other.example/landing' });
    expect(await later()).toBe('https://other.example');
    await tracking({ tracker_url: TRACKER });
    expect(await later()).toBe('https://shop.example');

    await connection('cancelled');
    expect(await later()).toBe(404);
    await connection('accepted');
    expect(await later()).toBe('https://shop.example');
  });

  it('stores a burst of visits in batches: each click once, one unique per browser, the rollup equal to a recount', async () => {
    const rollup = async () =>
      db()
        .selectFrom('attribution_click_days')
        .select(['day', 'clicks', 'unique_clicks', 'bot_clicks'])
        .where('campaign_id', '=', campaignId)
        .where('influencer_user_id', '=', ana)
        .execute();
    const recount = async () =>
      db()
        .selectFrom('link_clicks as k')
        .innerJoin('tracked_links as l', 'l.id', 'k.link_id')
        .select([
          sql<string>`(k.clicked_at AT TIME ZONE 'UTC')::date::text`.as('day'),
          (eb) => eb.fn.countAll<number>().filterWhere('k.is_bot', '=', false).as('clicks'),
          (eb) =>
            eb.fn
              .countAll<number>()
              .filterWhere((w) => w.and([w('k.is_unique', '=', true), w('k.is_bot', '=', false)]))
              .as('unique_clicks'),
          (eb) => eb.fn.countAll<number>().filterWhere('k.is_bot', '=', true).as('bot_clicks'),
        ])
        .where('l.campaign_id', '=', campaignId)
        .where('l.influencer_user_id', '=', ana)
        .groupBy(sql`(k.clicked_at AT TIME ZONE 'UTC')::date`)
        .execute();
    const norm = (rows: { day: string; clicks: unknown; unique_clicks: unknown; bot_clicks: unknown }[]) =>
      rows
        .map((r) => [String(r.day), Number(r.clicks), Number(r.unique_clicks), Number(r.bot_clicks)])
        .sort();
    const before = await clickCount();
    const browsers = ['192.0.2.201', '192.0.2.202', '192.0.2.203'];
    const visits = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        visit(linkCode, { 'user-agent': i % 50 === 0 ? GOOGLEBOT : IPHONE }, browsers[i % 3]),
      ),
    );
    expect(visits.every((v) => v.statusCode === 302)).toBe(true);
    const ids = visits.map((v) => rcId(v.headers.location as string));
    expect(new Set(ids).size).toBe(300);
    await storedClick(ids.at(-1) as string);
    for (let i = 0; i < 200 && (await clickCount()) < before + 300; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const stored = await db()
      .selectFrom('link_clicks')
      .select(['click_id', 'is_unique', 'is_bot'])
      .where('click_id', 'in', ids)
      .execute();
    expect(stored).toHaveLength(300);
    expect(stored.filter((c) => c.is_bot)).toHaveLength(6);
    // These browsers' first visits: each counted once (the bots, every 50th visit, never).
    expect(stored.filter((c) => c.is_unique)).toHaveLength(3);
    expect(norm(await rollup())).toEqual(norm(await recount()));
  });

  it('makes a redirect wait when the writer is behind, and stores every waiting click when drained', async () => {
    const link = await loadLink(db(), linkCode);
    if (!link) throw new Error('the link is not active');
    const quiet = { db: db(), log: { error: () => {} } } as unknown as Parameters<
      typeof createClickWriter
    >[0];
    const writer = createClickWriter(quiet, { flushMs: 60_000, queueLimit: 10 });
    const ids = Array.from({ length: 25 }, () => crypto.randomUUID());
    const waits = ids.map((clickId) =>
      writer.write({
        clickId,
        link,
        at: t.clock.now,
        platform: 'desktop',
        referrerHost: null,
        visitorHash: crypto.randomBytes(32).toString('hex'),
        bot: false,
      }),
    );
    // The first ten are queued; the others wait for the writer (its timer is a minute away).
    expect(waits.filter((w) => w === undefined)).toHaveLength(10);
    expect(writer.pending()).toBe(25);
    await writer.drain();
    await Promise.all(waits);
    expect(writer.pending()).toBe(0);
    const stored = await db()
      .selectFrom('link_clicks')
      .select('is_unique')
      .where('click_id', 'in', ids)
      .execute();
    expect(stored).toHaveLength(25);
    expect(stored.every((c) => c.is_unique)).toBe(true);
  });

  it('counts a browser once when two replicas store its clicks at the same moment', async () => {
    const link = await loadLink(db(), linkCode);
    if (!link) throw new Error('the link is not active');
    const quiet = { db: db(), log: { error: () => {} } } as unknown as Parameters<
      typeof createClickWriter
    >[0];
    const replicas = [createClickWriter(quiet), createClickWriter(quiet)];
    const visitor = crypto.randomBytes(32).toString('hex');
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const clickId = crypto.randomUUID();
      ids.push(clickId);
      replicas[i % 2]?.write({
        clickId,
        link,
        at: new Date(t.clock.now.getTime() + (i % 2) * 1000),
        platform: 'ios',
        referrerHost: null,
        visitorHash: visitor,
        bot: false,
      });
    }
    await Promise.all(replicas.map((r) => r.drain()));
    const stored = await db()
      .selectFrom('link_clicks')
      .select(['is_unique'])
      .where('click_id', 'in', ids)
      .execute();
    expect(stored).toHaveLength(40);
    expect(stored.filter((c) => c.is_unique)).toHaveLength(1);
  });
  it('a deleted link takes its clicks with it, and the clicks of a link deleted before they are stored are dropped', async () => {
    const third = (
      await db()
        .selectFrom('users')
        .select('id')
        .where('type', '=', 'influencer')
        .where('id', 'not in', [ana, ben])
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    await activeConnection(campaignId, businessId, third);
    const connection = await db()
      .selectFrom('connections')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where('influencer_user_id', '=', third)
      .executeTakeFirstOrThrow();
    const code = `gone-${crypto.randomBytes(6).toString('hex')}`;
    await db()
      .insertInto('tracked_links')
      .values({
        code,
        business_id: businessId,
        campaign_id: campaignId,
        influencer_user_id: third,
        connection_id: connection.id,
      })
      .execute();
    const link = await loadLink(db(), code);
    if (!link) throw new Error('the link is not active');
    const errors: unknown[] = [];
    const logged = { db: db(), log: { error: (e: unknown) => errors.push(e) } } as unknown as Parameters<
      typeof createClickWriter
    >[0];
    const linkClicks = async () =>
      Number(
        (
          await db()
            .selectFrom('link_clicks')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('link_id', '=', link.linkId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const click = (i: number) => ({
      clickId: crypto.randomUUID(),
      link,
      at: new Date(t.clock.now.getTime() + i),
      platform: 'android' as const,
      referrerHost: 'l.instagram.com',
      visitorHash: crypto.randomBytes(32).toString('hex'),
      bot: false,
    });
    const writer = createClickWriter(logged, { flushMs: 60_000 });
    for (let i = 0; i < 3; i++) writer.write(click(i));
    await writer.drain();
    expect(await linkClicks()).toBe(3);

    if (backend === 'postgres') {
      // A batch of the link's clicks stored while the link is being deleted: the deletion waits for the
      // batch (the link's lock) and takes its clicks too.
      let commit = () => {};
      const held = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let locked = () => {};
      const storing = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const batch = db()
        .transaction()
        .execute(async (trx) => {
          await storeClicks(trx, [click(10), click(11)]);
          locked();
          await held;
        });
      await storing;
      const deletion = db().deleteFrom('tracked_links').where('id', '=', link.linkId).execute();
      await new Promise((resolve) => setTimeout(resolve, 200));
      commit();
      await Promise.all([batch, deletion]);
    } else {
      await db().deleteFrom('tracked_links').where('id', '=', link.linkId).execute();
    }
    expect(await linkClicks()).toBe(0);

    // Clicks of the link, read before it was deleted, reach the writer after: not stored, and no error.
    for (let i = 20; i < 22; i++) writer.write(click(i));
    await writer.drain();
    expect(await linkClicks()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('discount codes', () => {
  it('generates HANDLE-10, takes a typed code uppercased, and refuses a code another creator holds', async () => {
    const api = client(t.app, pro);
    const generated = await api.put(`/api/v1/campaign/${campaignId}/codes/${ana}`, {});
    expect(generated.status).toBe(200);
    expect(generated.body).toEqual({
      campaign_id: campaignId,
      influencer_user_id: ana,
      code: 'ANAGLOW-10',
      source: 'generated',
    });
    const typed = await api.put(`/api/v1/campaign/${campaignId}/codes/${ana}`, { code: ' ana-summer ' });
    expect(typed.body).toMatchObject({ code: 'ANA-SUMMER', source: 'typed' });
    const ben1 = await api.put(`/api/v1/campaign/${campaignId}/codes/${ben}`, { code: 'BEN_15' });
    expect(ben1.status).toBe(200);

    const clash = await api.put(`/api/v1/campaign/${campaignId}/codes/${ben}`, { code: 'Ana-Summer' });
    expect(clash.status).toBe(409);
    expect(clash.body.error?.message).toContain('ANA-SUMMER is already used');
    for (const code of ['ab', 'a'.repeat(33), 'with space', 'ÉTÉ-10']) {
      const bad = await api.put(`/api/v1/campaign/${campaignId}/codes/${ben}`, { code });
      expect(bad.status, code).toBe(400);
    }
    const codes = await db()
      .selectFrom('discount_codes')
      .select('code')
      .where('business_id', '=', businessId)
      .execute();
    expect(codes.map((c) => c.code).sort()).toEqual(['ANA-SUMMER', 'BEN_15']);

    const own = await client(t.app, creatorToken).get('/api/v1/my/attribution/links');
    expect(
      (own.body.data as { campaign_id: number; discount_code: string }[]).find(
        (l) => l.campaign_id === campaignId,
      )?.discount_code,
    ).toBe('ANA-SUMMER');
  });

  it('refuses a code for a creator who is not active on the campaign (404 unknown, 409 not active)', async () => {
    const api = client(t.app, pro);
    expect((await api.put(`/api/v1/campaign/${campaignId}/codes/987654`, {})).status).toBe(404);
    const invited = await db()
      .selectFrom('users')
      .select('id')
      .where('type', '=', 'influencer')
      .where('id', 'not in', [ana, ben])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await activeConnection(campaignId, businessId, invited.id);
    await db()
      .updateTable('connections')
      .set({ status: 'invited' })
      .where('campaign_id', '=', campaignId)
      .where('influencer_user_id', '=', invited.id)
      .execute();
    expect((await api.put(`/api/v1/campaign/${campaignId}/codes/${invited.id}`, {})).status).toBe(409);
  });
});

describe('API keys', () => {
  it('shows a key once, stores only its hash, lists it by prefix, and a revoked key is refused', async () => {
    const api = client(t.app, pro);
    const created = await api.post('/api/v1/my/api-keys', { name: 'Shop server' });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect(key).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
    expect(created.body.prefix).toBe(key.slice(0, 11));
    const row = await db()
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.body.id as number)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(crypto.createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key);

    const listed = await api.get('/api/v1/my/api-keys');
    expect(listed.body.data).toEqual([
      {
        id: created.body.id,
        name: 'Shop server',
        prefix: key.slice(0, 11),
        created_at: expect.any(String),
        last_used_at: null,
      },
    ]);

    const body = { order_id: 'REVOKE-1', amount: '10.00', currency: 'USD', occurred_at: at() };
    const used = await postConversion(key, body, 'x-api-key');
    expect(used.statusCode).toBe(200);
    expect((await api.get('/api/v1/my/api-keys')).body.data).toEqual([
      expect.objectContaining({ last_used_at: expect.any(String) }),
    ]);

    expect((await api.delete(`/api/v1/my/api-keys/${created.body.id}`)).status).toBe(200);
    const refused = await postConversion(key, { ...body, order_id: 'REVOKE-2' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toContain('revoked');
    expect((await api.get('/api/v1/my/api-keys')).body.data).toEqual([]);
    expect((await api.delete(`/api/v1/my/api-keys/${created.body.id}`)).status).toBe(404);
  });
});

describe('conversions', () => {
  let key: string;
  let clickOfAna: string;

  beforeAll(async () => {
    key = (await client(t.app, pro).post('/api/v1/my/api-keys', { name: 'Conversions' })).body.key as string;
    const res = await visit(linkCode, { 'user-agent': DESKTOP }, '192.0.2.44');
    clickOfAna = rcId(res.headers.location as string);
    await storedClick(clickOfAna);
  });

  it('records an order once: the same order answers the stored record, other details a 409', async () => {
    const body = { order_id: 'A-1001', amount: '49.90', currency: 'usd', occurred_at: at(-60_000) };
    const first = await postConversion(key, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      order_id: 'A-1001',
      amount_cents: 4990,
      amount: '49.90',
      currency: 'USD',
      attributed_via: 'none',
      campaign_id: null,
      source: 'api',
    });
    const count = await conversionCount();
    const again = await postConversion(key, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const changed = await postConversion(key, { ...body, amount: '59.90' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.message).toContain('A-1001');
    expect(await conversionCount()).toBe(count);
    const stored = await db()
      .selectFrom('conversions')
      .select('amount_cents')
      .where('order_id', '=', 'A-1001')
      .executeTakeFirstOrThrow();
    expect(Number(stored.amount_cents)).toBe(4990);
  });

  it('records one row when the same order arrives many times at once', async () => {
    const body = { order_id: 'RACE-1', amount: '15.00', currency: 'USD', occurred_at: at() };
    const answers = await Promise.all(Array.from({ length: 8 }, () => postConversion(key, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const rows = await db().selectFrom('conversions').select('id').where('order_id', '=', 'RACE-1').execute();
    expect(rows).toHaveLength(1);
  });

  it('attributes by click id, and a code beats a link', async () => {
    const byClick = await postConversion(key, {
      order_id: 'A-1002',
      amount: '20.00',
      currency: 'EUR',
      occurred_at: at(),
      click_id: clickOfAna,
    });
    expect(byClick.json()).toMatchObject({
      attributed_via: 'click',
      campaign_id: campaignId,
      influencer_user_id: ana,
    });

    const both = await postConversion(key, {
      order_id: 'A-1003',
      amount: '30.00',
      currency: 'USD',
      occurred_at: at(),
      click_id: clickOfAna,
      code: 'ben_15',
    });
    expect(both.json()).toMatchObject({
      attributed_via: 'code',
      campaign_id: campaignId,
      influencer_user_id: ben,
      code: 'BEN_15',
    });

    const unknownCode = await postConversion(key, {
      order_id: 'A-1004',
      amount: '5.00',
      currency: 'USD',
      occurred_at: at(),
      code: 'NOPE-99',
    });
    expect(unknownCode.json()).toMatchObject({ attributed_via: 'none', code: 'NOPE-99' });
    const unattributed = await client(t.app, pro).get('/api/v1/my/conversions?attributed=false');
    expect((unattributed.body.data as { order_id: string }[]).map((c) => c.order_id)).toEqual(
      expect.arrayContaining(['A-1001', 'A-1004']),
    );
    expect(
      (unattributed.body.data as { attributed_via: string }[]).every((c) => c.attributed_via === 'none'),
    ).toBe(true);

    const report = await client(t.app, pro).get(`/api/v1/campaign/${campaignId}/attribution`);
    const rows = report.body.creators as {
      influencer_user_id: number;
      conversions: { count: number; revenue: unknown[] };
    }[];
    expect(rows.find((r) => r.influencer_user_id === ana)?.conversions).toEqual({
      count: 1,
      revenue: [{ currency: 'EUR', amount_cents: 2000, amount: '20.00' }],
    });
    expect(rows.find((r) => r.influencer_user_id === ben)?.conversions.count).toBe(1);
    const list = await client(t.app, pro).get(`/api/v1/campaign/${campaignId}/conversions`);
    expect((list.body.data as { order_id: string }[]).map((c) => c.order_id).sort()).toEqual([
      'A-1002',
      'A-1003',
    ]);
  });

  it('counts a click within the window (29 d 23 h) and not one past it (30 d 1 s), per the business’s window', async () => {
    const clicked = new Date(t.clock.now.getTime() - 31 * DAY);
    await db()
      .updateTable('link_clicks')
      .set({ clicked_at: clicked })
      .where('click_id', '=', clickOfAna)
      .execute();
    const from = (ms: number) => new Date(clicked.getTime() + ms).toISOString();
    const inside = await postConversion(key, {
      order_id: 'W-1',
      amount: '1.00',
      currency: 'USD',
      occurred_at: from(29 * DAY + 23 * 3_600_000),
      click_id: clickOfAna,
    });
    expect(inside.json()).toMatchObject({ attributed_via: 'click', attribution_window_days: 30 });
    const outside = await postConversion(key, {
      order_id: 'W-2',
      amount: '1.00',
      currency: 'USD',
      occurred_at: from(30 * DAY + 1000),
      click_id: clickOfAna,
    });
    expect(outside.json()).toMatchObject({ attributed_via: 'none', click_id: clickOfAna });

    const settings = await client(t.app, pro).put('/api/v1/my/attribution-settings', {
      attribution_window_days: 7,
    });
    expect(settings.body.attribution_window_days).toBe(7);
    const shortWindow = await postConversion(key, {
      order_id: 'W-3',
      amount: '1.00',
      currency: 'USD',
      occurred_at: from(8 * DAY),
      click_id: clickOfAna,
    });
    expect(shortWindow.json()).toMatchObject({ attributed_via: 'none', attribution_window_days: 7 });
    expect(
      (await client(t.app, pro).put('/api/v1/my/attribution-settings', { attribution_window_days: 91 }))
        .status,
    ).toBe(400);
    await client(t.app, pro).put('/api/v1/my/attribution-settings', { attribution_window_days: 30 });
  });

  it('refuses bad input with a 400 that says why, and stores nothing', async () => {
    const good = { order_id: 'BAD-1', amount: '10.00', currency: 'USD', occurred_at: at() };
    const count = await conversionCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '-5.00' }, 'amount'],
      [{ amount: '1000000.01' }, 'amount'],
      [{ amount: '99999999' }, 'amount'],
      [{ amount: 10 }, 'amount'],
      [{ amount: '10.001' }, 'amount'],
      [{ currency: 'XYZ' }, 'currency'],
      [{ currency: 'US' }, 'currency'],
      [{ occurred_at: at(DAY + 60_000) }, 'occurred_at'],
      [{ occurred_at: '1999-01-01T00:00:00Z' }, 'occurred_at'],
      [{ occurred_at: 'tomorrow' }, 'occurred_at'],
      [{ order_id: '' }, 'order_id'],
      [{ click_id: 'not-a-uuid' }, 'click_id'],
    ];
    for (const [change, field] of cases) {
      const res = await postConversion(key, { ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error.fields?.[field], JSON.stringify(change)).toBeTruthy();
    }
    const huge = await postConversion(key, { ...good, note: 'x'.repeat(20_000) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toContain('larger than 16 KB');
    expect(await conversionCount()).toBe(count);
    expect((await postConversion(null, good)).statusCode).toBe(401);
    expect((await postConversion('rk_wrong', good)).statusCode).toBe(401);
    expect((await postConversion(pro, good)).statusCode).toBe(401);
    expect(await conversionCount()).toBe(count);
  });
});

describe('Shopify orders/create', () => {
  const secret = 'shpss_9f2c1a7e5b3d4c6a8e0f';
  let path: string;
  const order = (over: Record<string, unknown> = {}) =>
    Buffer.from(
      JSON.stringify({
        id: '820982911946154508',
        admin_graphql_api_id: 'gid://shopify/Order/820982911946154508',
        email: 'jon@example.com',
        created_at: new Date(t.clock.now.getTime() - 3_600_000).toISOString().replace('Z', '+00:00'),
        number: 234,
        total_price: '243.00',
        subtotal_price: '233.00',
        total_tax: '0.00',
        currency: 'USD',
        financial_status: 'paid',
        total_discounts: '5.00',
        name: '#9999',
        landing_site: '/products/glow?utm_source=reach&rc_id=00000000-0000-4000-8000-000000000000',
        referring_site: 'https://l.instagram.com/',
        discount_codes: [{ code: 'ana-summer', amount: '5.00', type: 'fixed_amount' }],
        line_items: [{ id: '866550311766439020', title: 'Glow serum', quantity: 1, price: '238.00' }],
        ...over,
      })
        // Shopify's ids are JSON numbers past 2^53: written as Shopify writes them.
        .replace(/"id":"(\d+)"/g, '"id":$1'),
    );
  const deliver = (raw: Buffer, signature: string, url = path) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-shopify-hmac-sha256': signature,
        'x-shopify-topic': 'orders/create',
        'x-shopify-shop-domain': 'glow.myshopify.com',
      },
      payload: raw,
    });
  const sign = (raw: Buffer, key = secret) => crypto.createHmac('sha256', key).update(raw).digest('base64');

  beforeAll(async () => {
    const res = await client(t.app, pro).put('/api/v1/my/attribution-settings', {
      shopify_webhook_secret: secret,
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(secret);
    expect(res.body.shopify).toEqual({
      configured: true,
      webhook_path: expect.stringMatching(/^\/api\/v1\/webhooks\/shopify\/[A-Za-z0-9_-]{32}\/orders-create$/),
    });
    path = (res.body.shopify as { webhook_path: string }).webhook_path;
    const stored = await db()
      .selectFrom('business_attribution_settings')
      .selectAll()
      .where('business_id', '=', businessId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it('refuses a bad signature with a 401 and stores nothing', async () => {
    const count = await conversionCount();
    const raw = order();
    for (const signature of [
      sign(raw, 'another-secret'),
      sign(Buffer.from(`${raw} `)),
      '',
      'bm90IGEgc2lnbmF0dXJl',
    ]) {
      const res = await deliver(raw, signature);
      expect(res.statusCode).toBe(401);
    }
    expect(
      (await deliver(raw, sign(raw), path.replace(/shopify\/[^/]+\//, 'shopify/unknownunknownunknown1/')))
        .statusCode,
    ).toBe(404);
    expect(await conversionCount()).toBe(count);
  });

  it('records a signed order through the same path (the code beats the click), and a replay changes nothing', async () => {
    const raw = order();
    const res = await deliver(raw, sign(raw));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, attributed_via: 'code' });
    const stored = await db()
      .selectFrom('conversions')
      .selectAll()
      .where('id', '=', res.json().conversion_id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      order_id: '820982911946154508',
      currency: 'USD',
      source: 'shopify',
      given_code: 'ANA-SUMMER',
      attributed_via: 'code',
    });
    expect(Number(stored.amount_cents)).toBe(24300);
    expect(Number(stored.influencer_user_id)).toBe(ana);

    const count = await conversionCount();
    const replay = await deliver(raw, sign(raw));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(res.json());
    expect(await conversionCount()).toBe(count);
    const after = await db()
      .selectFrom('conversions')
      .selectAll()
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(stored);
  });

  it('attributes by the rc_id of the landing site when no code matches, and refuses a signed non-order', async () => {
    const clicked = await visit(linkCode, { 'user-agent': DESKTOP }, '192.0.2.99');
    const clickId = rcId(clicked.headers.location as string);
    await storedClick(clickId);
    const raw = order({
      id: '1001',
      admin_graphql_api_id: 'gid://shopify/Order/1001',
      created_at: at(1000),
      discount_codes: [],
      landing_site: `/?utm_source=reach&rc_id=${clickId}`,
      total_price: '12.50',
    });
    const res = await deliver(raw, sign(raw));
    expect(res.json()).toMatchObject({ attributed_via: 'click' });

    const count = await conversionCount();
    const notAnOrder = Buffer.from('{"id":5,"currency":"USD"}');
    expect((await deliver(notAnOrder, sign(notAnOrder))).statusCode).toBe(400);
    const future = order({
      id: 1002,
      admin_graphql_api_id: 'gid://shopify/Order/1002',
      created_at: at(3 * DAY),
    });
    expect((await deliver(future, sign(future))).statusCode).toBe(400);
    expect(await conversionCount()).toBe(count);
  });
});

describe('another business', () => {
  it('cannot use this business’s codes or clicks, nor read or change its campaign, codes or keys', async () => {
    const otherKey = (await client(t.app, trial).post('/api/v1/my/api-keys', { name: 'Elsewhere' })).body
      .key as string;
    const clicked = await visit(linkCode, { 'user-agent': DESKTOP }, '192.0.2.120');
    const clickId = rcId(clicked.headers.location as string);
    await storedClick(clickId);
    const res = await postConversion(otherKey, {
      order_id: 'A-1003',
      amount: '30.00',
      currency: 'USD',
      occurred_at: at(),
      code: 'ANA-SUMMER',
      click_id: clickId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ attributed_via: 'none', campaign_id: null, influencer_user_id: null });

    const intruder = client(t.app, trial);
    expect((await intruder.get(`/api/v1/campaign/${campaignId}/attribution`)).status).toBe(404);
    expect((await intruder.get(`/api/v1/campaign/${campaignId}/conversions`)).status).toBe(404);
    expect(
      (await intruder.put(`/api/v1/campaign/${campaignId}/codes/${ana}`, { code: 'MINE-1' })).status,
    ).toBe(404);
    expect((await intruder.delete(`/api/v1/campaign/${campaignId}/codes/${ana}`)).status).toBe(404);
    const proKeys = await db()
      .selectFrom('api_keys')
      .select('id')
      .where('business_id', '=', businessId)
      .execute();
    for (const k of proKeys) expect((await intruder.delete(`/api/v1/my/api-keys/${k.id}`)).status).toBe(404);
    const theirs = await intruder.get('/api/v1/my/conversions');
    expect((theirs.body.data as { order_id: string }[]).map((c) => c.order_id)).toEqual(['A-1003']);
    const ours = await client(t.app, pro).get('/api/v1/my/conversions?items=100');
    expect((ours.body.data as { id: number }[]).map((c) => c.id)).not.toContain(res.json().id);
    expect(
      (await client(t.app, pro).get(`/api/v1/campaign/${campaignId}/attribution`)).body.creators,
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          influencer_user_id: ana,
          discount_code: { code: 'ANA-SUMMER', source: 'typed' },
        }),
      ]),
    );
  });

  it('a creator sees only their own links', async () => {
    const own = await client(t.app, creatorToken).get('/api/v1/my/attribution/links');
    const ids = (own.body.data as { campaign_id: number }[]).map((l) => l.campaign_id);
    const theirs = await db()
      .selectFrom('connections')
      .select('campaign_id')
      .where('influencer_user_id', '=', ana)
      .where('status', 'in', ['accepted', 'completed'])
      .execute();
    expect(ids.sort()).toEqual(theirs.map((c) => c.campaign_id).sort());
  });
});
