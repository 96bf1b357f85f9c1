import { CAMPAIGN_TYPES } from '@reach/contract/constants';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { COUNTRIES, UNITED_STATES_ID } from './data/countries';
import { INTERESTS } from './data/interests';
import { US_STATES } from './data/us-states';
import { seedZipCodes } from './zip-codes';

/**
 * Reference data every database needs: countries and US states (ids are the discovery provider's
 * location ids, OpenStreetMap relations), the interest taxonomy, the campaign types and the US ZIP codes with
 * their coordinates. Idempotent.
 */
export async function seedReferenceData(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('countries')
      .values(COUNTRIES.map((c) => ({ id: c.id, name: c.name, code: c.code })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('states')
      .values(US_STATES.map((s) => ({ id: s.id, country_id: UNITED_STATES_ID, name: s.name, code: s.code })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('interests')
      .values(INTERESTS.map((i) => ({ name: i.name, category: i.category })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('campaign_types')
      .values(CAMPAIGN_TYPES.map((t) => ({ id: t.id, name: t.name, description: t.description })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  });
  await seedZipCodes(db);
}
