import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema';

/**
 * US ZIP codes with the coordinates of their centroid, from the `zipcodes` package (BSD licence; ~42,500 US
 * codes with city and state). They place influencers on the map from their postal code and centre the
 * directory's radius search. Loaded once, in one statement (five arrays unnested server-side), so a first
 * start stays fast on PGlite and PostgreSQL alike; a database that has them is left alone.
 */
export async function seedZipCodes(db: Kysely<DB>): Promise<number> {
  const present = await db.selectFrom('zip_codes').select('zip').limit(1).executeTakeFirst();
  if (present) return 0;
  // Loaded only here, for the one start that fills the table: the package's data costs ~70 MB of memory.
  const { default: zipcodes } = await import('zipcodes');
  const zips: string[] = [];
  const cities: string[] = [];
  const states: string[] = [];
  const lats: number[] = [];
  const lngs: number[] = [];
  for (const code of Object.values(zipcodes.codes)) {
    if (code.country !== 'US' || !/^\d{5}$/.test(code.zip)) continue;
    if (!Number.isFinite(code.latitude) || !Number.isFinite(code.longitude)) continue;
    zips.push(code.zip);
    cities.push(code.city);
    states.push(code.state);
    lats.push(code.latitude);
    lngs.push(code.longitude);
  }
  const result = await sql`
    INSERT INTO zip_codes (zip, city, state_code, lat, lng)
    SELECT * FROM unnest(${zips}::text[], ${cities}::text[], ${states}::text[], ${lats}::float8[], ${lngs}::float8[])
    ON CONFLICT (zip) DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
