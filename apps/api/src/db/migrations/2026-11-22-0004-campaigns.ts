import { type Kysely, sql } from 'kysely';

/**
 * Campaigns: the campaign itself (money in integer cents), its interests, media and per-influencer message
 * threads, and the log of its status changes. campaign_types exists since the foundation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    CREATE TABLE campaigns (
      id bigserial PRIMARY KEY,
      business_id bigint NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      type_id integer NOT NULL REFERENCES campaign_types(id),
      status text NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'active', 'paused', 'completed', 'archived')),
      title text,
      start_date date,
      end_date date,
      description text,
      brand_overview text,
      objectives text,
      talking_points text,
      post_requirements text,
      url_tracking boolean NOT NULL DEFAULT false,
      tracker_url text,
      product_name text,
      product_amount_cents bigint CHECK (product_amount_cents >= 0),
      product_description text,
      product_link text,
      total_budget_cents bigint CHECK (total_budget_cents > 0),
      amount_per_post_cents bigint CHECK (amount_per_post_cents > 0),
      max_posts_per_influencer integer CHECK (max_posts_per_influencer >= 1),
      published_at timestamptz,
      paused_at timestamptz,
      completed_at timestamptz,
      archived_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (start_date IS NULL OR end_date IS NULL OR start_date <= end_date)
    );
    -- A business's own list, sorted by title (the default) or filtered by status.
    CREATE INDEX campaigns_business_title_idx ON campaigns (business_id, lower(title), id);
    CREATE INDEX campaigns_business_status_idx ON campaigns (business_id, status);
    -- Influencer browse: active campaigns only, sorted by title or by start date.
    CREATE INDEX campaigns_active_title_idx ON campaigns (lower(title), id) WHERE status = 'active';
    CREATE INDEX campaigns_active_start_idx ON campaigns (start_date, id) WHERE status = 'active';
    -- Admin list and counts.
    CREATE INDEX campaigns_status_idx ON campaigns (status);
    CREATE INDEX campaigns_created_idx ON campaigns (created_at, id);
    -- Title search (ILIKE '%…%').
    CREATE INDEX campaigns_title_trgm_idx ON campaigns USING gin (title gin_trgm_ops);

    CREATE TABLE campaign_interests (
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      interest_id integer NOT NULL REFERENCES interests(id) ON DELETE CASCADE,
      PRIMARY KEY (campaign_id, interest_id)
    );
    CREATE INDEX campaign_interests_interest_idx ON campaign_interests (interest_id, campaign_id);

    CREATE TABLE campaign_media (
      id bigserial PRIMARY KEY,
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      key text NOT NULL,
      mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'video/mp4')),
      size_bytes bigint NOT NULL CHECK (size_bytes > 0),
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX campaign_media_campaign_idx ON campaign_media (campaign_id, position, id);
    -- Duplicated campaigns share stored files: a file is deleted only when no row refers to it any more.
    CREATE INDEX campaign_media_key_idx ON campaign_media (key);

    CREATE TABLE campaign_messages (
      id bigserial PRIMARY KEY,
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      influencer_user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      sender_user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      body text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX campaign_messages_thread_idx ON campaign_messages (campaign_id, influencer_user_id, id);
    CREATE INDEX campaign_messages_influencer_idx ON campaign_messages (influencer_user_id, campaign_id);

    CREATE TABLE campaign_status_events (
      id bigserial PRIMARY KEY,
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      from_status text,
      to_status text NOT NULL,
      actor_id bigint REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX campaign_status_events_campaign_idx ON campaign_status_events (campaign_id, id);
    CREATE INDEX campaign_status_events_created_idx ON campaign_status_events (created_at);
  `.execute(db);
}
