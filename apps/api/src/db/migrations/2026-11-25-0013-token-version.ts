import { type Kysely, sql } from 'kysely';

/**
 * A per-user token version, carried by every access token: logout, a password change or reset and a suspension
 * bump it, and the auth plugin refuses tokens of an older version, so they end at once instead of after 15
 * minutes.
 *
 * Also clears stored website addresses that are not http(s): the profile schemas accept only those now, and a
 * `javascript:` address saved before would still reach a link's href.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0`.execute(db);
  await sql`UPDATE businesses SET website = NULL WHERE website !~* '^https?://'`.execute(db);
  await sql`UPDATE influencer_profiles SET website = NULL WHERE website !~* '^https?://'`.execute(db);
}
