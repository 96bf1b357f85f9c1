import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The centroid of a US ZIP code (5 digits, or ZIP+4), or undefined when unknown. The zip_codes table is loaded
 * by db/seed/zip-codes; product code reads it through here (never from the seed).
 */
export async function zipLocation(db: Kysely<DB>, postalCode: string | null | undefined) {
  const zip = postalCode?.trim().slice(0, 5);
  if (!zip || !/^\d{5}$/.test(zip)) return undefined;
  return db.selectFrom('zip_codes').selectAll().where('zip', '=', zip).executeTakeFirst();
}
