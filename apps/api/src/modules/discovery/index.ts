import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { createLocalProvider } from './local';
import { createModashProvider } from './modash';
import type { DiscoveryProvider } from './provider';

/** Modash's Discovery API when MODASH_API_KEY is set, otherwise the local index (README: Discovery). */
export function createDiscoveryProvider(
  config: Pick<Config, 'MODASH_API_KEY' | 'MODASH_API_URL' | 'DISCOVERY_COUNT_MS'>,
  db: Kysely<DB>,
  backend: 'pglite' | 'postgres',
): DiscoveryProvider {
  if (config.MODASH_API_KEY)
    return createModashProvider({ apiKey: config.MODASH_API_KEY, apiUrl: config.MODASH_API_URL });
  return createLocalProvider(db, backend, { countBudgetMs: config.DISCOVERY_COUNT_MS });
}
