import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { withPreparedStatements } from './prepared';
import type { DB } from './schema';

// One row shape on both backends: bigint and numeric come back as JS numbers (money is integer cents,
// far below 2^53), dates stay 'YYYY-MM-DD' strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Database = {
  db: Kysely<DB>;
  backend: 'pglite' | 'postgres';
  /** The connection pool's figures now (metrics): open, idle, requests waiting, and its size. */
  poolStats(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
};

/** Where lost database connections are reported: pino's signature, so a Fastify logger fits. */
export type DatabaseLog = { error(details: object, message: string): void };

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent the embedded PGlite under `dataDir` is used. */
  url?: string | undefined;
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Where lost connections are reported; stderr when absent. */
  log?: DatabaseLog | undefined;
  /**
   * PGlite only: start from this data directory tarball (from `PGlite.dumpDataDir`) instead of an empty
   * database. Tests use it to copy a migrated, seeded template; `dataDir` must then hold no database yet.
   */
  loadDataDir?: Blob | undefined;
};

/**
 * Statements run prepared (prepared.ts), except those over the discovery index. PostgreSQL gives a statement run
 * five times under one name a generic plan (one plan for any values) when that plan is estimated no dearer than
 * planning each execution: the larger part of the saving (GET /my/connections' page query costs more to plan
 * than to run), but a search with a skewed filter over millions of profiles (a rare country, a narrow follower
 * range) can be far slower under a plan made for average values. Searches stay planned for their own values.
 */
const PLANNED_PER_EXECUTION = /\binfluencer_index\b/;

/**
 * PGlite's memory. Its PostgreSQL runs inside this process's WebAssembly memory, which grows and never shrinks:
 * the buffer cache (PostgreSQL's default 128 MB, all of it touched at start) and the largest sort or index build
 * (maintenance_work_mem) stay resident for good. A 32 MB cache keeps the embedded server's idle RSS under
 * 350 MB with the 100,000-profile discovery index; pages beyond it are read from the OS page cache.
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB', 'maintenance_work_mem=32MB'];

const stderrLog: DatabaseLog = {
  error: (details, message) => console.error(`${message} ${JSON.stringify(details)}`),
};

/**
 * Opens PostgreSQL (a pool of `poolSize` connections to `url`) or the embedded PGlite under `dataDir`, with
 * lost connections reported to `log` rather than crashing the process.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    // JIT off: it compiles big scans (discovery searches over millions of rows) for longer than they run.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: '-c jit=off',
      // While the database is down (or every connection is busy) a request waits this long for a
      // connection, then fails with a 503 rather than hanging. Running queries get no limit: discovery
      // seeding and migrations are long.
      connectionTimeoutMillis: 10_000,
      // Notices a server that vanished without closing the socket (a network partition, a VM gone).
      keepAlive: true,
    });
    watchConnections(pool, options.log ?? stderrLog, options.url);
    const db = kyselyOver(pool);
    return { db, backend: 'postgres', poolStats: () => statsOf(pool), close: () => db.destroy() };
  }
  const dir = options.dataDir === 'memory://' ? 'memory://' : path.join(options.dataDir, 'pglite');
  const releaseLock = dir === 'memory://' ? () => {} : acquireDataDirLock(dir);
  try {
    // Loaded only for the embedded database: a server on PostgreSQL never needs PGlite's code.
    const [{ PGlite }, { btree_gin }, { cube }, { earthdistance }, { pg_trgm }, { createPgConfig }] =
      await Promise.all([
        import('@electric-sql/pglite'),
        import('@electric-sql/pglite/contrib/btree_gin'),
        import('@electric-sql/pglite/contrib/cube'),
        import('@electric-sql/pglite/contrib/earthdistance'),
        import('@electric-sql/pglite/contrib/pg_trgm'),
        import('@electric-sql/pglite/node-postgres'),
      ]);
    const pglite = await PGlite.create(dir, {
      extensions: { pg_trgm, cube, earthdistance, btree_gin },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    // PGlite is one connection: a pool of one serialises every query and transaction through it.
    const pool = new pg.Pool(createPgConfig(pglite));
    watchConnections(pool, options.log ?? stderrLog);
    const db = kyselyOver(pool);
    return {
      db,
      backend: 'pglite',
      poolStats: () => statsOf(pool),
      async close() {
        await db.destroy();
        await pglite.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Kysely over a pg pool, its statements prepared but those of PLANNED_PER_EXECUTION. */
function kyselyOver(pool: pg.Pool): Kysely<DB> {
  const prepared = withPreparedStatements(pool, { unnamed: PLANNED_PER_EXECUTION });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: prepared }) });
}

function statsOf(pool: pg.Pool) {
  return {
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: (pool as pg.Pool & { options: { max: number } }).options.max,
  };
}

/**
 * A connection the database drops (a restart, a terminated backend, the network) must not take the process
 * down: pg emits 'error' on the client, and again on the pool when the client was idle, and Node throws an
 * 'error' event nobody listens to. pg has already marked the client unusable and drops it from the pool (at
 * once when idle, on release otherwise): the next query opens a new connection.
 */
function watchConnections(pool: pg.Pool, log: DatabaseLog, url?: string) {
  pool.on('connect', (client) => {
    // Kysely keeps no listener on the clients it has checked out; this one covers them, idle ones as well.
    client.on('error', (error) => log.error({ db: describeError(error, url) }, 'database connection lost'));
  });
  // Already reported by the client's listener above; this one only keeps the pool's event from being thrown.
  pool.on('error', () => {});
}

/** The loggable parts of a connection error; the password or connection string never appears in them. */
function describeError(error: Error & { code?: unknown; severity?: unknown }, url?: string) {
  let message = String(error.message);
  const secrets: string[] = [];
  if (url) {
    secrets.push(url);
    try {
      const password = new URL(url).password;
      if (password) secrets.push(password, decodeURIComponent(password));
    } catch {}
  }
  for (const secret of secrets) message = message.replaceAll(secret, '***');
  return { code: error.code, severity: error.severity, message };
}

/**
 * PGlite must never be opened by two processes at once: that corrupts it. A lock file holding the
 * owner's pid guards the data dir; a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, '..', 'reach.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The data directory ${path.dirname(lockFile)} is in use by another REACH process (pid ${owner}). ` +
            'Stop it first, or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${path.dirname(lockFile)}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
