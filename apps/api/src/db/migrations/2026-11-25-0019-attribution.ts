import { type Kysely, sql } from 'kysely';

/**
 * Attribution (issue 14): tracked links, their clicks, discount codes, per-business API keys, conversions and
 * each business's attribution settings.
 *
 * tracked_links: one per (campaign, creator), made for an active connection of a campaign with URL tracking on;
 * `code` is the unguessable path of `/r/{code}`.
 * link_clicks: every click of a link, with its time, the platform read from the user agent, the referrer's
 * host and `visitor_hash` — HMAC-SHA256 of IP and user agent with a server secret, never the raw address.
 * `is_unique` is false for a click from the same browser within 30 minutes of a counted one, `is_bot` true for
 * a known bot's user agent; both are stored (the click id was issued) and left out of the counts. campaign_id
 * is copied from the link so daily figures per campaign read one index range, (campaign_id, clicked_at).
 * discount_codes: one per (campaign, creator), uppercase, unique per business.
 * api_keys: sha256 of the key (the key is shown once), its first characters to tell keys apart.
 * conversions: one per (business, order id) — an order reported again is answered from here —, the amount in
 * minor units of its ISO 4217 currency, what the order carried (code, click id), and the attribution decided
 * when it was recorded (via code, click or none; the campaign and creator; the window in force).
 * business_attribution_settings: the attribution window (default 30 days) and the Shopify webhook: a random
 * path token and the signing secret, sealed with the app secret.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE business_attribution_settings (
      business_id bigint PRIMARY KEY REFERENCES businesses(id) ON DELETE CASCADE,
      attribution_window_days integer NOT NULL DEFAULT 30
        CHECK (attribution_window_days BETWEEN 1 AND 90),
      shopify_token text UNIQUE CHECK (shopify_token IS NULL OR shopify_token ~ '^[A-Za-z0-9_-]{16,64}$'),
      shopify_secret_sealed text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((shopify_token IS NULL) = (shopify_secret_sealed IS NULL))
    )`.execute(db);

  await sql`
    CREATE TABLE tracked_links (
      id bigserial PRIMARY KEY,
      code text NOT NULL UNIQUE CHECK (code ~ '^[A-Za-z0-9_-]{8,32}$'),
      business_id bigint NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      influencer_user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      connection_id bigint NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (campaign_id, influencer_user_id)
    )`.execute(db);
  await sql`CREATE INDEX tracked_links_influencer ON tracked_links (influencer_user_id)`.execute(db);

  await sql`
    CREATE TABLE link_clicks (
      id bigserial PRIMARY KEY,
      click_id uuid NOT NULL UNIQUE,
      link_id bigint NOT NULL REFERENCES tracked_links(id) ON DELETE CASCADE,
      campaign_id bigint NOT NULL,
      business_id bigint NOT NULL,
      clicked_at timestamptz NOT NULL,
      platform text NOT NULL CHECK (platform IN ('ios', 'android', 'desktop', 'other')),
      referrer_host text CHECK (referrer_host IS NULL OR length(referrer_host) <= 255),
      visitor_hash text NOT NULL CHECK (visitor_hash ~ '^[0-9a-f]{64}$'),
      is_unique boolean NOT NULL,
      is_bot boolean NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX link_clicks_campaign_day ON link_clicks (campaign_id, clicked_at)`.execute(db);
  await sql`CREATE INDEX link_clicks_link_visitor ON link_clicks (link_id, visitor_hash, clicked_at)`.execute(
    db,
  );

  await sql`
    CREATE TABLE discount_codes (
      id bigserial PRIMARY KEY,
      business_id bigint NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      influencer_user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      connection_id bigint NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
      code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{3,32}$'),
      source text NOT NULL CHECK (source IN ('generated', 'typed')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (business_id, code),
      UNIQUE (campaign_id, influencer_user_id)
    )`.execute(db);
  await sql`CREATE INDEX discount_codes_influencer ON discount_codes (influencer_user_id)`.execute(db);

  await sql`
    CREATE TABLE api_keys (
      id bigserial PRIMARY KEY,
      business_id bigint NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
      prefix text NOT NULL,
      key_hash text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
      created_by bigint REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX api_keys_business ON api_keys (business_id)`.execute(db);

  await sql`
    CREATE TABLE conversions (
      id bigserial PRIMARY KEY,
      business_id bigint NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      order_id text NOT NULL CHECK (length(order_id) BETWEEN 1 AND 128),
      amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      occurred_at timestamptz NOT NULL,
      source text NOT NULL CHECK (source IN ('api', 'shopify')),
      given_code text CHECK (given_code IS NULL OR length(given_code) <= 64),
      given_click_id uuid,
      request_hash text NOT NULL,
      attributed_via text NOT NULL CHECK (attributed_via IN ('code', 'click', 'none')),
      campaign_id bigint REFERENCES campaigns(id) ON DELETE SET NULL,
      influencer_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      discount_code_id bigint REFERENCES discount_codes(id) ON DELETE SET NULL,
      link_click_id bigint REFERENCES link_clicks(id) ON DELETE SET NULL,
      attribution_window_days integer NOT NULL,
      api_key_id bigint REFERENCES api_keys(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (business_id, order_id)
    )`.execute(db);
  await sql`CREATE INDEX conversions_campaign_day ON conversions (campaign_id, occurred_at)`.execute(db);
  await sql`CREATE INDEX conversions_business_created ON conversions (business_id, created_at)`.execute(db);
}
