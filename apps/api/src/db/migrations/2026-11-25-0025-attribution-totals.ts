import { type Kysely, sql } from 'kysely';

/**
 * The attribution rollups a campaign report reads, kept with the daily ones (0021) in the statement or
 * transaction that records a click or a conversion (modules/attribution: storeClicks, recordConversion).
 * A campaign of 200 creators over 60 days has 12,000 rows per creator and day in each daily table, which every
 * report added up again (two GROUPING SETS scans, 6–8 ms of the database's time each on the reports benchmark);
 * these tables hold the sums themselves:
 *
 * - attribution_click_totals: per (campaign, creator) the clicks of every day — a campaign report's creators,
 *   the campaign's attribution view, a creator report's campaigns (by business and creator);
 * - attribution_campaign_click_days: per (campaign, UTC day) the clicks of every creator — a campaign report's
 *   daily series;
 * - attribution_conversion_totals and attribution_campaign_conversion_days: the same for the attributed
 *   conversions and their revenue, per currency.
 *
 * Counts are bigint here (sums of many days). This migration fills them from the daily rollups.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE attribution_click_totals (
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      influencer_user_id bigint NOT NULL,
      business_id bigint NOT NULL,
      clicks bigint NOT NULL DEFAULT 0 CHECK (clicks >= 0),
      unique_clicks bigint NOT NULL DEFAULT 0 CHECK (unique_clicks >= 0 AND unique_clicks <= clicks),
      bot_clicks bigint NOT NULL DEFAULT 0 CHECK (bot_clicks >= 0),
      PRIMARY KEY (campaign_id, influencer_user_id)
    );
    CREATE INDEX attribution_click_totals_creator ON attribution_click_totals (business_id, influencer_user_id);
    CREATE TABLE attribution_campaign_click_days (
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      day date NOT NULL,
      clicks bigint NOT NULL DEFAULT 0 CHECK (clicks >= 0),
      unique_clicks bigint NOT NULL DEFAULT 0 CHECK (unique_clicks >= 0 AND unique_clicks <= clicks),
      bot_clicks bigint NOT NULL DEFAULT 0 CHECK (bot_clicks >= 0),
      PRIMARY KEY (campaign_id, day)
    );
    CREATE TABLE attribution_conversion_totals (
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      influencer_user_id bigint NOT NULL,
      business_id bigint NOT NULL,
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      conversions bigint NOT NULL DEFAULT 0 CHECK (conversions >= 0),
      revenue_cents bigint NOT NULL DEFAULT 0 CHECK (revenue_cents >= 0),
      PRIMARY KEY (campaign_id, influencer_user_id, currency)
    );
    CREATE INDEX attribution_conversion_totals_creator
      ON attribution_conversion_totals (business_id, influencer_user_id);
    CREATE TABLE attribution_campaign_conversion_days (
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      day date NOT NULL,
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      conversions bigint NOT NULL DEFAULT 0 CHECK (conversions >= 0),
      revenue_cents bigint NOT NULL DEFAULT 0 CHECK (revenue_cents >= 0),
      PRIMARY KEY (campaign_id, day, currency)
    );
  `.execute(db);
  await sql`
    INSERT INTO attribution_click_totals
      (campaign_id, influencer_user_id, business_id, clicks, unique_clicks, bot_clicks)
    SELECT campaign_id, influencer_user_id, min(business_id), sum(clicks), sum(unique_clicks), sum(bot_clicks)
    FROM attribution_click_days GROUP BY campaign_id, influencer_user_id;
    INSERT INTO attribution_campaign_click_days (campaign_id, day, clicks, unique_clicks, bot_clicks)
    SELECT campaign_id, day, sum(clicks), sum(unique_clicks), sum(bot_clicks)
    FROM attribution_click_days GROUP BY campaign_id, day;
    INSERT INTO attribution_conversion_totals
      (campaign_id, influencer_user_id, business_id, currency, conversions, revenue_cents)
    SELECT campaign_id, influencer_user_id, min(business_id), currency, sum(conversions), sum(revenue_cents)
    FROM attribution_conversion_days GROUP BY campaign_id, influencer_user_id, currency;
    INSERT INTO attribution_campaign_conversion_days (campaign_id, day, currency, conversions, revenue_cents)
    SELECT campaign_id, day, currency, sum(conversions), sum(revenue_cents)
    FROM attribution_conversion_days GROUP BY campaign_id, day, currency;
  `.execute(db);
}
