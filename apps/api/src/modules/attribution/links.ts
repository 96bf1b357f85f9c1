import crypto from 'node:crypto';
import { isbot } from 'isbot';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { ClickPlatform, DB } from '../../db/schema';
import { randomToken, secretFromEnvOrFile } from '../../lib/secrets';
import {
  campaignSlug,
  creatorHandle,
  LINK_CODE_PATTERN,
  newLinkCode,
  platformOf,
  redirectTarget,
  referrerHost,
  repeatWindowStart,
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

/**
 * The link of `code` and where it sends a click with id `clickId` — or null when there is no such link, the
 * campaign's URL tracking is off or its tracker URL gone, or the creator is no longer on the campaign.
 */
export async function resolveLink(
  ctx: Pick<AppContext, 'db'>,
  code: string,
  clickId: string,
): Promise<LinkTarget | null> {
  if (!LINK_CODE_PATTERN.test(code)) return null;
  const row = await ctx.db
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
  const url = redirectTarget(row.tracker_url, {
    campaign: campaignSlug({ id: row.campaign_id, title: row.title }),
    content: creatorHandle(row) ?? `creator-${row.influencer_user_id}`,
    clickId,
  });
  return url
    ? {
        linkId: row.id,
        campaignId: row.campaign_id,
        businessId: row.business_id,
        influencerUserId: row.influencer_user_id,
        url,
      }
    : null;
}

export type ClickRecord = {
  clickId: string;
  link: LinkTarget;
  at: Date;
  platform: ClickPlatform;
  referrerHost: string | null;
  visitorHash: string;
  bot: boolean;
};

/**
 * Stores a click and adds it to its day's rollup (attribution_click_days) in one statement, so the two never
 * disagree: it is unique unless a bot's, or the same browser (visitor hash) had a counted click of this link
 * in the last 30 minutes.
 */
export async function recordClick(db: Kysely<DB> | Transaction<DB>, click: ClickRecord): Promise<void> {
  const repeatSince = repeatWindowStart(click.at);
  const unique = click.bot
    ? sql<boolean>`false`
    : sql<boolean>`NOT EXISTS (
        SELECT 1 FROM link_clicks
        WHERE link_id = ${click.link.linkId} AND visitor_hash = ${click.visitorHash}
          AND clicked_at > ${repeatSince} AND clicked_at <= ${click.at} AND is_unique)`;
  await sql`
    WITH stored AS (
      INSERT INTO link_clicks (click_id, link_id, campaign_id, business_id, clicked_at, platform, referrer_host,
        visitor_hash, is_bot, is_unique)
      VALUES (${click.clickId}, ${click.link.linkId}, ${click.link.campaignId}, ${click.link.businessId},
        ${click.at}, ${click.platform}, ${click.referrerHost}, ${click.visitorHash}, ${click.bot}, ${unique})
      RETURNING is_unique, is_bot, clicked_at
    )
    INSERT INTO attribution_click_days
      (campaign_id, influencer_user_id, business_id, day, clicks, unique_clicks, bot_clicks)
    SELECT ${click.link.campaignId}, ${click.link.influencerUserId}, ${click.link.businessId},
      (clicked_at AT TIME ZONE 'UTC')::date, (NOT is_bot)::int, (is_unique AND NOT is_bot)::int, is_bot::int
    FROM stored
    ON CONFLICT (campaign_id, influencer_user_id, day) DO UPDATE SET
      clicks = attribution_click_days.clicks + EXCLUDED.clicks,
      unique_clicks = attribution_click_days.unique_clicks + EXCLUDED.unique_clicks,
      bot_clicks = attribution_click_days.bot_clicks + EXCLUDED.bot_clicks
  `.execute(db);
}

/** Most clicks one transaction of the writer stores. */
const CLICK_BATCH = 200;

/**
 * Click inserts not awaited by the redirect. Clicks queue and are stored in turn, a batch per transaction (each
 * click still its own insert, in arrival order, so a repeat within 30 minutes sees the click before it even in
 * the same batch): a link's daily rollup row is then locked once per batch instead of once per visit, which
 * kept concurrent visits of one link waiting on each other. A batch that fails is retried click by click (one
 * bad click loses only itself, logged); the app drains the queue before it closes.
 */
export function createClickWriter(ctx: Pick<AppContext, 'db' | 'log'>) {
  const queue: ClickRecord[] = [];
  let running: Promise<void> | null = null;

  async function storeOneByOne(batch: ClickRecord[]) {
    for (const click of batch)
      await recordClick(ctx.db, click).catch((error: unknown) =>
        ctx.log.error({ err: error }, 'link click not stored'),
      );
  }

  async function run(): Promise<void> {
    while (queue.length) {
      const batch = queue.splice(0, CLICK_BATCH);
      try {
        await ctx.db.transaction().execute(async (trx) => {
          for (const click of batch) await recordClick(trx, click);
        });
      } catch {
        await storeOneByOne(batch);
      }
    }
  }

  function start() {
    if (running) return;
    running = new Promise<void>((resolve) => setImmediate(resolve)).then(run).finally(() => {
      running = null;
      if (queue.length) start();
    });
  }

  return {
    write(click: ClickRecord): void {
      queue.push(click);
      start();
    },
    async drain(): Promise<void> {
      while (running || queue.length) {
        start();
        await running;
      }
    },
  };
}

export type ClickWriter = ReturnType<typeof createClickWriter>;

export const newClickId = (): string => crypto.randomUUID();

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

/**
 * GET /r/{code}: where the visitor goes (null: no such active link). The click is queued on `writer`, not
 * awaited: the visitor is on their way while it is stored.
 */
export async function followLink(
  ctx: Pick<AppContext, 'db' | 'now'>,
  writer: ClickWriter,
  key: Buffer,
  visit: {
    code: string;
    ip: string;
    userAgent: string | undefined;
    referer: string | undefined;
    /** False for a HEAD request (link checkers, previews): answered the same, not a click. */
    record: boolean;
  },
): Promise<string | null> {
  const clickId = newClickId();
  const link = await resolveLink(ctx, visit.code, clickId);
  if (!link) return null;
  if (!visit.record) return link.url;
  writer.write({
    clickId,
    link,
    at: ctx.now(),
    platform: platformOf(visit.userAgent),
    referrerHost: referrerHost(visit.referer),
    visitorHash: visitorHash(key, visit.ip, visit.userAgent),
    // No user agent at all is no browser either.
    bot: !visit.userAgent || isbot(visit.userAgent),
  });
  return link.url;
}
