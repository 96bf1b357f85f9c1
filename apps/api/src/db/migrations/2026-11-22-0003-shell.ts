import { type Kysely, sql } from 'kysely';

/** The signed-in shell: notifications and their email preferences, feedback, page views. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      category text,
      body text NOT NULL,
      link text,
      read smallint NOT NULL DEFAULT 0 CHECK (read IN (0, 1)),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
    CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read = 0;

    CREATE TABLE notification_preferences (
      user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      connections boolean NOT NULL DEFAULT true,
      messages boolean NOT NULL DEFAULT true,
      posts boolean NOT NULL DEFAULT true,
      payments boolean NOT NULL DEFAULT true,
      campaigns boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE feedback (
      id bigserial PRIMARY KEY,
      user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      reported_page text NOT NULL DEFAULT '',
      content text NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX feedback_created_idx ON feedback (created_at DESC);

    CREATE TABLE page_views (
      id bigserial PRIMARY KEY,
      user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      path text NOT NULL,
      referrer text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX page_views_created_idx ON page_views (created_at);
    CREATE INDEX page_views_path_idx ON page_views (path);
  `.execute(db);
}
