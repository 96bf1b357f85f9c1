import { type Kysely, sql } from 'kysely';

/**
 * Admin sections: who resolved a feedback item and when, and indexes for the admin lists (feedback by status,
 * an account's audit history).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE feedback
      ADD COLUMN resolved_at timestamptz,
      ADD COLUMN resolved_by bigint REFERENCES users(id) ON DELETE SET NULL;
    CREATE INDEX feedback_status_idx ON feedback (status, created_at DESC);
    CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id, id DESC);
  `.execute(db);
}
