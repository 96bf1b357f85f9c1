import { type Kysely, sql } from 'kysely';

/**
 * Lookalikes that scale (issue 17): an IVF-style index of the `similarity` vectors in plain SQL (PostgreSQL 15
 * here has no pgvector; PGlite must keep working).
 *
 *  - discovery_centroids: a few thousand centres (k-means on a sample of the index, trained by
 *    modules/discovery/generator.ts trainLookalikeLists); their GiST index finds a target's nearest centres;
 *  - influencer_index.centroid: the profile's nearest centre (its list), set by the trigger below on every
 *    insert and every change of `similarity` (the generator, the demo seed, anything else that writes a
 *    profile), NULL while no centre exists;
 *  - influencer_index_centroid_idx: a list's ids, vectors and genders in one covering index, so ranking the
 *    rows of a few lists reads the index only (a gender filter too; the heap is read for the rows the other
 *    filters look at, nearest first, until a page is full).
 *
 * Before the centres are trained (an empty table), lookalikes are ranked by the exact GiST KNN scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE discovery_centroids (
      id integer PRIMARY KEY,
      center cube NOT NULL,
      -- The list's profiles, and its women and men, when last counted (training, the end of a seed): the
      -- search's estimate of how many rows of a list its gender filter keeps.
      rows integer NOT NULL DEFAULT 0,
      females integer NOT NULL DEFAULT 0,
      males integer NOT NULL DEFAULT 0
    );
    CREATE INDEX discovery_centroids_center_idx ON discovery_centroids USING gist (center);

    ALTER TABLE influencer_index ADD COLUMN centroid integer;
    CREATE INDEX influencer_index_centroid_idx ON influencer_index (centroid) INCLUDE (id, similarity, gender);

    CREATE FUNCTION influencer_index_centroid() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.centroid := (SELECT c.id FROM discovery_centroids c ORDER BY c.center <-> NEW.similarity LIMIT 1);
      RETURN NEW;
    END $$;
    CREATE TRIGGER influencer_index_centroid BEFORE INSERT OR UPDATE OF similarity ON influencer_index
      FOR EACH ROW EXECUTE FUNCTION influencer_index_centroid();
  `.execute(db);
}
