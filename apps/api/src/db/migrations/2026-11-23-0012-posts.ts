import { type Kysely, sql } from 'kysely';

/**
 * Posts (issue 7): what influencers published for the campaigns they work on, their review and payment; the
 * Facebook/Instagram webhooks that detect posts.
 *
 * posts: one row per post on one connection (so per campaign + influencer). A resubmission after a rejection
 * updates the same row (new url, caption, media) and records an event. `payment_transaction_id` is the ledger
 * transaction that paid it (idempotency key `post:<id>`), written in the transaction that approves it. A post
 * URL is unique per campaign; a webhook post's Instagram media id is unique overall (replays create nothing).
 * post_media: up to 5 files per post (JPEG, PNG, MP4) in storage. post_events: every submission and review
 * (who, from, to, the reason), written with the change.
 * facebook_webhook_events: each received, signature-verified delivery once (sha256 of the raw body: Meta's
 * payloads have no event id), so a replayed delivery changes nothing.
 * webhook_subscriptions: the Instagram accounts whose webhook events REACH receives, per user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE posts (
      id bigserial PRIMARY KEY,
      connection_id bigint NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      business_id bigint NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      influencer_user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      platform text NOT NULL CHECK (platform IN ('instagram', 'tiktok', 'youtube')),
      post_url text CHECK (post_url IS NULL OR length(post_url) <= 2048),
      caption text CHECK (caption IS NULL OR length(caption) <= 2200),
      source text NOT NULL CHECK (source IN ('submitted', 'webhook')),
      external_media_id text,
      status text NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'approved', 'rejected')),
      rejection_reason text CHECK (rejection_reason IS NULL OR length(rejection_reason) <= 500),
      submitted_at timestamptz NOT NULL DEFAULT now(),
      reviewed_at timestamptz,
      reviewed_by bigint REFERENCES users(id) ON DELETE SET NULL,
      payment_transaction_id bigint,
      paid_cents bigint CHECK (paid_cents IS NULL OR paid_cents > 0),
      paid_at timestamptz,
      likes integer,
      comments integer,
      reach integer,
      metrics_fetched_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT posts_paid_only_approved CHECK (payment_transaction_id IS NULL OR status = 'approved'),
      CONSTRAINT posts_rejected_has_reason CHECK (status <> 'rejected' OR rejection_reason IS NOT NULL)
    );
    CREATE UNIQUE INDEX posts_campaign_url_key ON posts (campaign_id, post_url) WHERE post_url IS NOT NULL;
    CREATE UNIQUE INDEX posts_media_id_key ON posts (external_media_id) WHERE external_media_id IS NOT NULL;
    CREATE UNIQUE INDEX posts_payment_key ON posts (payment_transaction_id)
      WHERE payment_transaction_id IS NOT NULL;
    CREATE INDEX posts_business_idx ON posts (business_id, status, submitted_at);
    CREATE INDEX posts_influencer_idx ON posts (influencer_user_id, status, submitted_at);
    CREATE INDEX posts_campaign_idx ON posts (campaign_id, influencer_user_id, status);
    CREATE INDEX posts_connection_idx ON posts (connection_id);

    CREATE TABLE post_media (
      id bigserial PRIMARY KEY,
      post_id bigint NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
      key text NOT NULL,
      mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'video/mp4')),
      size_bytes bigint NOT NULL CHECK (size_bytes > 0),
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX post_media_post_idx ON post_media (post_id, position);

    CREATE TABLE post_events (
      id bigserial PRIMARY KEY,
      post_id bigint NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
      actor_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      from_status text CHECK (from_status IN ('submitted', 'approved', 'rejected')),
      to_status text NOT NULL CHECK (to_status IN ('submitted', 'approved', 'rejected')),
      reason text,
      post_url text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX post_events_post_idx ON post_events (post_id, id);

    CREATE TABLE facebook_webhook_events (
      id bigserial PRIMARY KEY,
      event_hash text NOT NULL UNIQUE CHECK (event_hash ~ '^[0-9a-f]{64}$'),
      object text NOT NULL,
      changes integer NOT NULL DEFAULT 0,
      posts_created integer NOT NULL DEFAULT 0,
      received_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE webhook_subscriptions (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      object text NOT NULL CHECK (object IN ('instagram', 'page', 'user')),
      fields jsonb NOT NULL DEFAULT '[]',
      instagram_account_id text,
      instagram_username text,
      active boolean NOT NULL DEFAULT true,
      last_event_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX webhook_subscriptions_account_key ON webhook_subscriptions (object, instagram_account_id)
      WHERE instagram_account_id IS NOT NULL;
    CREATE INDEX webhook_subscriptions_user_idx ON webhook_subscriptions (user_id);
  `.execute(db);
}
