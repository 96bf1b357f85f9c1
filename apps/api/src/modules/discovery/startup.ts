import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import {
  indexSize,
  lookalikeListCount,
  lookalikeListsSplit,
  lookalikeListsTrained,
  SPLIT_FROM,
  seedDiscoveryLocations,
  seedInfluencerIndex,
  splitLookalikeLists,
  trainLookalikeLists,
} from './generator';

/** Profiles written before the server listens; the rest of DISCOVERY_SEED_SIZE follows in the background. */
export const SYNC_SEED_LIMIT = 5_000;
/** Small steps with a pause between them: on PGlite each step holds the only connection while it runs. */
const BACKGROUND_STEP = 1_000;
const BACKGROUND_PAUSE_MS = 250;

/**
 * Fills the local index up to `size` on start. A first start stays fast: at most SYNC_SEED_LIMIT profiles
 * are written now; `startBackground()` (called once the server listens) writes the rest in small steps with
 * pauses in between, so requests are served meanwhile (an interrupted fill resumes on the next start).
 */
export async function prepareDiscoveryIndex(
  db: Kysely<DB>,
  size: number,
  log: FastifyBaseLogger,
): Promise<{ startBackground(): void; stop(): Promise<void> }> {
  await seedDiscoveryLocations(db);
  const have = await indexSize(db);
  const first = Math.min(size, Math.max(have, SYNC_SEED_LIMIT));
  if (first > have) await seedInfluencerIndex(db, first, undefined, { plannedSize: size });
  let stopped = false;
  let background: Promise<void> = Promise.resolve();
  return {
    startBackground() {
      if (first >= size) {
        // An index written before the lookalike lists existed (migration 0027) is trained once, in the
        // background: until then lookalikes are ranked by the exact KNN scan.
        background = (async () => {
          if (first === 0) return;
          if (!(await lookalikeListsTrained(db))) {
            const started = Date.now();
            const lists = await trainLookalikeLists(db, lookalikeListCount(Math.max(have, first)));
            log.info({ lists, ms: Date.now() - started }, 'discovery index: lookalike lists trained');
          }
          // A large index seeded before the lists' parts existed (migration 0032) is split once, here.
          if (Math.max(have, first) < SPLIT_FROM || (await lookalikeListsSplit(db))) return;
          const started = Date.now();
          // Several replicas starting at once: one splits, the others skip (an advisory lock).
          const parts = await splitLookalikeLists(db, undefined, { unlessSplit: true });
          if (parts === null)
            log.info(
              'discovery index: another replica is splitting (or split) the lookalike lists: skipped here',
            );
          else log.info({ parts, ms: Date.now() - started }, 'discovery index: lookalike lists split');
        })().catch((error) => log.error({ err: error }, 'training the lookalike lists failed'));
        return;
      }
      const started = Date.now();
      log.info({ profiles: first, target: size }, 'discovery index: seeding the rest in the background');
      background = (async () => {
        for (let target = first + BACKGROUND_STEP; !stopped; target += BACKGROUND_STEP) {
          await seedInfluencerIndex(db, Math.min(size, target), undefined, {
            analyze: target >= size,
            plannedSize: size,
          });
          if (target >= size) break;
          await new Promise((resolve) => setTimeout(resolve, BACKGROUND_PAUSE_MS));
        }
        if (!stopped) log.info({ profiles: size, ms: Date.now() - started }, 'discovery index seeded');
      })().catch((error) => log.error({ err: error }, 'seeding the discovery index failed'));
    },
    async stop() {
      stopped = true;
      await background;
    },
  };
}
