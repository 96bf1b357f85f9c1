import { type Kysely, sql } from 'kysely';

/**
 * Each lookalike list's women's and men's centres (issue 17: recall of a gender-filtered lookalike search at
 * 10M). The vector is strongly tied to the profile's gender (its audience's), so near a man most lists are
 * mostly men's and the nearest women are spread thinly over lists whose centre (every row's) lies farther off:
 * ordered by that centre, a `female` search took its lists' quota of women before it reached them. A gendered
 * search now orders the lists by the centre of the rows it keeps (NULL when the list had none when counted).
 * Filled here for an index already trained; then by modules/discovery/generator.ts countLookalikeLists (after
 * training, at the end of a seed), which also counts the lists' rows, women and men.
 *
 * The covering index of the lists' rows gets the gender as its second key: a gendered search then reads only
 * the rows it keeps of its lists (it ranks as many of them as an unfiltered search ranks rows), not every row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE discovery_centroids ADD COLUMN female_center cube, ADD COLUMN male_center cube;
    CREATE INDEX discovery_centroids_female_center_idx ON discovery_centroids USING gist (female_center)
      WHERE female_center IS NOT NULL;
    CREATE INDEX discovery_centroids_male_center_idx ON discovery_centroids USING gist (male_center)
      WHERE male_center IS NOT NULL;
    CREATE INDEX influencer_index_centroid_gender_idx ON influencer_index (centroid, gender) INCLUDE (id, similarity);
    DROP INDEX IF EXISTS influencer_index_centroid_idx;
  `.execute(db);
  const { rows } = await sql<{ dim: number }>`
    SELECT cube_dim(center) AS dim FROM discovery_centroids LIMIT 1`.execute(db);
  const dim = rows[0]?.dim;
  if (!dim) return;
  // The mean of each coordinate of a gender's rows (the same statement as countLookalikeLists').
  const mean = (gender: string) =>
    `CASE WHEN count(*) FILTER (WHERE gender = '${gender}') > 0 THEN cube(ARRAY[${Array.from(
      { length: dim },
      (_, k) => `avg(cube_ll_coord(similarity, ${k + 1})) FILTER (WHERE gender = '${gender}')`,
    ).join(', ')}]::float8[]) END`;
  await sql
    .raw(`
    UPDATE discovery_centroids c SET female_center = s.fc, male_center = s.mc
    FROM (SELECT centroid, ${mean('FEMALE')} AS fc, ${mean('MALE')} AS mc
      FROM influencer_index WHERE centroid IS NOT NULL GROUP BY centroid) s
    WHERE s.centroid = c.id`)
    .execute(db);
}
