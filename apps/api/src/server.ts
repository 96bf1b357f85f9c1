import v8 from 'node:v8';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { type Config, loadConfig, missingSecrets } from './config';
import { prepareDatabase } from './db/prepare';
import { isEmptyDatabase, seedDemoData } from './db/seed/demo';
import { JOBS } from './jobs/registry';
import { backoff, createJobRunner } from './jobs/runner';
import { testJobs } from './jobs/test-jobs';
import { createAuthService } from './modules/auth/service';
import { prepareDiscoveryIndex } from './modules/discovery/startup';
import { RECURRING_JOBS } from './scheduler';

const started = Date.now();
const config = readConfig();
// A fixed growth of the old generation between full collections keeps the resident memory flat under load
// (HEAP_GROWTH_PERCENT in config.ts): V8 reads the flag at each collection, so setting it now is enough.
if (config.HEAP_GROWTH_PERCENT > 0)
  v8.setFlagsFromString(`--heap-growing-percent=${config.HEAP_GROWTH_PERCENT}`);
// Connections lost before the app (and its logger) exists are reported on stderr.
let log: Pick<FastifyBaseLogger, 'error' | 'warn'> | undefined;
const database = await prepareDatabase(config, {
  log: {
    error: (details, message) =>
      log ? log.error(details, message) : console.error(`${message} ${JSON.stringify(details)}`),
  },
});
// Redis, when the replicas share it: without an answer the process refuses to start rather than run alone.
// ioredis is loaded only then.
const redis = config.REDIS_URL
  ? await (await import('./lib/redis'))
      .connectRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, {
        error: (details, message) =>
          log ? log.error(details, message) : console.error(`${message} ${JSON.stringify(details)}`),
        warn: (details, message) => log?.warn(details, message),
      })
      .catch(async (error: Error) => {
        console.error(error.message);
        await database.close();
        process.exit(1);
      })
  : undefined;
const app = await buildApp({ config, database, redis });
log = app.log;
// The local discovery index (not needed when Modash answers): a first slice now, the rest in the background.
const discoverySeeding = config.MODASH_API_KEY
  ? undefined
  : await prepareDiscoveryIndex(database.db, config.discoverySeedSize, app.log);

if (config.seedDemo && (await isEmptyDatabase(database.db))) {
  const accounts = await seedDemoData(app.ctx, createAuthService(app.ctx));
  const width = Math.max(...accounts.map((a) => a.email.length));
  console.log(
    [
      '',
      `Demo accounts (password: ${config.DEMO_PASSWORD})`,
      ...accounts.map((a) => `  ${a.email.padEnd(width)}  ${a.role.padEnd(10)}  ${a.note}`),
      '',
    ].join('\n'),
  );
}

// The background jobs and the periodic work (recurring jobs), shared with the other replicas through the
// database: each job and each occurrence runs in one process.
const jobs = createJobRunner(app.ctx, {
  jobs: [...JOBS, ...RECURRING_JOBS, ...testJobs(config)] as typeof JOBS,
  pollMs: config.JOBS_POLL_MS,
  leaseMs: config.JOBS_LEASE_MS,
  retryDelayMs: backoff(config.JOBS_RETRY_BASE_MS),
  // The embedded database belongs to this process alone: a job left running was running in a process that
  // died, so it is taken over now rather than when its lease runs out.
  reclaimOrphansOnStart: database.backend === 'pglite',
  // One process (no REDIS_URL): the periodic tasks run on start, as they always did.
  runRecurringOnStart: !config.REDIS_URL,
});
jobs.start();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, shutting down`);
  const force = setTimeout(() => {
    console.error('shutdown took more than 10 s, exiting');
    process.exit(1);
  }, 10_000).unref();
  try {
    // Running jobs and periodic work are told to stop now: each finishes its current step and goes back to
    // the queue (another replica, or the next start, continues it).
    const stopping = Promise.all([jobs.stop(), discoverySeeding?.stop()]);
    // Meanwhile the server stops accepting connections, ends the live streams (the browsers reconnect to
    // another replica) and waits for the requests in flight.
    await app.close();
    await stopping;
    // Last, what those used: Redis, then the database.
    await redis?.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
discoverySeeding?.startBackground();
console.log(
  `REACH is running on ${config.publicUrl} (database: ${database.backend}, mail: ${app.ctx.mailer.kind}) — ready in ${Date.now() - started} ms`,
);

/** The configuration, or an exit with the reason: a refused setting is the operator's to fix, not a crash. */
function readConfig(): Config {
  try {
    const loaded = loadConfig();
    const missing = missingSecrets(loaded);
    if (missing.length)
      throw new Error(
        `Invalid environment:\n  ${missing.join(' and ')} must be set: secrets are generated into ` +
          'DATA_DIR/keys only with DEV_TOOLS=1 (local development on a loopback HOST).',
      );
    return loaded;
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
