import crypto from 'node:crypto';
import { isbot } from 'isbot';
import { type Kysely, sql, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context';
import type { ClickPlatform, DB } from '../../db/schema';
import { randomToken, secretFromEnvOrFile } from '../../lib/secrets';
import {
  campaignSlug,
  creatorHandle,
  LINK_CODE_PATTERN,
  newLinkCode,
  platformOf,
  redirectTemplate,
  referrerHost,
  repeatWindow,
  uniqueClicks,
  uuidV7,
  visitorHash,
} from './policy';

/** Connections whose creator gets a link and may get a code. */
export const ACTIVE_CONNECTION_STATUSES = ['accepted', 'completed'] as const;

/**
 * Makes the missing tracked links of the active creators of campaigns with URL tracking on and a tracker URL —
 * one campaign's, or one creator's across campaigns. Idempotent: one link per (campaign, creator), made the
 * first time anyone reads it (a code clash, 72 random bits, leaves the link to the next read).
 */
export async function ensureLinks(
  db: Kysely<DB>,
  scope: { campaignId: number } | { influencerUserId: number },
): Promise<void> {
  let missing = db
    .selectFrom('connections as c')
    .innerJoin('campaigns as k', 'k.id', 'c.campaign_id')
    .leftJoin('tracked_links as l', (join) =>
      join
        .onRef('l.campaign_id', '=', 'c.campaign_id')
        .onRef('l.influencer_user_id', '=', 'c.influencer_user_id'),
    )
    .select(['c.id as connection_id', 'c.campaign_id', 'c.business_id', 'c.influencer_user_id'])
    .where('c.status', 'in', ACTIVE_CONNECTION_STATUSES)
    .where('k.url_tracking', '=', true)
    .where('k.tracker_url', 'is not', null)
    .where('l.id', 'is', null);
  missing =
    'campaignId' in scope
      ? missing.where('c.campaign_id', '=', scope.campaignId)
      : missing.where('c.influencer_user_id', '=', scope.influencerUserId);
  const rows = await missing.execute();
  if (rows.length === 0) return;
  await db
    .insertInto('tracked_links')
    .values(rows.map((row) => ({ ...row, code: newLinkCode() })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** What a redirect needs of a link, in one indexed lookup by code. */
export type LinkTarget = {
  linkId: number;
  campaignId: number;
  businessId: number;
  influencerUserId: number;
  url: string;
};

/** An active link as the redirect keeps it: its ids, and where it sends a click with a given id. */
export type ActiveLink = Omit<LinkTarget, 'url'> & { target: (clickId: string) => string };

/**
 * The link of `code` — or null when there is no such link, the campaign's URL tracking is off or its tracker
 * URL gone, or the creator is no longer on the campaign. One indexed lookup by code.
 */
export async function loadLink(db: Kysely<DB>, code: string): Promise<ActiveLink | null> {
  if (!LINK_CODE_PATTERN.test(code)) return null;
  const row = await db
    .selectFrom('tracked_links as l')
    .innerJoin('campaigns as k', 'k.id', 'l.campaign_id')
    .innerJoin('connections as c', 'c.id', 'l.connection_id')
    .leftJoin('influencer_profiles as p', 'p.user_id', 'l.influencer_user_id')
    .select([
      'l.id',
      'l.campaign_id',
      'l.business_id',
      'l.influencer_user_id',
      'k.title',
      'k.url_tracking',
      'k.tracker_url',
      'c.status',
      'p.instagram_username',
      'p.tiktok_username',
      'p.youtube_username',
    ])
    .where('l.code', '=', code)
    .executeTakeFirst();
  if (!row?.url_tracking || !row.tracker_url) return null;
  if (!(ACTIVE_CONNECTION_STATUSES as readonly string[]).includes(row.status)) return null;
  const target = redirectTemplate(row.tracker_url, {
    campaign: campaignSlug({ id: row.campaign_id, title: row.title }),
    content: creatorHandle(row) ?? `creator-${row.influencer_user_id}`,
  });
  return target
    ? {
        linkId: row.id,
        campaignId: row.campaign_id,
        businessId: row.business_id,
        influencerUserId: row.influencer_user_id,
        target,
      }
    : null;
}

/** How long the redirect trusts what it read of a link (a change of tracking or connection shows after it). */
export const LINK_CACHE_TTL_MS = 5_000;
/** Most links (and unknown codes) the redirect keeps. */
export const LINK_CACHE_MAX = 10_000;

/**
 * The links the redirect has read, by code, each kept LINK_CACHE_TTL_MS (by the app's clock) — an unknown or
 * inactive code too, as null —, LINK_CACHE_MAX of them, the least recently used dropped first. A link's
 * campaign (URL tracking turned off, tracker URL or title changed), connection (no longer accepted) or
 * creator's handle is changed by other modules, possibly in another replica: every replica sees the change
 * when its entry expires, within LINK_CACHE_TTL_MS. Concurrent visits of a code not kept share one lookup.
 */
export function createLinkCache(
  ctx: Pick<AppContext, 'db' | 'now'>,
  options: { ttlMs?: number; max?: number } = {},
) {
  const ttlMs = options.ttlMs ?? LINK_CACHE_TTL_MS;
  type Entry = {
    until: number;
    link: Promise<ActiveLink | null>;
    /** What the lookup found, once it has (undefined until then). */
    found: ActiveLink | null | undefined;
  };
  const entries = new LRUCache<string, Entry>({ max: options.max ?? LINK_CACHE_MAX });
  return {
    get(code: string): Promise<ActiveLink | null> {
      const now = ctx.now().getTime();
      const entry = entries.get(code);
      if (entry && entry.until > now) return entry.link;
      const link = loadLink(ctx.db, code);
      const fresh: Entry = { until: now + ttlMs, link, found: undefined };
      entries.set(code, fresh);
      link.then(
        (found) => {
          fresh.found = found;
        },
        // A failed lookup (the database unreachable) is not kept: the next visit asks again.
        () => {
          if (entries.peek(code) === fresh) entries.delete(code);
        },
      );
      return link;
    },
    /**
     * The link of `code` as kept at `now` (ms), without waiting: undefined when it is not kept, has expired or
     * is still being read (`get` reads it). The raw redirect (link-server.ts) answers from it without a promise.
     */
    peek(code: string, now: number): ActiveLink | null | undefined {
      const entry = entries.get(code);
      return entry && entry.until > now ? entry.found : undefined;
    },
  };
}

export type LinkCache = ReturnType<typeof createLinkCache>;

export type ClickRecord = {
  clickId: string;
  /** The link clicked (its url, when given, is not stored: the click id is). */
  link: Omit<LinkTarget, 'url'> & Partial<Pick<LinkTarget, 'url'>>;
  at: Date;
  platform: ClickPlatform;
  referrerHost: string | null;
  visitorHash: string;
  bot: boolean;
};

/** Namespace of the two-key advisory lock on a link's clicks ('RCLK'). */
const CLICK_LOCK = 0x52434c4b;

/**
 * The key of link_clicks_visitor_key (migration 0028): a visitor hash's first 64 bits as a bigint. The 30-minute
 * read finds a browser's unique clicks by it (then compares the whole hash): an index of three 8-byte columns
 * instead of one holding the 64-character hash, a third of its size.
 */
const VISITOR_KEY = (column: string) => sql.raw(`(('x' || left(${column}, 16))::bit(64)::bigint)`);

/**
 * A PostgreSQL array literal of `values` (text to be cast: `{a,b,c}`), each written as it is, for values the
 * array syntax leaves alone: every character must match `allowed` (a click of another shape fails its batch,
 * as a value its column refuses does, and is stored on its own or logged).
 */
function plainArray(values: readonly (string | number)[], allowed: RegExp): string {
  const body = values.join(',');
  if (!allowed.test(body)) throw new Error('a click batch holds a value of unexpected shape');
  return `{${body}}`;
}
const HEX = /^[0-9a-f,]*$/;
const UUIDS = /^[0-9a-fA-F,-]*$/;
const NUMBERS = /^[0-9,]*$/;
const TIMES = /^[0-9TZ:.+,-]*$/;
const WORDS = /^[a-z,]*$/;

/** A PostgreSQL array literal of texts that may need quoting (referrer hosts), null as NULL. */
function quotedArray(values: readonly (string | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) out += ',';
    out += value === null || value === undefined ? 'NULL' : `"${value.replace(/[\\"]/g, '\\$&')}"`;
  }
  return `${out}}`;
}

/**
 * Stores clicks, in their order, and adds them to their rollups (per creator and day, per creator, per campaign
 * and day: attribution_click_days, _click_totals, _campaign_click_days), in the transaction `trx`, so they never
 * disagree. A click is unique unless a bot's, or the same browser (visitor hash) has a unique click of this link
 * less than 30 minutes from it (policy.uniqueClicks) — stored before by
 * any replica, or earlier in the batch. Each link's clicks are decided under its transaction-scoped advisory
 * lock, taken in link order, so two replicas storing clicks of one link decide them one after the other (the
 * read that follows the lock sees what the other committed). Three statements whatever the number of clicks:
 * the locks, the read of the links that still exist and of the browsers' unique clicks around the batch, and
 * the insert with its rollups. The clicks go as one array per column (unnest), each element parsed once by its
 * type's input function: as JSON (json_to_recordset) each was lexed twice, and the batch's insert cost the
 * database ~3 µs a click more.
 */
export async function storeClicks(trx: Transaction<DB>, batch: readonly ClickRecord[]): Promise<void> {
  if (batch.length === 0) return;
  const linkIds = [...new Set(batch.map((c) => c.link.linkId))].sort((a, b) => a - b);
  await sql`
    SELECT pg_advisory_xact_lock(${CLICK_LOCK}, (id % 2147483648)::int)
    FROM (SELECT unnest(${linkIds}::bigint[]) AS id) ids ORDER BY id`.execute(trx);
  const keyOf = (linkId: number, visitor: string) => `${linkId}:${visitor}`;
  const browsers = new Set<string>();
  const browserLinks: number[] = [];
  const browserHashes: string[] = [];
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const c of batch) {
    const at = c.at.getTime();
    if (at < first) first = at;
    if (at > last) last = at;
    if (c.bot) continue;
    const key = keyOf(c.link.linkId, c.visitorHash);
    if (browsers.has(key)) continue;
    browsers.add(key);
    browserLinks.push(c.link.linkId);
    browserHashes.push(c.visitorHash);
  }
  // Under the locks (a link's deletion takes its lock too: migration 0026), in one read: the links that still
  // exist (a row each, without a visitor), then the unique clicks of the batch's browsers around it. The clicks
  // of a link deleted since the redirect read it are not stored. A visitor hash is 64 hex digits (the table's
  // check), so the arrays need no quoting.
  const around = repeatWindow(new Date(first), new Date(last));
  const { rows: read } = await sql<{ link_id: number; visitor_hash: string | null; clicked_at: Date | null }>`
    SELECT id AS link_id, NULL AS visitor_hash, NULL::timestamptz AS clicked_at
    FROM tracked_links WHERE id = ANY(${linkIds}::bigint[])
    UNION ALL
    SELECT k.link_id, k.visitor_hash, k.clicked_at
    FROM unnest(${plainArray(browserLinks, NUMBERS)}::bigint[], ${plainArray(browserHashes, HEX)}::text[]) AS v(link_id, visitor_hash)
    JOIN link_clicks k ON k.link_id = v.link_id AND ${VISITOR_KEY('k.visitor_hash')} = ${VISITOR_KEY('v.visitor_hash')}
      AND k.visitor_hash = v.visitor_hash
    WHERE k.is_unique AND k.clicked_at > ${around.after} AND k.clicked_at < ${around.before}`.execute(trx);
  const live = new Set<number>();
  const counted = new Map<string, number[]>();
  for (const row of read) {
    if (row.visitor_hash === null || row.clicked_at === null) {
      live.add(Number(row.link_id));
      continue;
    }
    const key = keyOf(Number(row.link_id), row.visitor_hash);
    counted.set(key, [...(counted.get(key) ?? []), new Date(row.clicked_at).getTime()]);
  }
  const clicks = live.size < linkIds.length ? batch.filter((c) => live.has(c.link.linkId)) : batch;
  if (clicks.length === 0) return;
  const unique = uniqueClicks(
    clicks.map((c) => ({ key: keyOf(c.link.linkId, c.visitorHash), at: c.at, bot: c.bot })),
    counted,
  );
  type Day = {
    campaign_id: number;
    influencer_user_id: number;
    business_id: number;
    day: string;
    clicks: number;
    unique_clicks: number;
    bot_clicks: number;
  };
  const days = new Map<string, Day>();
  const n = clicks.length;
  const clickIds = new Array<string>(n);
  const links = new Array<number>(n);
  const campaigns = new Array<number>(n);
  const businesses = new Array<number>(n);
  const times = new Array<string>(n);
  const platforms = new Array<string>(n);
  const referrers = new Array<string | null>(n);
  const visitors = new Array<string>(n);
  const bots = new Array<string>(n);
  const uniques = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const c = clicks[i] as ClickRecord;
    const at = c.at.toISOString();
    const day = at.slice(0, 10);
    const key = `${c.link.campaignId}:${c.link.influencerUserId}:${day}`;
    let d = days.get(key);
    if (!d) {
      d = {
        campaign_id: c.link.campaignId,
        influencer_user_id: c.link.influencerUserId,
        business_id: c.link.businessId,
        day,
        clicks: 0,
        unique_clicks: 0,
        bot_clicks: 0,
      };
      days.set(key, d);
    }
    if (c.bot) d.bot_clicks++;
    else d.clicks++;
    if (unique[i]) d.unique_clicks++;
    clickIds[i] = c.clickId;
    links[i] = c.link.linkId;
    campaigns[i] = c.link.campaignId;
    businesses[i] = c.link.businessId;
    times[i] = at;
    platforms[i] = c.platform;
    referrers[i] = c.referrerHost;
    visitors[i] = c.visitorHash;
    bots[i] = c.bot ? 't' : 'f';
    uniques[i] = unique[i] ? 't' : 'f';
  }
  const rollups = [...days.values()].sort(
    (a, b) =>
      a.campaign_id - b.campaign_id ||
      a.influencer_user_id - b.influencer_user_id ||
      a.day.localeCompare(b.day),
  );
  // The rollups' rows in key order (each GROUP BY ... ORDER BY below too): two transactions adding to the same
  // rows lock them in the same order. Click ids are UUIDs (newClickId), platforms one of four names, times ISO:
  // their arrays need no quoting (plainArray checks); a referrer host is quoted.
  await sql`
    WITH r AS MATERIALIZED (
      SELECT * FROM json_to_recordset(${JSON.stringify(rollups)}::json) AS d(campaign_id bigint,
        influencer_user_id bigint, business_id bigint, day date, clicks int, unique_clicks int, bot_clicks int)
    ), stored AS (
      INSERT INTO link_clicks (click_id, link_id, campaign_id, business_id, clicked_at, platform, referrer_host,
        visitor_hash, is_bot, is_unique)
      SELECT * FROM unnest(${plainArray(clickIds, UUIDS)}::uuid[], ${plainArray(links, NUMBERS)}::bigint[],
        ${plainArray(campaigns, NUMBERS)}::bigint[], ${plainArray(businesses, NUMBERS)}::bigint[],
        ${plainArray(times, TIMES)}::timestamptz[], ${plainArray(platforms, WORDS)}::text[],
        ${quotedArray(referrers)}::text[], ${plainArray(visitors, HEX)}::text[], ${plainArray(bots, WORDS)}::boolean[],
        ${plainArray(uniques, WORDS)}::boolean[])
    ), days AS (
      INSERT INTO attribution_click_days
        (campaign_id, influencer_user_id, business_id, day, clicks, unique_clicks, bot_clicks)
      SELECT campaign_id, influencer_user_id, business_id, day, clicks, unique_clicks, bot_clicks FROM r
      ON CONFLICT (campaign_id, influencer_user_id, day) DO UPDATE SET
        clicks = attribution_click_days.clicks + EXCLUDED.clicks,
        unique_clicks = attribution_click_days.unique_clicks + EXCLUDED.unique_clicks,
        bot_clicks = attribution_click_days.bot_clicks + EXCLUDED.bot_clicks
    ), totals AS (
      INSERT INTO attribution_click_totals
        (campaign_id, influencer_user_id, business_id, clicks, unique_clicks, bot_clicks)
      SELECT campaign_id, influencer_user_id, min(business_id), sum(clicks), sum(unique_clicks), sum(bot_clicks)
      FROM r GROUP BY campaign_id, influencer_user_id ORDER BY campaign_id, influencer_user_id
      ON CONFLICT (campaign_id, influencer_user_id) DO UPDATE SET
        clicks = attribution_click_totals.clicks + EXCLUDED.clicks,
        unique_clicks = attribution_click_totals.unique_clicks + EXCLUDED.unique_clicks,
        bot_clicks = attribution_click_totals.bot_clicks + EXCLUDED.bot_clicks
    )
    INSERT INTO attribution_campaign_click_days (campaign_id, day, clicks, unique_clicks, bot_clicks)
    SELECT campaign_id, day, sum(clicks), sum(unique_clicks), sum(bot_clicks)
    FROM r GROUP BY campaign_id, day ORDER BY campaign_id, day
    ON CONFLICT (campaign_id, day) DO UPDATE SET
      clicks = attribution_campaign_click_days.clicks + EXCLUDED.clicks,
      unique_clicks = attribution_campaign_click_days.unique_clicks + EXCLUDED.unique_clicks,
      bot_clicks = attribution_campaign_click_days.bot_clicks + EXCLUDED.bot_clicks`.execute(trx);
}

/** Stores one click (storeClicks), in `db`'s transaction or in its own. */
export async function recordClick(db: Kysely<DB> | Transaction<DB>, click: ClickRecord): Promise<void> {
  if (db.isTransaction) await storeClicks(db as Transaction<DB>, [click]);
  else await db.transaction().execute((trx) => storeClicks(trx, [click]));
}

/** Most clicks one transaction of the writer stores. */
export const CLICK_BATCH = 2_000;
/** How long a click may wait for others to be stored with (unless a batch fills first). */
export const CLICK_FLUSH_MS = 50;
/** Clicks waiting to be stored beyond which a redirect waits for the writer before it answers. */
export const CLICK_QUEUE_LIMIT = 20_000;

/**
 * Click inserts not awaited by the redirect. Clicks queue and are stored together: a batch goes when
 * CLICK_FLUSH_MS have passed since the first click waiting, or at once when CLICK_BATCH are waiting, up to
 * CLICK_BATCH per transaction (storeClicks: three statements per batch whatever its size), so a burst of visits
 * costs the database a few statements rather than several per visit. A batch that fails is retried click by
 * click (one bad click loses only itself, logged). The queue is bounded: past CLICK_QUEUE_LIMIT waiting clicks a
 * redirect waits until the writer has caught up (the database is the limit then, not memory). The app drains
 * the queue before it closes (`drain`: what waits is stored at once), so a graceful shutdown loses no click.
 */
export function createClickWriter(
  ctx: Pick<AppContext, 'db' | 'log'>,
  options: { flushMs?: number; queueLimit?: number } = {},
) {
  const flushMs = options.flushMs ?? CLICK_FLUSH_MS;
  const queueLimit = options.queueLimit ?? CLICK_QUEUE_LIMIT;
  const queue: ClickRecord[] = [];
  const waiting: (() => void)[] = [];
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function storeOneByOne(batch: ClickRecord[]) {
    for (const click of batch)
      await recordClick(ctx.db, click).catch((error: unknown) =>
        ctx.log.error({ err: error }, 'link click not stored'),
      );
  }

  const release = () => {
    if (queue.length < queueLimit) for (const resume of waiting.splice(0)) resume();
  };

  async function storeBatch(): Promise<void> {
    const batch = queue.splice(0, CLICK_BATCH);
    try {
      await ctx.db.transaction().execute((trx) => storeClicks(trx, batch));
    } catch {
      await storeOneByOne(batch);
    }
  }

  /** Stores a batch of what waits now (none while a batch is being stored: the next follows it). */
  function flush() {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (running || queue.length === 0) return;
    running = storeBatch().finally(() => {
      running = null;
      release();
      if (queue.length) schedule();
    });
  }

  function schedule() {
    if (queue.length >= CLICK_BATCH) flush();
    else if (!timer && !running) timer = setTimeout(flush, flushMs);
  }

  return {
    /** Queues a click; a promise to wait for when the queue is full. */
    write(click: ClickRecord): Promise<void> | undefined {
      queue.push(click);
      schedule();
      return queue.length > queueLimit ? new Promise<void>((resolve) => waiting.push(resolve)) : undefined;
    },
    /** Clicks not stored yet. */
    pending: (): number => queue.length,
    /** Stores every waiting click now. */
    async drain(): Promise<void> {
      while (running || queue.length) {
        flush();
        await running;
      }
    },
  };
}

export type ClickWriter = ReturnType<typeof createClickWriter>;

/** The time part of the last click id made (its first 15 characters, the version digit included) and its ms. */
let idPrefix = { ms: -1, text: '' };

/**
 * A click's id (rc_id): a UUID v7, in the order clicks happen (policy.uuidV7's value), its time part written
 * once per millisecond.
 */
export function newClickId(): string {
  const ms = Date.now();
  if (ms !== idPrefix.ms) idPrefix = { ms, text: uuidV7(ms, ZERO_UUID).slice(0, 15) };
  return idPrefix.text + crypto.randomUUID().slice(15);
}
const ZERO_UUID = '00000000-0000-4000-8000-000000000000';

/**
 * The key of visitor hashes, derived from the app secret (APP_SECRET, or the generated one under DATA_DIR/keys
 * with dev tools on: the same value app.ts seals provider tokens with), so a hash cannot be reversed by trying
 * every address without it.
 */
export function visitorKey(config: AppContext['config']): Buffer {
  const secret = secretFromEnvOrFile({
    value: config.APP_SECRET,
    dataDir: config.dataDir,
    file: 'app-secret',
    mayGenerate: config.devTools,
    envName: 'APP_SECRET',
    generate: () => randomToken(48),
  });
  return crypto.createHmac('sha256', secret).update('reach:link-click-visitor').digest();
}

/** The visitor hash of a visit's address and user agent (policy.visitorHash's value). */
export type VisitorHasher = (ip: string, userAgent: string | undefined) => string;

/** Longest address and user agent (in UTF-16 units) hashed from the preallocated block; longer ones by createHmac. */
const HASHED_IN_PLACE = 2_048;

/**
 * policy.visitorHash with `key`, the same HMAC-SHA256 computed with two one-shot hashes over blocks made once —
 * the key's inner and outer pads — instead of a new Hmac object per visit (createHmac cost ~3.5 µs a visit
 * timed alone, ~5.7 µs of the server's CPU under load; this ~1 µs, the inner digest taken as text rather than as
 * a Buffer, ~1.9 µs).
 */
export function visitorHasher(key: Buffer): VisitorHasher {
  const hash = (crypto as { hash?: typeof crypto.hash }).hash;
  if (typeof hash !== 'function' || key.length > 64) return (ip, ua) => visitorHash(key, ip, ua);
  const inner = Buffer.alloc(64 + HASHED_IN_PLACE * 3, 0);
  const outer = Buffer.alloc(64 + 32, 0);
  for (let i = 0; i < 64; i++) {
    inner[i] = (key[i] ?? 0) ^ 0x36;
    outer[i] = (key[i] ?? 0) ^ 0x5c;
  }
  return (ip, userAgent) => {
    const message = `${ip}\n${userAgent ?? ''}`;
    if (message.length > HASHED_IN_PLACE) return visitorHash(key, ip, userAgent);
    const length = inner.write(message, 64, 'utf8');
    // The inner digest as 'binary' (Latin-1) text, a character a byte, written into the block: no Buffer made
    // per visit.
    outer.write(hash('sha256', inner.subarray(0, 64 + length), 'binary'), 64, 'binary');
    return hash('sha256', outer, 'hex');
  };
}

/** User agents read lately, and what they are (the same few browser versions send most visits). */
const browsers = new Map<string, { platform: ClickPlatform; bot: boolean }>();
const BROWSERS_KEPT = 1_000;

/** The platform of a user agent, and whether it is a known bot's (isbot; no user agent at all is no browser). */
function browserOf(userAgent: string | undefined): { platform: ClickPlatform; bot: boolean } {
  if (!userAgent) return { platform: platformOf(userAgent), bot: true };
  const known = browsers.get(userAgent);
  if (known) return known;
  const browser = { platform: platformOf(userAgent), bot: isbot(userAgent) };
  if (userAgent.length <= 512) {
    if (browsers.size >= BROWSERS_KEPT) browsers.clear();
    browsers.set(userAgent, browser);
  }
  return browser;
}

/** A click as the redirect hands it over: its id, link and time, and the request's address and headers. */
export type ClickVisit = {
  clickId: string;
  link: ClickRecord['link'];
  at: Date;
  ip: string;
  userAgent: string | undefined;
  referer: string | undefined;
};

/** A visit read into the click stored: the visitor hash, the platform, whether a bot's, the referrer's host. */
export function clickOfVisit(visitor: VisitorHasher, visit: ClickVisit): ClickRecord {
  const browser = browserOf(visit.userAgent);
  return {
    clickId: visit.clickId,
    link: visit.link,
    at: visit.at,
    platform: browser.platform,
    bot: browser.bot,
    referrerHost: referrerHost(visit.referer),
    visitorHash: visitor(visit.ip, visit.userAgent),
  };
}

/**
 * Where the redirect hands a visit's click: `visit` queues it, and returns a promise to wait for before answering
 * when the queue is full. The visitor hash and the rest of the click are worked out by whoever stores it (a
 * worker thread on PostgreSQL: click-offload.ts), not on the request's path.
 */
export type ClickSink = { visit(visit: ClickVisit): Promise<void> | undefined };

/** A sink reading each visit into its click at once, for `writer` (the main thread's: PGlite). */
export function visitsTo(writer: Pick<ClickWriter, 'write'>, visitor: VisitorHasher): ClickSink {
  return { visit: (visit) => writer.write(clickOfVisit(visitor, visit)) };
}

/** What a visit of a tracked link tells about it (the request's part: the link is read before). */
export type Visit = {
  ip: string;
  userAgent: string | undefined;
  referer: string | undefined;
  /** False for a HEAD request (link checkers, previews): answered the same, not a click. */
  record: boolean;
};

/**
 * A visit of an active link, without waiting: where the visitor goes (a new click id in it) and, for a GET, the
 * click handed to `clicks` — `full` is its promise to wait for before answering when its queue is full.
 * Shared by the Fastify route (followLink) and the raw redirect (link-server.ts).
 */
export function visitLink(
  clicks: ClickSink,
  link: ActiveLink,
  at: Date,
  visit: Visit,
): { url: string; full: Promise<void> | undefined } {
  const clickId = newClickId();
  const url = link.target(clickId);
  if (!visit.record) return { url, full: undefined };
  const full = clicks.visit({
    clickId,
    link,
    at,
    ip: visit.ip,
    userAgent: visit.userAgent,
    referer: visit.referer,
  });
  return { url, full };
}

/**
 * GET /r/{code}: where the visitor goes (null: no such active link). The link is read through `links` (kept a
 * few seconds); the click is handed to `clicks`, not awaited unless its queue is full: the visitor is on their
 * way while it is stored.
 */
export async function followLink(
  ctx: Pick<AppContext, 'now'>,
  links: LinkCache,
  clicks: ClickSink,
  visit: Visit & { code: string },
): Promise<string | null> {
  const link = await links.get(visit.code);
  if (!link) return null;
  const { url, full } = visitLink(clicks, link, ctx.now(), visit);
  if (full) await full;
  return url;
}
