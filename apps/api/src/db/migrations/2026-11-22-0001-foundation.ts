import { type Kysely, sql } from 'kysely';

/** Foundation: extensions, reference data tables, users and identity, profiles, subscriptions, mail, audit. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE EXTENSION IF NOT EXISTS cube;
    CREATE EXTENSION IF NOT EXISTS earthdistance;
    CREATE EXTENSION IF NOT EXISTS btree_gin;

    CREATE TABLE countries (
      id integer PRIMARY KEY,
      name text NOT NULL,
      code char(2) NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE states (
      id integer PRIMARY KEY,
      country_id integer NOT NULL REFERENCES countries(id),
      name text NOT NULL,
      code text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (country_id, code)
    );
    CREATE TABLE interests (
      id serial PRIMARY KEY,
      name text NOT NULL,
      category text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX interests_name_key ON interests (lower(name));
    CREATE TABLE campaign_types (
      id integer PRIMARY KEY,
      name text NOT NULL,
      description text NOT NULL
    );

    CREATE TABLE users (
      id bigserial PRIMARY KEY,
      type text NOT NULL CHECK (type IN ('business', 'influencer', 'admin')),
      email text NOT NULL,
      username text NOT NULL,
      given_name text NOT NULL,
      family_name text NOT NULL,
      avatar_type text NOT NULL DEFAULT 'initials' CHECK (avatar_type IN ('initials', 'upload')),
      avatar text,
      credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
      email_confirmed_at timestamptz,
      last_seen_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));
    CREATE UNIQUE INDEX users_username_key ON users (username);

    CREATE TABLE identities (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('password', 'google', 'facebook', 'oidc')),
      subject text NOT NULL,
      password_hash text,
      access_token_enc text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, subject)
    );
    CREATE INDEX identities_user_idx ON identities (user_id);

    CREATE TABLE verification_codes (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('confirm', 'reset')),
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX verification_codes_user_idx ON verification_codes (user_id, purpose);

    CREATE TABLE refresh_tokens (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      family_id uuid NOT NULL,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      rotated_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
    CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

    CREATE TABLE businesses (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      type text,
      business_name text,
      address_1 text,
      city text,
      state_id integer REFERENCES states(id),
      postal_code text,
      website text,
      description text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE influencer_profiles (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      country_id integer REFERENCES countries(id),
      state_id integer REFERENCES states(id),
      first_name text,
      last_name text,
      email text,
      phone_number text,
      address_1 text,
      address_2 text,
      city text,
      postal_code text,
      status text NOT NULL DEFAULT 'active',
      gender text CHECK (gender IN ('MALE', 'FEMALE', 'KNOWN', 'UNKNOWN')),
      instagram_username text,
      instagram_profile_url text,
      facebook_username text,
      facebook_profile_url text,
      twitter_username text,
      twitter_profile_url text,
      tiktok_username text,
      youtube_username text,
      rating numeric(3, 2),
      data jsonb,
      website text,
      birthdate date,
      bio text,
      lat double precision,
      lng double precision,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE influencer_interests (
      influencer_id bigint NOT NULL REFERENCES influencer_profiles(id) ON DELETE CASCADE,
      interest_id integer NOT NULL REFERENCES interests(id) ON DELETE CASCADE,
      PRIMARY KEY (influencer_id, interest_id)
    );

    CREATE TABLE subscriptions (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      plan text NOT NULL CHECK (plan IN ('free', 'pro', 'business')),
      status text NOT NULL CHECK (status IN ('trialing', 'active', 'past_due', 'canceled')),
      trial_ends_at timestamptz,
      current_period_end timestamptz,
      provider text NOT NULL DEFAULT 'ledger',
      provider_subscription_id text,
      canceled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, status);

    CREATE TABLE mail_outbox (
      id bigserial PRIMARY KEY,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      actor_id bigint REFERENCES users(id) ON DELETE SET NULL,
      action text NOT NULL,
      subject_type text,
      subject_id bigint,
      data jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
