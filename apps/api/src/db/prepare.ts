import type { Config } from '../config';
import { type Database, type DatabaseLog, openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { seedReferenceData } from './seed/reference';

/**
 * Opens the configured database, applies pending migrations and makes sure reference data is present.
 * `log` receives lost connections (stderr when absent).
 */
export async function prepareDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'dataDir'>,
  options: { log?: DatabaseLog } = {},
): Promise<Database> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    log: options.log,
  });
  try {
    await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
