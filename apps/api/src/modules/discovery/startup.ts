import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { indexSize, seedDiscoveryLocations, seedInfluencerIndex } from './generator';

/** Profiles written before the server listens; the rest of DISCOVERY_SEED_SIZE follows in the background. */
export const SYNC_SEED_LIMIT = 5_000;
/** Small steps: on PGlite each one holds the only connection while it runs (about a second). */
const BACKGROUND_STEP = 2_000;

/**
 * Fills the local index up to `size` on start. A first start stays fast: at most SYNC_SEED_LIMIT profiles
 * are written now, the rest in steps of BACKGROUND_STEP after the server listens (an interrupted fill resumes
 * on the next start). Returns a stop function for shutdown.
 */
export async function prepareDiscoveryIndex(
  db: Kysely<DB>,
  size: number,
  log: FastifyBaseLogger,
): Promise<{ stop(): Promise<void> }> {
  await seedDiscoveryLocations(db);
  const have = await indexSize(db);
  if (have >= size) return { stop: async () => {} };
  const started = Date.now();
  const first = Math.min(size, Math.max(have, SYNC_SEED_LIMIT));
  if (first > have) await seedInfluencerIndex(db, first);
  if (first >= size) {
    log.info({ profiles: size, ms: Date.now() - started }, 'discovery index seeded');
    return { stop: async () => {} };
  }
  let stopped = false;
  const background = (async () => {
    for (let target = first + BACKGROUND_STEP; !stopped; target += BACKGROUND_STEP) {
      await seedInfluencerIndex(db, Math.min(size, target), undefined, { analyze: target >= size });
      if (target >= size) break;
    }
    if (!stopped) log.info({ profiles: size, ms: Date.now() - started }, 'discovery index seeded');
  })().catch((error) => log.error({ err: error }, 'seeding the discovery index failed'));
  log.info({ profiles: first, target: size }, 'discovery index: seeding the rest in the background');
  return {
    async stop() {
      stopped = true;
      await background;
    },
  };
}
