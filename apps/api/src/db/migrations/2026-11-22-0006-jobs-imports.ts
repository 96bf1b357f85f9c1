import { type Kysely, sql } from 'kysely';

/**
 * Durable background jobs, and bulk imports of influencers into a campaign that run as such jobs.
 *
 * jobs: claimed with FOR UPDATE SKIP LOCKED (jobs/runner.ts); a claimed job holds a lease (locked_until) that
 * its worker renews, so a job whose worker died is taken over once the lease runs out.
 * campaign_invitations: the pending invitations an import records. The connections issue turns them into
 * connections; until then a person can be invited to a campaign only once (by email, Instagram username or
 * matched user — the partial unique indexes), which is what makes a resumed import never invite twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE jobs (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}',
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
      run_at timestamptz NOT NULL DEFAULT now(),
      locked_by text,
      locked_until timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- Due jobs: status = 'queued' AND run_at <= now(), oldest first.
    CREATE INDEX jobs_status_run_at_idx ON jobs (status, run_at);
    -- Jobs whose lease ran out.
    CREATE INDEX jobs_lease_idx ON jobs (locked_until) WHERE status = 'running';

    CREATE TABLE campaign_imports (
      id bigserial PRIMARY KEY,
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      business_id bigint NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      source text NOT NULL CHECK (source IN ('csv', 'list')),
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
      total integer NOT NULL CHECK (total >= 0),
      done integer NOT NULL DEFAULT 0 CHECK (done >= 0),
      failed integer NOT NULL DEFAULT 0 CHECK (failed >= 0),
      created_by bigint REFERENCES users(id) ON DELETE SET NULL,
      job_id bigint REFERENCES jobs(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz,
      CHECK (done + failed <= total)
    );
    CREATE INDEX campaign_imports_campaign_idx ON campaign_imports (campaign_id, id);

    CREATE TABLE campaign_import_rows (
      import_id bigint NOT NULL REFERENCES campaign_imports(id) ON DELETE CASCADE,
      row_number integer NOT NULL,
      instagram_username text,
      email text,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'invited', 'failed')),
      reason text,
      UNIQUE (import_id, row_number)
    );
    CREATE INDEX campaign_import_rows_pending_idx ON campaign_import_rows (import_id, row_number)
      WHERE status = 'pending';

    CREATE TABLE campaign_invitations (
      id bigserial PRIMARY KEY,
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      business_id bigint NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
      influencer_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      instagram_username text,
      email text,
      -- Only 'pending' until the connections issue adds the rest of the lifecycle.
      status text NOT NULL DEFAULT 'pending' CONSTRAINT campaign_invitations_status_check CHECK (status IN ('pending')),
      source text NOT NULL CHECK (source IN ('csv', 'list')),
      import_id bigint REFERENCES campaign_imports(id) ON DELETE SET NULL,
      import_row_number integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (influencer_user_id IS NOT NULL OR instagram_username IS NOT NULL OR email IS NOT NULL)
    );
    CREATE UNIQUE INDEX campaign_invitations_email_key ON campaign_invitations (campaign_id, lower(email))
      WHERE email IS NOT NULL;
    CREATE UNIQUE INDEX campaign_invitations_instagram_key
      ON campaign_invitations (campaign_id, lower(instagram_username)) WHERE instagram_username IS NOT NULL;
    CREATE UNIQUE INDEX campaign_invitations_user_key ON campaign_invitations (campaign_id, influencer_user_id)
      WHERE influencer_user_id IS NOT NULL;
    CREATE INDEX campaign_invitations_influencer_idx ON campaign_invitations (influencer_user_id)
      WHERE influencer_user_id IS NOT NULL;
    CREATE INDEX campaign_invitations_import_idx ON campaign_invitations (import_id);

    -- Matching import rows to existing influencers by Instagram username.
    CREATE INDEX IF NOT EXISTS influencer_profiles_instagram_lower_idx ON influencer_profiles (lower(instagram_username))
      WHERE instagram_username IS NOT NULL;
  `.execute(db);
}
