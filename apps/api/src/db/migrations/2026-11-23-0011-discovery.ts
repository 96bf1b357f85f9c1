import { type Kysely, sql } from 'kysely';

/**
 * Influencer discovery (issue 5): the local index the embedded provider searches, the location dictionary,
 * the businesses' discovery lists, the credit ledger, the 24-hour search/report cache and the invitations
 * sent to discovered influencers.
 *
 * influencer_index is filled by modules/discovery/generator.ts. Its indexes serve the benchmark's searches
 * (bench/results): one btree per sort with the id tiebreak, GIN on interests / tags / the two word vectors,
 * btree on the location ids, and GiST on the `cube` similarity vector for KNN (`<->`) lookalike ranking.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS cube;
    CREATE EXTENSION IF NOT EXISTS earthdistance;

    -- Deterministic pseudo-random number in [0, 1) for row i and stream k (the index generator's only source
    -- of randomness, so a given size always yields the same profiles on both backends).
    CREATE FUNCTION discovery_rnd(i bigint, k integer) RETURNS double precision
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT (hashint8extended(i, k) & 2147483647)::double precision / 2147483648 $$;

    CREATE TABLE discovery_locations (
      id bigint PRIMARY KEY,
      type text NOT NULL CHECK (type IN ('country', 'state', 'city')),
      name text NOT NULL,
      title text NOT NULL,
      country_id bigint NOT NULL,
      state_id bigint,
      lat double precision,
      lng double precision,
      -- How many influencers the generator places here (ZIP codes of the city, or a population weight).
      weight integer NOT NULL DEFAULT 1
    );
    CREATE INDEX discovery_locations_title_idx ON discovery_locations (lower(title) text_pattern_ops);
    CREATE INDEX discovery_locations_name_idx ON discovery_locations (lower(name) text_pattern_ops);
    CREATE INDEX discovery_locations_earth_idx ON discovery_locations USING gist (ll_to_earth(lat, lng))
      WHERE lat IS NOT NULL AND lng IS NOT NULL;

    CREATE TABLE influencer_index (
      id bigint PRIMARY KEY,
      modash_id text NOT NULL UNIQUE,
      platform text NOT NULL CHECK (platform IN ('instagram', 'tiktok', 'youtube')),
      username text NOT NULL,
      fullname text NOT NULL,
      picture text NOT NULL,
      url text NOT NULL,
      followers integer NOT NULL CHECK (followers >= 0),
      engagements integer NOT NULL CHECK (engagements >= 0),
      engagement_rate real NOT NULL CHECK (engagement_rate >= 0),
      country_id bigint,
      state_id bigint,
      city_id bigint,
      language text,
      gender text NOT NULL CHECK (gender IN ('MALE', 'FEMALE', 'UNKNOWN')),
      age smallint,
      age_group text,
      interests integer[] NOT NULL DEFAULT '{}',
      bio text NOT NULL DEFAULT '',
      captions text NOT NULL DEFAULT '',
      bio_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', bio)) STORED,
      captions_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', captions)) STORED,
      -- '#hashtag' and '@mention' of recent posts, lower case.
      tags text[] NOT NULL DEFAULT '{}',
      has_contact_details boolean NOT NULL DEFAULT false,
      contact_email text,
      is_verified boolean NOT NULL DEFAULT false,
      account_type smallint NOT NULL DEFAULT 1 CHECK (account_type BETWEEN 1 AND 3),
      last_posted date,
      posts_count integer NOT NULL DEFAULT 0,
      aud_credibility real,
      aud_male real,
      -- Shares of the age buckets 13-17, 18-24, 25-34, 35-44, 45-64, 65-.
      aud_ages real[],
      -- {"<country id>": share} and {"<language code>": share}.
      aud_countries jsonb NOT NULL DEFAULT '{}',
      aud_languages jsonb NOT NULL DEFAULT '{}',
      aud_top_country bigint,
      similarity cube NOT NULL
    );
    CREATE INDEX influencer_index_followers_idx ON influencer_index (followers, id);
    CREATE INDEX influencer_index_engagements_idx ON influencer_index (engagements, id);
    CREATE INDEX influencer_index_er_idx ON influencer_index (engagement_rate, id);
    CREATE INDEX influencer_index_username_idx ON influencer_index (lower(username));
    CREATE INDEX influencer_index_country_idx ON influencer_index (country_id, followers);
    CREATE INDEX influencer_index_state_idx ON influencer_index (state_id, followers);
    CREATE INDEX influencer_index_city_idx ON influencer_index (city_id, followers);
    CREATE INDEX influencer_index_interests_idx ON influencer_index USING gin (interests);
    CREATE INDEX influencer_index_tags_idx ON influencer_index USING gin (tags);
    CREATE INDEX influencer_index_bio_idx ON influencer_index USING gin (bio_tsv);
    CREATE INDEX influencer_index_captions_idx ON influencer_index USING gin (captions_tsv);
    CREATE INDEX influencer_index_similarity_idx ON influencer_index USING gist (similarity);

    CREATE TABLE discovery_lists (
      id bigserial PRIMARY KEY,
      business_id bigint NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      created_by bigint REFERENCES users(id) ON DELETE SET NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX discovery_lists_name_idx ON discovery_lists (business_id, lower(name));

    CREATE TABLE discovery_list_members (
      id bigserial PRIMARY KEY,
      list_id bigint NOT NULL REFERENCES discovery_lists(id) ON DELETE CASCADE,
      modash_id text NOT NULL,
      username text NOT NULL,
      influencer_data jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (list_id, modash_id)
    );

    CREATE TABLE credit_transactions (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      amount integer NOT NULL CHECK (amount <> 0),
      balance_after integer NOT NULL CHECK (balance_after >= 0),
      reason text NOT NULL,
      key text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX credit_transactions_user_idx ON credit_transactions (user_id, id DESC);

    CREATE TABLE discovery_search_cache (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      -- sha256 of the search body without its page, or 'report:<modash_id>'.
      body_hash text NOT NULL,
      page integer NOT NULL,
      result jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      UNIQUE (user_id, body_hash, page)
    );
    CREATE INDEX discovery_search_cache_expires_idx ON discovery_search_cache (expires_at);

    CREATE TABLE discovery_invites (
      id bigserial PRIMARY KEY,
      business_id bigint NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      sent_by bigint REFERENCES users(id) ON DELETE SET NULL,
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      modash_id text NOT NULL,
      username text,
      email text NOT NULL,
      message text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX discovery_invites_business_idx ON discovery_invites (business_id, created_at DESC);
  `.execute(db);
}
