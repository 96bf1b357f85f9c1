import { type Kysely, sql } from 'kysely';

/**
 * Post metrics with their provenance (issue 14).
 *
 * posts gain impressions, shares, saves and video_views next to likes, comments and reach (null: not known —
 * not fetched yet, or the platform does not report it for this kind of media). metrics_source says whether the
 * figures were measured from the platform's API or estimated, metrics_method how (in words shown to the user);
 * metrics_fetched_at stays the time they are as of. Both are null before any fetch and set together after one.
 *
 * Backfill: every figure stored before this migration came from the embedded estimates (no deployment had the
 * Graph insights stored with a source), so rows with metrics are marked estimated — from the discovery index
 * when the post's influencer is listed there under the post platform's username (what the adapter's lookup
 * matches), otherwise from the post itself. The method texts are the adapter's (adapters/social/index.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE posts
      ADD COLUMN impressions integer CHECK (impressions IS NULL OR impressions >= 0),
      ADD COLUMN shares integer CHECK (shares IS NULL OR shares >= 0),
      ADD COLUMN saves integer CHECK (saves IS NULL OR saves >= 0),
      ADD COLUMN video_views integer CHECK (video_views IS NULL OR video_views >= 0),
      ADD COLUMN metrics_source text CHECK (metrics_source IN ('measured', 'estimated')),
      ADD COLUMN metrics_method text CHECK (metrics_method IS NULL OR length(metrics_method) <= 300)
  `.execute(db);

  await sql`
    UPDATE posts po SET
      metrics_source = 'estimated',
      metrics_method = CASE WHEN EXISTS (
          SELECT 1 FROM influencer_profiles p
          JOIN influencer_index x ON x.platform = po.platform AND lower(x.username) = lower(ltrim(
            CASE po.platform
              WHEN 'instagram' THEN p.instagram_username
              WHEN 'tiktok' THEN p.tiktok_username
              ELSE p.youtube_username
            END, '@'))
          WHERE p.user_id = po.influencer_user_id)
        THEN 'Estimated from the creator''s followers and engagement rate in the discovery index, varied per post'
        ELSE 'Estimated from typical engagement ratios for a post; no platform data or discovery-index figures were used'
      END
    WHERE metrics_fetched_at IS NOT NULL
  `.execute(db);

  await sql`
    ALTER TABLE posts ADD CONSTRAINT posts_metrics_provenance CHECK (
      (metrics_fetched_at IS NULL AND metrics_source IS NULL AND metrics_method IS NULL)
      OR (metrics_fetched_at IS NOT NULL AND metrics_source IS NOT NULL AND metrics_method IS NOT NULL)
    )
  `.execute(db);
}
