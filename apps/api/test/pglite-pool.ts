import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { type PGliteSnapshot, restoreSnapshot, snapshotOf, watchLibraryLoads } from './pglite-snapshot';

/*
 * A worker's PGlite instances, kept across test files and reset to their template between them. Every test
 * database on PGlite is an in-memory copy of a seeded template (harness.ts): a new PGlite instance loading the
 * template's tarball costs about a third of a second of CPU (linking the WebAssembly, writing ~900 files into
 * its in-memory file system, starting PostgreSQL) and leaves hundreds of megabytes to collect, for each of the
 * ~70 databases a pass opens. Here an instance that loaded a template is snapshotted once (pglite-snapshot.ts);
 * when its database is closed it is restored to that snapshot, byte for byte, and the next database asked of
 * the same template gets it: the same memory, files and open descriptors a fresh copy would have.
 *
 * The app's code opens PGlite itself (openDatabase in src/db/database.ts, with the template's tarball as
 * `loadDataDir`): installPGlitePool() puts the pool behind PGlite.create for in-memory databases loaded from a
 * template blob the harness registered, and every other call (a data dir on disk, an empty database) is
 * PGlite's own. Whoever opened a pooled database holds a lease: once closed, it behaves as a closed PGlite
 * (every call fails) while the instance itself serves the next database.
 */

/** Libraries the schema's extensions use, loaded before the snapshot (see pglite-snapshot.ts). */
const PRELOADED_LIBRARIES = ['pg_trgm', 'cube', 'earthdistance', 'btree_gin', 'plpgsql'];

/**
 * At most this many reset instances wait per worker: each holds its memory and its snapshot (a few hundred MB).
 * The least recently used goes first. A pass uses four templates (plain, the demo with 0, 300 or 2,000
 * profiles), and a file rarely has more than two databases open at once.
 */
const MAX_IDLE = 4;

type Pooled = { pglite: PGlite; key: string; snapshot: PGliteSnapshot; librariesLoaded(): boolean };

const templates = new Map<Blob, string>();
const idle: Pooled[] = [];
let installed = false;
/** Instances started, and databases served by a reset instance, in this worker. */
const counts = { started: 0, reused: 0 };

/** How many instances this worker started and how many databases a reset instance served (tests). */
export function poolCounts(): { started: number; reused: number } {
  return { ...counts };
}

/** Databases loaded from `tarball` (in memory) are served by the pool; `name` tells templates apart. */
export function registerTemplateBlob(tarball: Blob, name: string) {
  templates.set(tarball, name);
}

type Create = (dataDirOrOptions?: string | PGliteOptions, options?: PGliteOptions) => Promise<PGlite>;

/** Puts the pool behind PGlite.create (once per worker). */
export function installPGlitePool() {
  if (installed) return;
  installed = true;
  const create: Create = PGlite.create.bind(PGlite) as Create;
  const pooledCreate: Create = (dataDirOrOptions, options) => {
    const merged: PGliteOptions =
      typeof dataDirOrOptions === 'string'
        ? { dataDir: dataDirOrOptions, ...options }
        : { ...dataDirOrOptions, ...options };
    const template = merged.loadDataDir && templates.get(merged.loadDataDir);
    if (merged.dataDir !== 'memory://' || !template) return create(dataDirOrOptions, options);
    return checkout(template, merged, create);
  };
  (PGlite as unknown as { create: Create }).create = pooledCreate;
}

/** What makes two instances interchangeable: the template and the options they were started with. */
function keyOf(template: string, options: PGliteOptions) {
  return JSON.stringify([
    template,
    options.startParams ?? null,
    Object.keys(options.extensions ?? {}).sort(),
    options.username ?? null,
    options.database ?? null,
  ]);
}

async function checkout(template: string, options: PGliteOptions, create: Create): Promise<PGlite> {
  const key = keyOf(template, options);
  const at = idle.findIndex((pooled) => pooled.key === key);
  if (at === -1) return leaseOf(await started(key, options, create));
  counts.reused++;
  return leaseOf(idle.splice(at, 1)[0] as Pooled);
}

/** A new instance of the template, its extensions' libraries loaded, and its snapshot. */
async function started(key: string, options: PGliteOptions, create: Create): Promise<Pooled> {
  const pglite = await create(options);
  counts.started++;
  for (const library of PRELOADED_LIBRARIES) await pglite.exec(`LOAD '${library}'`);
  const snapshot = snapshotOf(pglite);
  const librariesLoaded = watchLibraryLoads(pglite);
  return { pglite, key, snapshot, librariesLoaded };
}

/**
 * The instance as its opener sees it: PGlite's own methods until it is closed, then a closed PGlite (every call
 * fails), while closing resets the instance and hands it back to the pool.
 */
function leaseOf(pooled: Pooled): PGlite {
  let open = true;
  const close = async () => {
    if (!open) throw new Error('PGlite is closed');
    open = false;
    await release(pooled);
  };
  return new Proxy(pooled.pglite, {
    get(target, property) {
      if (property === 'close' || property === Symbol.asyncDispose) return close;
      if (property === 'closed') return !open;
      if (property === 'ready') return open && target.ready;
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!open) throw new Error('PGlite is closed');
        return value.apply(target, args);
      };
    },
  });
}

/**
 * Resets a closed database's instance to its template and keeps it for the next one, unless PostgreSQL loaded
 * a library since the snapshot (its memory would not survive the reset) or the instance is no longer usable:
 * that one is closed for good.
 */
async function release(pooled: Pooled) {
  const { pglite } = pooled;
  if (pglite.closed || pooled.librariesLoaded()) {
    if (!pglite.closed) await pglite.close();
    return;
  }
  try {
    restoreSnapshot(pglite, pooled.snapshot);
  } catch (error) {
    await pglite.close().catch(() => {});
    throw error;
  }
  idle.push(pooled);
  while (idle.length > MAX_IDLE) await (idle.shift() as Pooled).pglite.close();
}
