import { type Kysely, sql } from 'kysely';

/**
 * A profile written with its lookalike list already set keeps it (issue 17: a 10M seed). The bulk seed
 * (modules/discovery/generator.ts seedInfluencerIndex) finds each new row's nearest centre itself, from the
 * trained centres, by the same distance as the cube's `<->`; the trigger of migration 0027 ran a GiST KNN per
 * row (0.2-0.7 ms: hours for 10M rows). Now it runs only for a row inserted without a list (the demo creator's
 * row, anything else that writes a profile) and, as before, on every change of `similarity`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER influencer_index_centroid ON influencer_index;
    CREATE TRIGGER influencer_index_centroid BEFORE INSERT ON influencer_index
      FOR EACH ROW WHEN (NEW.centroid IS NULL) EXECUTE FUNCTION influencer_index_centroid();
    CREATE TRIGGER influencer_index_centroid_update BEFORE UPDATE OF similarity ON influencer_index
      FOR EACH ROW EXECUTE FUNCTION influencer_index_centroid();
  `.execute(db);
}
