import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import { openDatabase } from '../src/db/database';
import { ensureLinks, visitorKey } from '../src/modules/attribution/links';
import { platformOf, referrerHost, visitorHash } from '../src/modules/attribution/policy';
import { backend, prepareServerDatabase } from './harness';
import { type ServerProcess, startServerProcess } from './server-process';

/*
 * The tracked-link redirect in the real server process (as `npm start` runs it). A visit of a link the server
 * has read is answered before Fastify, by the raw handler of link-server.ts (app.inject never reaches it), and
 * on PostgreSQL its click goes to the click worker through the shared ring (click-offload.ts): the answers must
 * be the route's, byte for byte but the date and the click id, and every click answered must be stored once —
 * after a SIGTERM too (the shutdown drains the ring and the worker).
 */

const TRACKER = 'https://shop.example/landing?ref=ig';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let dataDir: string;
let scratch: Awaited<ReturnType<typeof prepareServerDatabase>> | undefined;
let server: ServerProcess | undefined;
let code: string;
let linkId: number;
/** The link's clicks and its creator's click totals on the campaign before the server started. */
let before: { clicks: number; totals: number[] };

const open = () => openDatabase(scratch?.url ? { url: scratch.url, dataDir } : { dataDir });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-redirect-'));
  scratch = await prepareServerDatabase(dataDir, { demo: true });
  // The link, made before the server starts (PGlite is the server's alone while it runs).
  const database = await open();
  try {
    const { db } = database;
    const campaign = await db
      .selectFrom('campaigns as k')
      .innerJoin('businesses as b', 'b.id', 'k.business_id')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select(['k.id', 'k.business_id'])
      .where('u.email', '=', 'pro@reach.local')
      .where('k.status', '=', 'active')
      .orderBy('k.id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('campaigns')
      .set({ url_tracking: true, tracker_url: TRACKER, title: 'Summer Glow' })
      .where('id', '=', campaign.id)
      .execute();
    const creator = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'influencer@reach.local')
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('connections')
      .where('campaign_id', '=', campaign.id)
      .where('influencer_user_id', '=', creator.id)
      .execute();
    await db
      .insertInto('connections')
      .values({
        business_id: campaign.business_id,
        campaign_id: campaign.id,
        influencer_user_id: creator.id,
        status: 'accepted',
        initiated_by: 'business',
      })
      .execute();
    await ensureLinks(db, { campaignId: campaign.id });
    const link = await db
      .selectFrom('tracked_links')
      .select(['id', 'code'])
      .where('campaign_id', '=', campaign.id)
      .where('influencer_user_id', '=', creator.id)
      .executeTakeFirstOrThrow();
    code = link.code;
    linkId = link.id;
    before = await counts(database.db);
  } finally {
    await database.close();
  }
  server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: scratch.url ?? '',
    DISCOVERY_SEED_SIZE: '300',
  });
}, 180_000);
afterAll(async () => {
  await server?.kill('SIGTERM');
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** The link's stored clicks, and its creator's click totals on its campaign (clicks, unique, bots). */
async function counts(db: Db) {
  const link = await db
    .selectFrom('tracked_links')
    .select(['campaign_id', 'influencer_user_id'])
    .where('id', '=', linkId)
    .executeTakeFirstOrThrow();
  const clicks = await db
    .selectFrom('link_clicks')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('link_id', '=', linkId)
    .executeTakeFirstOrThrow();
  const totals = await db
    .selectFrom('attribution_click_totals')
    .select(['clicks', 'unique_clicks', 'bot_clicks'])
    .where('campaign_id', '=', link.campaign_id)
    .where('influencer_user_id', '=', link.influencer_user_id)
    .executeTakeFirst();
  return {
    clicks: Number(clicks.n),
    totals: [
      Number(totals?.clicks ?? 0),
      Number(totals?.unique_clicks ?? 0),
      Number(totals?.bot_clicks ?? 0),
    ],
  };
}

const visit = (route: string, init: RequestInit = {}, userAgent = IPHONE, referer?: string) =>
  fetch(`${server?.url}${route}`, {
    redirect: 'manual',
    ...init,
    headers: { 'user-agent': userAgent, ...(referer ? { referer } : {}) },
  });

const rcId = (res: Response) => new URL(res.headers.get('location') ?? '').searchParams.get('rc_id') ?? '';

/** An answer as a visitor's browser sees it, but its date and its click id. */
async function answer(res: Response) {
  const headers = Object.fromEntries(
    [...res.headers].filter(([name]) => name !== 'date' && name !== 'connection' && name !== 'keep-alive'),
  );
  if (headers.location) headers.location = headers.location.replace(rcId(res), '<click id>');
  return { status: res.status, headers, body: await res.text() };
}

describe(`the tracked-link redirect in the server process (${backend})`, () => {
  const clickIds: string[] = [];
  let headId = '';

  it('answers a visit of a link it has read as the route does, GET and HEAD, known or not', async () => {
    // The first visit reads the link (the route); the next ones find it read (the raw handler); a query string
    // always goes to the route.
    const first = await visit(`/r/${code}`);
    const raw = await visit(`/r/${code}`);
    const routed = await visit(`/r/${code}?via=route`);
    for (const res of [first, raw, routed]) clickIds.push(rcId(res));
    const expected = await answer(routed);
    expect(expected).toEqual({
      status: 302,
      headers: {
        'cache-control': 'no-store',
        'content-length': '0',
        location: expect.stringMatching(
          /^https:\/\/shop\.example\/landing\?ref=ig&utm_source=reach&utm_medium=influencer&utm_campaign=summer-glow-\d+&utm_content=[^&]+&rc_id=<click id>$/,
        ),
      },
      body: '',
    });
    expect(await answer(first)).toEqual(expected);
    expect(await answer(raw)).toEqual(expected);
    expect(new Set(clickIds).size).toBe(3);

    const head = await visit(`/r/${code}`, { method: 'HEAD' });
    headId = rcId(head);
    expect(headId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await answer(head)).toEqual(await answer(await visit(`/r/${code}?via=route`, { method: 'HEAD' })));

    const unknown = await answer(await visit('/r/nosuchcode12'));
    expect(unknown).toEqual({
      status: 404,
      headers: {
        'cache-control': 'no-store',
        'content-length': String(Buffer.byteLength(unknown.body)),
        'content-type': 'text/plain; charset=utf-8',
        'x-content-type-options': 'nosniff',
      },
      body: expect.stringContaining('does not exist'),
    });
    expect(await answer(await visit('/r/nosuchcode12'))).toEqual(unknown);
    expect(await answer(await visit('/r/nosuchcode12?via=route'))).toEqual(unknown);
    const headUnknown = await answer(await visit('/r/nosuchcode12', { method: 'HEAD' }));
    expect(headUnknown).toEqual({ ...unknown, body: '' });
  });

  it('stores every click it answered, once, none of a HEAD, and loses none when stopped with SIGTERM', {
    timeout: 120_000,
  }, async () => {
    // Four browsers (one address, four user agents) and a bot every 50th visit, 400 visits 50 at a time, a
    // third of them from a post (a Referer, one with non-ASCII bytes as a header carries them).
    const sent = new Map<string, { userAgent: string; referer: string | undefined }>();
    for (let round = 0; round < 8; round++) {
      const visits = Array.from({ length: 50 }, (_, i) => ({
        userAgent: i % 50 === 0 ? GOOGLEBOT : `${IPHONE} browser-${i % 4}`,
        referer: i % 3 ? undefined : `https://L${i % 2}.Instagram.com/p/${round}-${i}?q=caf\u00e9`,
      }));
      const answers = await Promise.all(
        visits.map(({ userAgent, referer }) => visit(`/r/${code}`, {}, userAgent, referer)),
      );
      expect(answers.map((res) => res.status)).toEqual(answers.map(() => 302));
      answers.forEach((res, i) => {
        sent.set(rcId(res), visits[i] as { userAgent: string; referer: string | undefined });
      });
      clickIds.push(...answers.map(rcId));
    }
    // Stopped right away: what waits in the ring, in the worker and in the main thread's queue is stored
    // before the process exits.
    const stopping = server as ServerProcess;
    server = undefined;
    expect(await stopping.kill('SIGTERM')).toBe(0);
    // The worker started (on PostgreSQL) and stored every batch: no failure was logged.
    expect(stopping.output()).not.toMatch(/click worker failed|link click not stored/);
    const database = await open();
    try {
      const stored = await database.db
        .selectFrom('link_clicks')
        .select(['click_id', 'is_unique', 'is_bot', 'platform', 'referrer_host', 'visitor_hash'])
        .where('click_id', 'in', [...clickIds, headId])
        .execute();
      expect(stored.map((c) => c.click_id).sort()).toEqual([...clickIds].sort());
      // Each click as the request told it (the worker reads the visits into clicks on PostgreSQL): the
      // browser's platform, the Referer's host, the keyed hash of the address and user agent.
      const key = visitorKey({ APP_SECRET: undefined, dataDir, devTools: true } as unknown as Config);
      const expected = (clickId: string) => {
        const { userAgent, referer } = sent.get(clickId) as {
          userAgent: string;
          referer: string | undefined;
        };
        return {
          platform: platformOf(userAgent),
          referrer_host: referrerHost(referer),
          visitor_hash: visitorHash(key, '127.0.0.1', userAgent),
        };
      };
      const sentClicks = stored.filter((c) => sent.has(c.click_id));
      expect(sentClicks).toHaveLength(400);
      expect(sentClicks.filter((c) => c.referrer_host === 'l0.instagram.com').length).toBeGreaterThan(0);
      for (const c of sentClicks)
        expect({
          platform: c.platform,
          referrer_host: c.referrer_host,
          visitor_hash: c.visitor_hash,
        }).toEqual(expected(c.click_id));
      expect(stored.filter((c) => c.is_bot)).toHaveLength(8);
      // The first visit of each of the five browsers (the IPHONE of the first test, the four here) counted.
      expect(stored.filter((c) => c.is_unique)).toHaveLength(5);
      const after = await counts(database.db);
      expect(after.clicks - before.clicks).toBe(clickIds.length);
      expect(after.totals.map((n, i) => n - (before.totals[i] ?? 0))).toEqual([clickIds.length - 8, 5, 8]);
    } finally {
      await database.close();
    }
  });
});
