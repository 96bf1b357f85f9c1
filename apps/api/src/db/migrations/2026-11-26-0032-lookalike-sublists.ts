import { type Kysely, sql } from 'kysely';

/**
 * Lookalike lists split in parts of ~100 profiles (issue 17: the CPU of a lookalike search at 10M). A search
 * ranked ~10,000 rows (four lists of ~2,500) for a recall of 0.99; the parts nearest the target hold the same
 * answers in ~1,000 rows, as the lists' borders cut far less through the target's neighbourhood.
 *
 *  - discovery_sublists: each list's parts (k-means on the list's rows, modules/discovery/generator.ts
 *    splitLookalikeLists), their centres, and like the lists their rows, women and men and the centres of
 *    their women and men when last counted;
 *  - influencer_sublist: each profile's part, with its gender and vector, read by the covering index of its
 *    parts (a search reads only it; a copy beside influencer_index, so that an index already seeded gets its
 *    parts without rewriting its rows);
 *  - the trigger below: a profile written, changed or deleted keeps its row here; its part is the nearest of
 *    its list's parts (none before the lists are split: the search then ranks whole lists, as before).
 *
 * Nothing is split here: a trained index is split in the background at start (startup.ts), and at the end
 * of a bulk seed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE discovery_sublists (
      id integer PRIMARY KEY,
      list integer NOT NULL,
      center cube NOT NULL,
      female_center cube,
      male_center cube,
      rows integer NOT NULL DEFAULT 0,
      females integer NOT NULL DEFAULT 0,
      males integer NOT NULL DEFAULT 0
    );
    CREATE INDEX discovery_sublists_list_idx ON discovery_sublists (list);

    CREATE TABLE influencer_sublist (
      id bigint PRIMARY KEY,
      sublist integer NOT NULL,
      gender text,
      similarity cube NOT NULL
    );
    CREATE INDEX influencer_sublist_sublist_gender_idx ON influencer_sublist (sublist, gender)
      INCLUDE (id, similarity);

    CREATE FUNCTION influencer_sublist_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE part integer;
    BEGIN
      IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NEW.id <> OLD.id) THEN
        DELETE FROM influencer_sublist WHERE id = OLD.id;
        IF TG_OP = 'DELETE' THEN RETURN NULL; END IF;
      END IF;
      SELECT s.id INTO part FROM discovery_sublists s WHERE s.list = NEW.centroid
        ORDER BY s.center <-> NEW.similarity, s.id LIMIT 1;
      IF part IS NOT NULL THEN
        INSERT INTO influencer_sublist (id, sublist, gender, similarity)
        VALUES (NEW.id, part, NEW.gender, NEW.similarity)
        ON CONFLICT (id) DO UPDATE
          SET sublist = EXCLUDED.sublist, gender = EXCLUDED.gender, similarity = EXCLUDED.similarity;
      ELSIF TG_OP = 'UPDATE' THEN
        DELETE FROM influencer_sublist WHERE id = NEW.id;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER influencer_sublist_sync AFTER INSERT OR DELETE OR UPDATE OF id, similarity, gender, centroid
      ON influencer_index FOR EACH ROW EXECUTE FUNCTION influencer_sublist_sync();
    CREATE FUNCTION influencer_sublist_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      TRUNCATE influencer_sublist;
      RETURN NULL;
    END $$;
    CREATE TRIGGER influencer_sublist_truncate AFTER TRUNCATE ON influencer_index
      FOR EACH STATEMENT EXECUTE FUNCTION influencer_sublist_truncate();
  `.execute(db);
}
