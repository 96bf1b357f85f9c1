import { type Kysely, sql } from 'kysely';

/**
 * Reports (issue 14): daily rollups of the attribution figures, and each business's EMV values.
 *
 * attribution_click_days: per (campaign, creator, UTC day) the clicks of the creator's link — `clicks` by
 * people (bots left out), `unique_clicks` those counted once per browser per 30 minutes, `bot_clicks` the known
 * bots'. attribution_conversion_days: per (campaign, creator, UTC day of the order, currency) the attributed
 * conversions and their revenue in minor units of that currency (no conversion between currencies: revenue is
 * reported per currency). Both are written in the statement or transaction that records the click or the
 * conversion (modules/attribution: recordClick, recordConversion), so a report reads them instead of scanning
 * the raw clicks; this migration fills them from the rows recorded before it.
 *
 * business_emv_settings: the values a business gives EMV (contract reports.ts, EmvRates: US dollars per like,
 * comment, share, save, video view and per 1,000 impressions, per platform); no row: the REACH defaults.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE attribution_click_days (
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      influencer_user_id bigint NOT NULL,
      business_id bigint NOT NULL,
      day date NOT NULL,
      clicks integer NOT NULL DEFAULT 0 CHECK (clicks >= 0),
      unique_clicks integer NOT NULL DEFAULT 0 CHECK (unique_clicks >= 0 AND unique_clicks <= clicks),
      bot_clicks integer NOT NULL DEFAULT 0 CHECK (bot_clicks >= 0),
      PRIMARY KEY (campaign_id, influencer_user_id, day)
    )`.execute(db);
  await sql`CREATE INDEX attribution_click_days_creator ON attribution_click_days (business_id, influencer_user_id, day)`.execute(
    db,
  );

  await sql`
    CREATE TABLE attribution_conversion_days (
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      influencer_user_id bigint NOT NULL,
      business_id bigint NOT NULL,
      day date NOT NULL,
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      conversions integer NOT NULL DEFAULT 0 CHECK (conversions >= 0),
      revenue_cents bigint NOT NULL DEFAULT 0 CHECK (revenue_cents >= 0),
      PRIMARY KEY (campaign_id, influencer_user_id, day, currency)
    )`.execute(db);
  await sql`CREATE INDEX attribution_conversion_days_creator ON attribution_conversion_days (business_id, influencer_user_id, day)`.execute(
    db,
  );

  await sql`
    INSERT INTO attribution_click_days
      (campaign_id, influencer_user_id, business_id, day, clicks, unique_clicks, bot_clicks)
    SELECT l.campaign_id, l.influencer_user_id, l.business_id, (k.clicked_at AT TIME ZONE 'UTC')::date,
      count(*) FILTER (WHERE NOT k.is_bot), count(*) FILTER (WHERE k.is_unique AND NOT k.is_bot),
      count(*) FILTER (WHERE k.is_bot)
    FROM link_clicks k JOIN tracked_links l ON l.id = k.link_id
    GROUP BY l.campaign_id, l.influencer_user_id, l.business_id, (k.clicked_at AT TIME ZONE 'UTC')::date
  `.execute(db);
  await sql`
    INSERT INTO attribution_conversion_days
      (campaign_id, influencer_user_id, business_id, day, currency, conversions, revenue_cents)
    SELECT campaign_id, influencer_user_id, business_id, (occurred_at AT TIME ZONE 'UTC')::date, currency,
      count(*), sum(amount_cents)
    FROM conversions
    WHERE campaign_id IS NOT NULL AND influencer_user_id IS NOT NULL
    GROUP BY campaign_id, influencer_user_id, business_id, (occurred_at AT TIME ZONE 'UTC')::date, currency
  `.execute(db);

  await sql`
    CREATE TABLE business_emv_settings (
      business_id bigint PRIMARY KEY REFERENCES businesses(id) ON DELETE CASCADE,
      rates jsonb NOT NULL CHECK (jsonb_typeof(rates) = 'object'),
      updated_by bigint REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
