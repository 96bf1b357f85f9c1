import { type Kysely, sql } from 'kysely';

/**
 * link_clicks.link_id without a foreign key: a link's clicks still go with it, by a trigger, and a click is
 * stored only for a link that exists, by the writer (modules/attribution/links.ts, storeClicks).
 *
 * The foreign key checked every stored click against tracked_links, one lookup and row lock per click: a fifth
 * of the database's work in the redirect's batched insert (20,000 rows on the reports benchmark's data: 247 →
 * 192 ms without it; 181 ms without link_clicks_link too, the index only the cascade used).
 *
 * What it guaranteed is kept: the writer takes a link's advisory lock ('RCLK', the link id) before it stores the
 * link's clicks and then reads which links still exist; the trigger takes the same lock before it deletes a
 * deleted link's clicks. Whichever comes second sees what the first committed: a batch waiting on the lock of a
 * link being deleted finds the link gone, and a deletion waiting on a batch deletes the clicks it stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION delete_link_clicks() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(x'52434c4b'::int, (OLD.id % 2147483648)::int);
      DELETE FROM link_clicks WHERE campaign_id = OLD.campaign_id AND link_id = OLD.id;
      RETURN OLD;
    END $$;
    CREATE TRIGGER tracked_links_delete_clicks BEFORE DELETE ON tracked_links
      FOR EACH ROW EXECUTE FUNCTION delete_link_clicks();
    ALTER TABLE link_clicks DROP CONSTRAINT link_clicks_link_id_fkey;
    DROP INDEX link_clicks_link;
  `.execute(db);
}
