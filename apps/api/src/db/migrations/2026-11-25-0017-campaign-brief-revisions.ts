import { type Kysely, sql } from 'kysely';

/**
 * Issue 12: the brief of a published campaign can change while creators work on it; each change is recorded
 * (who, when, which fields with their old and new values) in the transaction of the change, so the business
 * sees the brief's history and creators can be told when it was updated. `changes` is a JSON array of
 * `{ field, old, new }` (media changes record the media ids, in order, before and after).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE campaign_brief_revisions (
      id bigserial PRIMARY KEY,
      campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      changes jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX campaign_brief_revisions_campaign_idx ON campaign_brief_revisions (campaign_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE campaign_brief_revisions`.execute(db);
}
