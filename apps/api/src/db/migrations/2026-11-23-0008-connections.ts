import { type Kysely, sql } from 'kysely';

/**
 * Connections between businesses and influencers (issue 6), their history and reviews; US ZIP codes with
 * coordinates for the directory's radius search; the pending invitations of imports become connections.
 *
 * connections: one row per business + influencer + campaign collaboration. The partial unique index makes a
 * second invitation or application to the same campaign a conflict while one is live; after a decline or a
 * cancellation the pair may start again. connection_events: every status change, written in the transaction
 * that makes it. reviews: each side reviews the other once per completed connection; hidden ones stop counting
 * towards the influencer's rating (influencer_profiles.rating, recomputed with every change).
 * zip_codes: loaded by the reference seed from the `zipcodes` package (US ZIP centroids).
 * Radius search: a GiST index on ll_to_earth(lat, lng) answers earth_box() bounding-box queries; the exact
 * earth_distance() check then runs on the few rows inside the box.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS cube;
    CREATE EXTENSION IF NOT EXISTS earthdistance;

    CREATE TABLE zip_codes (
      zip text PRIMARY KEY CHECK (zip ~ '^[0-9]{5}$'),
      city text NOT NULL,
      state_code text NOT NULL,
      lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
      lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180)
    );

    CREATE INDEX influencer_profiles_earth_idx ON influencer_profiles USING gist (ll_to_earth(lat, lng))
      WHERE lat IS NOT NULL AND lng IS NOT NULL;
    CREATE INDEX influencer_profiles_first_name_idx ON influencer_profiles (lower(first_name), id);
    CREATE INDEX influencer_profiles_state_idx ON influencer_profiles (state_id);
    CREATE INDEX influencer_interests_interest_idx ON influencer_interests (interest_id, influencer_id);

    CREATE TABLE connections (
      id bigserial PRIMARY KEY,
      business_id bigint NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      influencer_user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status text NOT NULL
        CHECK (status IN ('invited', 'applied', 'accepted', 'declined', 'completed', 'cancelled')),
      initiated_by text NOT NULL CHECK (initiated_by IN ('business', 'influencer')),
      source text NOT NULL DEFAULT 'direct'
        CHECK (source IN ('direct', 'csv', 'list', 'discovery', 'invite_link')),
      message text CHECK (message IS NULL OR length(message) <= 2000),
      created_by bigint REFERENCES users(id) ON DELETE SET NULL,
      responded_at timestamptz,
      completed_at timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX connections_live_key ON connections (campaign_id, influencer_user_id)
      WHERE status IN ('invited', 'applied', 'accepted', 'completed');
    CREATE INDEX connections_business_idx ON connections (business_id, status, updated_at DESC);
    CREATE INDEX connections_influencer_idx ON connections (influencer_user_id, status, updated_at DESC);
    CREATE INDEX connections_campaign_idx ON connections (campaign_id, status);

    CREATE TABLE connection_events (
      id bigserial PRIMARY KEY,
      connection_id bigint NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
      actor_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      from_status text,
      to_status text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX connection_events_connection_idx ON connection_events (connection_id, id);

    CREATE TABLE reviews (
      id bigserial PRIMARY KEY,
      connection_id bigint NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
      author_user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      subject_user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      author_type text NOT NULL CHECK (author_type IN ('business', 'influencer')),
      rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
      body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
      status text NOT NULL DEFAULT 'visible' CHECK (status IN ('visible', 'hidden')),
      moderated_by bigint REFERENCES users(id) ON DELETE SET NULL,
      moderated_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (connection_id, author_user_id)
    );
    CREATE INDEX reviews_subject_idx ON reviews (subject_user_id, status, created_at DESC);
    CREATE INDEX reviews_created_idx ON reviews (created_at DESC, id DESC);

    -- Invitations of imports (and discovery) that became connections are 'converted' and point to theirs.
    ALTER TABLE campaign_invitations DROP CONSTRAINT campaign_invitations_status_check;
    ALTER TABLE campaign_invitations ADD CONSTRAINT campaign_invitations_status_check
      CHECK (status IN ('pending', 'converted'));
    ALTER TABLE campaign_invitations ADD COLUMN connection_id bigint REFERENCES connections(id) ON DELETE SET NULL;
    -- Unmatched invitations waiting for their influencer to sign up or set their Instagram username.
    CREATE INDEX campaign_invitations_pending_email_idx ON campaign_invitations (lower(email))
      WHERE status = 'pending' AND email IS NOT NULL;
    CREATE INDEX campaign_invitations_pending_instagram_idx ON campaign_invitations (lower(instagram_username))
      WHERE status = 'pending' AND instagram_username IS NOT NULL;

    -- Invitations already matched to an influencer become connections now (the import told them already).
    INSERT INTO connections (business_id, campaign_id, influencer_user_id, status, initiated_by, source,
                             created_by, created_at, updated_at)
      SELECT DISTINCT ON (i.campaign_id, i.influencer_user_id)
             i.business_id, i.campaign_id, i.influencer_user_id, 'invited', 'business', i.source,
             imp.created_by, i.created_at, i.created_at
        FROM campaign_invitations i
        JOIN campaigns c ON c.id = i.campaign_id
        JOIN users u ON u.id = i.influencer_user_id AND u.type = 'influencer'
        LEFT JOIN campaign_imports imp ON imp.id = i.import_id
       WHERE i.status = 'pending' AND i.influencer_user_id IS NOT NULL AND c.status IN ('active', 'paused')
       ORDER BY i.campaign_id, i.influencer_user_id, i.id
      ON CONFLICT DO NOTHING;
    INSERT INTO connection_events (connection_id, actor_user_id, from_status, to_status, created_at)
      SELECT id, created_by, NULL, 'invited', created_at FROM connections;
    UPDATE campaign_invitations i SET status = 'converted', connection_id = c.id
      FROM connections c
     WHERE c.campaign_id = i.campaign_id AND c.influencer_user_id = i.influencer_user_id
       AND i.status = 'pending';
  `.execute(db);
}
