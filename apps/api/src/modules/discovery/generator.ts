import { DISCOVERY_INTERESTS } from '@reach/contract/discovery';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import {
  BIO_EXTRAS,
  BRANDS,
  CAPTION_WORDS,
  COUNTRY_LANGUAGE,
  FEMALE_NAMES,
  GENERIC_TAGS,
  INTEREST_WORDS,
  LAST_NAMES,
  MALE_NAMES,
  WORLD_CITIES,
} from './data';

/*
 * The deterministic generator of the local discovery index. Everything is computed inside the database from
 * the row number (hash-based pseudo-random numbers: discovery_rnd(i, k) = hashint8extended(i, k) scaled to
 * [0, 1)), so profile i is the same on every run and machine (floating-point rounding of the two backends'
 * maths aside), and seeding is one INSERT … SELECT per batch of rows (no data crosses the wire).
 *
 *  - followers: log-normal (median ~15k, long tail to hundreds of millions);
 *  - engagement rate falling with size (≈9 % at 1k followers, ≈2 % at 1M), log-normal noise;
 *  - platform 60 % Instagram, 25 % TikTok, 15 % YouTube; gender 48 % female, 42 % male, 10 % unknown;
 *  - location: a city picked with a weight (US: its number of ZIP codes; elsewhere: population), 80 % of
 *    profiles name their city, the rest only the country; language from the country;
 *  - bios and captions from word banks with the profile's interests, hashtags and brand mentions;
 *  - audience consistent with the profile (gender skew, age around the influencer's, home country first).
 * Only `last_posted` depends on the day of seeding (days before CURRENT_DATE).
 */

export const DEFAULT_SEED_SIZE = 100_000;
const BATCH = 50_000;
const US_ID = 148838;
const CANADA_ID = 1428125;
/** Audience countries besides home and the US (UK, Mexico, Brazil, India, Germany, France, Australia, Philippines). */
const OTHER_AUDIENCE_COUNTRIES = [62149, 114686, 59470, 304716, 51477, 2202162, 80500, 443174];
const FIRST_CITY_ID = 900_000_000;
const FIRST_WORLD_CITY_ID = 910_000_000;

/** Countries, US states and cities (US from the ZIP table, major cities elsewhere) with their ids. Idempotent. */
export async function seedDiscoveryLocations(db: Kysely<DB>): Promise<void> {
  const present = await db.selectFrom('discovery_locations').select('id').limit(1).executeTakeFirst();
  if (present) return;
  await db.transaction().execute(async (trx) => {
    await sql`
      INSERT INTO discovery_locations (id, type, name, title, country_id)
      SELECT id, 'country', name, name, id FROM countries`.execute(trx);
    await sql`
      INSERT INTO discovery_locations (id, type, name, title, country_id, state_id)
      SELECT s.id, 'state', s.name, s.name || ', ' || c.name, s.country_id, s.id
      FROM states s JOIN countries c ON c.id = s.country_id
      ON CONFLICT (id) DO NOTHING`.execute(trx);
    await sql`
      INSERT INTO discovery_locations (id, type, name, title, country_id, state_id, lat, lng, weight)
      SELECT ${FIRST_CITY_ID} + row_number() OVER (ORDER BY z.state_code, z.city), 'city', z.city,
             z.city || ', ' || s.name || ', United States', ${US_ID}, s.id, avg(z.lat), avg(z.lng), count(*)
      FROM zip_codes z JOIN states s ON s.code = z.state_code AND s.country_id = ${US_ID}
      GROUP BY z.state_code, z.city, s.id, s.name`.execute(trx);
    const codes = WORLD_CITIES.map((c) => c.code);
    await sql`
      INSERT INTO discovery_locations (id, type, name, title, country_id, lat, lng, weight)
      SELECT ${FIRST_WORLD_CITY_ID} + w.n, 'city', w.name, w.name || ', ' || w.region || ', ' || c.name, c.id,
             w.lat, w.lng, w.weight
      FROM unnest(${codes}::text[], ${WORLD_CITIES.map((c) => c.name)}::text[],
                  ${WORLD_CITIES.map((c) => c.region)}::text[], ${WORLD_CITIES.map((c) => c.lat)}::float8[],
                  ${WORLD_CITIES.map((c) => c.lng)}::float8[], ${WORLD_CITIES.map((c) => c.weight)}::int[])
             WITH ORDINALITY AS w(code, name, region, lat, lng, weight, n)
      JOIN countries c ON c.code = w.code`.execute(trx);
  });
}

const r = (k: number) => `discovery_rnd(g.i, ${k})`;
const pick = (param: string, length: number, k: number) => `${param}[1 + floor(${r(k)} * ${length})::int]`;
const asciiName = (v: string) => `translate(lower(${v}), 'éèüáóñíã- ', 'eeuaonia')`;

/** The gendered words of the bio banks (data.ts) and their male, female and neutral forms. */
const GENDERED_BIO_WORDS: readonly [male: string, female: string, neutral: string][] = [
  ['husband and dad', 'wife and mama', 'partner and parent'],
  ['dad of three', 'mom of three', 'parent of three'],
  ['dog dad', 'dog mom', 'dog parent'],
];

/**
 * A bio (SQL expression) that agrees with the profile's gender (a.gender): a man's bio never says "wife and
 * mama" or "dog mom", a woman's never "husband and dad", an unknown gender's uses the neutral words.
 */
function bioForGender(bio: string): string {
  const swap = (expr: string, to: 0 | 1 | 2) =>
    GENDERED_BIO_WORDS.reduce(
      (e, forms) =>
        forms.reduce((acc, form, i) => (i === to ? acc : `replace(${acc}, '${form}', '${forms[to]}')`), e),
      expr,
    );
  return `CASE a.gender WHEN 'MALE' THEN ${swap(bio, 0)} WHEN 'FEMALE' THEN ${swap(bio, 1)} ELSE ${swap(bio, 2)} END`;
}

/**
 * Index ids from here on are profiles the generator did not write (the demo's REACH creators, whose accounts
 * the index knows too: seed/demo-discovery.ts); the generated profiles are ids 1..size below it.
 */
export const EXTRA_INDEX_ID_BASE = 1_000_000_000_000;

/** Number of generated profiles in the index. */
export async function indexSize(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('influencer_index')
    .select((eb) => eb.fn.max('id').as('max'))
    .where('id', '<', EXTRA_INDEX_ID_BASE)
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/**
 * Fills the index up to `size` profiles (ids 1..size; existing ids are kept, so running it again is free).
 * On an empty table with many rows to write, the secondary indexes are dropped first and rebuilt at the end
 * (much faster than maintaining them row by row). Returns the number of profiles added.
 */
export async function seedInfluencerIndex(
  db: Kysely<DB>,
  size: number,
  onProgress?: (done: number, total: number) => void,
  options: { analyze?: boolean; plannedSize?: number } = {},
): Promise<number> {
  await seedDiscoveryLocations(db);
  const from = (await indexSize(db)) + 1;
  if (size < from) return 0;
  const total = size - from + 1;
  /** The lookalike lists are trained once this many profiles exist (then every new row gets its list). */
  const planned = Math.max(size, options.plannedSize ?? size);
  const trainAt = Math.min(planned, TRAINING_SAMPLE);
  let trained = await lookalikeListsTrained(db);
  return db.connection().execute(async (conn) => {
    const bulk = from === 1 && total >= 20_000;
    // PostgreSQL's JIT compiles this big expression list for seconds per batch: off for this session.
    if (await isPostgres(conn)) await sql`SET jit = off`.execute(conn);
    let indexDefs: string[] = [];
    if (bulk) {
      const { rows } = await sql<{ name: string; def: string }>`
        SELECT indexname AS name, indexdef AS def FROM pg_indexes
        WHERE tablename = 'influencer_index' AND indexname <> 'influencer_index_pkey'
          AND indexname <> 'influencer_index_modash_id_key'`.execute(conn);
      indexDefs = rows.map((row) => row.def);
      for (const row of rows) await sql`DROP INDEX ${sql.id(row.name)}`.execute(conn);
    }
    try {
      const { rows: pickRows } = await sql<{ n: number }>`
        SELECT coalesce(sum(weight), 0)::int AS n FROM discovery_locations WHERE type = 'city'`.execute(conn);
      const picks = pickRows[0]?.n ?? 0;
      if (!picks) throw new Error('discovery_locations has no cities: seed the reference data first');
      // Once the lists are trained, each batch's rows arrive with their list (the nearest centre, found here
      // from the centres as stored): the trigger of migration 0030 then skips its KNN, a sub-select and a GiST
      // scan per row that made a 10M seed take hours.
      let centres = trained ? await loadCentres(conn) : undefined;
      for (let start = from; start <= size; start += BATCH) {
        const end = Math.min(size, start + BATCH - 1);
        const lists = centres ? await nearestLists(conn, centres, start, end, picks) : undefined;
        await sql.raw(insertBatchSql(start, end, picks, lists)).execute(conn);
        if (!trained && end >= trainAt) {
          await trainLookalikeLists(conn, lookalikeListCount(planned));
          trained = true;
          centres = await loadCentres(conn);
        }
        onProgress?.(end - from + 1, total);
      }
    } finally {
      if (bulk) {
        await sql`SET maintenance_work_mem = '256MB'`.execute(conn).catch(() => undefined);
        for (const def of indexDefs) await sql.raw(def).execute(conn);
      }
    }
    // A bulk fill is vacuumed too: the visibility map lets a lookalike search rank a list's rows from the
    // covering index alone (influencer_index_centroid_gender_idx) instead of reading each row's heap page.
    if (bulk) await sql`VACUUM ANALYZE influencer_index`.execute(conn);
    else if (options.analyze !== false) await sql`ANALYZE influencer_index`.execute(conn);
    if (trained && (bulk || options.analyze !== false)) await countLookalikeLists(conn);
    // A bulk seed of a large index ends with its lists split in parts (rows written later join their part).
    if (trained && bulk && size >= SPLIT_FROM) await splitLookalikeLists(conn);
    return total;
  });
}

// ── the lookalike lists (IVF: migration 0027) ─────────────────────────────────────────────────────────────

/** Profiles per lookalike list the training aims at (a search ranks the rows of a few lists exactly). */
export const LOOKALIKE_LIST_ROWS = 2_500;
const MAX_LOOKALIKE_LISTS = 4_096;
/** Profiles the k-means is trained on (the first ones written, or a hash-ordered sample of a larger index). */
export const TRAINING_SAMPLE = 200_000;
const KMEANS_ROUNDS = 12;

/** Number of lists for an index of `size` profiles: about LOOKALIKE_LIST_ROWS each, at most a few thousand. */
export const lookalikeListCount = (size: number) =>
  Math.max(1, Math.min(MAX_LOOKALIKE_LISTS, Math.round(size / LOOKALIKE_LIST_ROWS)));

export async function lookalikeListsTrained(db: Kysely<DB>): Promise<boolean> {
  return !!(await db.selectFrom('discovery_centroids').select('id').limit(1).executeTakeFirst());
}

/**
 * Trains the lookalike lists: a two-level k-means (√k coarse centres, then each coarse cluster split in
 * proportion to its size) on up to TRAINING_SAMPLE vectors of the index, the centres written to
 * discovery_centroids, and every profile assigned its nearest centre (the trigger of migration 0027 does it
 * for rows written afterwards). Replaces an earlier training (then every row is assigned again). Deterministic
 * for the same rows. Returns the number of lists.
 */
export async function trainLookalikeLists(db: Kysely<DB>, lists: number): Promise<number> {
  const { rows } = await sql<{ v: string }>`
    SELECT similarity::text AS v FROM influencer_index
    ORDER BY hashint8extended(id, 17) LIMIT ${TRAINING_SAMPLE}`.execute(db);
  if (!rows.length) return 0;
  const vectors = rows.map((r) =>
    r.v
      .replace(/[()\s]/g, '')
      .split(',')
      .map(Number),
  );
  const dim = vectors[0]!.length;
  const points = new Float64Array(vectors.length * dim);
  for (const [n, v] of vectors.entries()) points.set(v.slice(0, dim), n * dim);
  const centers = twoLevelKmeans(points, dim, Math.min(lists, vectors.length));
  const literals: string[] = [];
  for (let c = 0; c < centers.length / dim; c++)
    literals.push(`(${Array.from(centers.subarray(c * dim, (c + 1) * dim)).join(', ')})`);
  await db.transaction().execute(async (trx) => {
    const again = await lookalikeListsTrained(trx);
    // The parts of the old lists go with them (the lists are split again later: splitLookalikeLists).
    await sql`DELETE FROM influencer_sublist`.execute(trx);
    await sql`DELETE FROM discovery_sublists`.execute(trx);
    await sql`DELETE FROM discovery_centroids`.execute(trx);
    await sql`
      INSERT INTO discovery_centroids (id, center)
      SELECT n::int, c::cube FROM unnest(${literals}::text[]) WITH ORDINALITY AS t(c, n)`.execute(trx);
    await sql`ANALYZE discovery_centroids`.execute(trx);
    await sql
      .raw(`
      UPDATE influencer_index i
      SET centroid = (SELECT c.id FROM discovery_centroids c ORDER BY c.center <-> i.similarity LIMIT 1)
      ${again ? '' : 'WHERE i.centroid IS NULL'}`)
      .execute(trx);
    await countLookalikeLists(trx);
  });
  return literals.length;
}

/**
 * Counts each lookalike list's profiles, women and men (discovery_centroids.rows, females, males), and finds
 * the centre of its women and of its men (female_center, male_center: NULL when it has none; migration 0031):
 * what a gender-filtered search expects to keep of a list, and how near the rows it keeps lie. Run after
 * training and at the end of a seed; rows written since are in their lists all the same (the counts and
 * centres only steer which lists a search reads, and how many).
 */
export async function countLookalikeLists(db: Kysely<DB>): Promise<void> {
  await countLists(db, 'discovery_centroids', 'influencer_index', 'centroid');
  await countLists(db, 'discovery_sublists', 'influencer_sublist', 'sublist');
}

/**
 * Counts the rows, women and men of each list of `lists` (the lookalike lists or their parts) from the rows of
 * `rows` whose `key` names it, and the centres of its women and men; only lists from..to when given.
 */
async function countLists(
  db: Kysely<DB>,
  lists: 'discovery_centroids' | 'discovery_sublists',
  rows: 'influencer_index' | 'influencer_sublist',
  key: 'centroid' | 'sublist',
  range?: { from: number; to: number },
): Promise<void> {
  const found = await sql<{ dim: number }>`
    SELECT cube_dim(center) AS dim FROM ${sql.table(lists)} LIMIT 1`.execute(db);
  const dim = found.rows[0]?.dim ?? 0;
  if (!dim) return;
  // A gender's centre: the mean of each coordinate of its rows (`cube` has no mean of its own).
  const mean = (gender: 'FEMALE' | 'MALE') =>
    `CASE WHEN count(*) FILTER (WHERE gender = '${gender}') > 0 THEN cube(ARRAY[${Array.from(
      { length: dim },
      (_, k) => `avg(cube_ll_coord(similarity, ${k + 1})) FILTER (WHERE gender = '${gender}')`,
    ).join(', ')}]::float8[]) END`;
  const within = (column: string) =>
    range ? `${column} BETWEEN ${Number(range.from)} AND ${Number(range.to)}` : `${column} IS NOT NULL`;
  await sql
    .raw(`
    UPDATE ${lists} c SET rows = coalesce(s.n, 0), females = coalesce(s.f, 0), males = coalesce(s.m, 0),
      female_center = s.fc, male_center = s.mc
    FROM ${lists} c2
    LEFT JOIN (
      SELECT ${key}, count(*)::int AS n, (count(*) FILTER (WHERE gender = 'FEMALE'))::int AS f,
             (count(*) FILTER (WHERE gender = 'MALE'))::int AS m, ${mean('FEMALE')} AS fc, ${mean('MALE')} AS mc
      FROM ${rows} WHERE ${within(key)} GROUP BY ${key}) s ON s.${key} = c2.id
    WHERE c2.id = c.id AND ${within('c2.id')}`)
    .execute(db);
}

// ── the lists' parts (migration 0032) ──────────────────────────────────────────────────────────────────────

/** Profiles per part of a lookalike list the split aims at (a search ranks the rows of its nearest parts). */
export const LOOKALIKE_SUBLIST_ROWS = 100;
/** Smallest index a bulk seed splits (below it lookalikes are ranked by the exact KNN: local.ts). */
export const SPLIT_FROM = 200_000;
/** Lists split per round trip (their rows read, their parts written, their rows assigned). */
const SPLIT_CHUNK = 64;
/** A list's k-means: at most this many of its rows per part, and its rounds. */
const SPLIT_SAMPLE_PER_PART = 40;
const SPLIT_KMEANS_ROUNDS = 8;

/**
 * Namespace of the two-key advisory lock a split holds ('RSPL'; the second key 0): several replicas starting on
 * one database at once split the lists once (the others skip it).
 */
export const SPLIT_LOCK = 0x5253504c;

export async function lookalikeListsSplit(db: Kysely<DB>): Promise<boolean> {
  return !!(await db.selectFrom('discovery_sublists').select('id').limit(1).executeTakeFirst());
}

/**
 * Splits every lookalike list in parts of ~`rowsPerPart` profiles: a k-means on the list's rows (every one of
 * them; a list without rows gets one part, its own centre), the parts written to discovery_sublists (ids in the
 * lists' order), and every profile given the nearest part of its list (influencer_sublist: found here as the
 * trigger of migration 0032 finds it for rows written afterwards, `ORDER BY center <-> similarity, id`), then
 * the parts counted. One transaction, writes to influencer_index held off meanwhile (a row written during the
 * split would miss its part); searches go on, on the whole lists, until it commits. Replaces an earlier split.
 * Deterministic for the same rows. Returns the number of parts (0: no lists), or null when another session
 * (a replica starting at the same time) is splitting them: on PostgreSQL the split first takes a
 * transaction-level advisory lock without waiting (SPLIT_LOCK), and skips when it is held (PGlite has one
 * process and no other session). `unlessSplit`: null too when, under that lock, the lists are found split
 * already (by a replica that took the lock and committed since the caller looked).
 */
export async function splitLookalikeLists(
  db: Kysely<DB>,
  rowsPerPart = LOOKALIKE_SUBLIST_ROWS,
  { unlessSplit = false }: { unlessSplit?: boolean } = {},
): Promise<number | null> {
  const split = await db.transaction().execute(async (trx) => {
    const postgres = await isPostgres(trx);
    if (postgres) {
      const { rows } = await sql<{ locked: boolean }>`
        SELECT pg_try_advisory_xact_lock(${SPLIT_LOCK}, 0) AS locked`.execute(trx);
      if (rows[0]?.locked !== true) return null;
    }
    if (unlessSplit && (await lookalikeListsSplit(trx))) return null;
    await sql`LOCK TABLE influencer_index IN SHARE MODE`.execute(trx);
    await sql`DELETE FROM influencer_sublist`.execute(trx);
    await sql`DELETE FROM discovery_sublists`.execute(trx);
    const lists = await sql<{ id: number; c: string }>`
      SELECT id, center::text AS c FROM discovery_centroids ORDER BY id`.execute(trx);
    if (!lists.rows.length) return 0;
    if (postgres) await sql`SET LOCAL work_mem = '64MB'; SET LOCAL jit = off`.execute(trx);
    const rnd = random(23);
    let parts = 0;
    for (let from = 0; from < lists.rows.length; from += SPLIT_CHUNK) {
      const chunk = lists.rows.slice(from, from + SPLIT_CHUNK);
      const ids = chunk.map((l) => l.id);
      const { rows } = await sql<{ id: number; centroid: number; v: string }>`
        SELECT id, centroid, similarity::text AS v FROM influencer_index
        WHERE centroid = ANY(${ids}::int[]) ORDER BY centroid, id`.execute(trx);
      const byList = new Map<number, { id: number; v: number[] }[]>(ids.map((id) => [id, []]));
      for (const r of rows) byList.get(r.centroid)?.push({ id: Number(r.id), v: parseCube(r.v) });
      const first = parts + 1;
      const part: { id: number; list: number; c: string }[] = [];
      const rowIds: number[] = [];
      const rowParts: number[] = [];
      for (const l of chunk) {
        const members = byList.get(l.id)!;
        if (!members.length) {
          part.push({ id: ++parts, list: l.id, c: l.c });
          continue;
        }
        const dim = members[0]!.v.length;
        const points = new Float64Array(members.length * dim);
        for (const [n, m] of members.entries()) points.set(m.v.slice(0, dim), n * dim);
        const k = Math.max(1, Math.min(members.length, Math.round(members.length / rowsPerPart)));
        // Trained on at most SPLIT_SAMPLE_PER_PART rows a part (every n-th), every row assigned below.
        const stride = Math.max(1, Math.floor(members.length / (k * SPLIT_SAMPLE_PER_PART)));
        const sample =
          stride === 1
            ? points
            : Float64Array.from({ length: Math.floor(members.length / stride) * dim }, (_, x) => {
                const n = Math.floor(x / dim) * stride;
                return points[n * dim + (x % dim)]!;
              });
        const centers = kmeans(sample, dim, k, rnd, SPLIT_KMEANS_ROUNDS);
        const firstOfList = parts + 1;
        for (let c = 0; c < k; c++)
          part.push({
            id: ++parts,
            list: l.id,
            c: `(${Array.from(centers.subarray(c * dim, (c + 1) * dim)).join(', ')})`,
          });
        // Each row's part: the nearest centre by the cube's distance (the root of the summed squares, in the
        // order of the dimensions, as `<->` computes it), the lower id on a tie.
        for (const [n, m] of members.entries()) {
          let best = 0;
          let bestD = Number.POSITIVE_INFINITY;
          for (let c = 0; c < k; c++) {
            let sum = 0;
            for (let j = 0; j < dim; j++) {
              const d = Math.abs(points[n * dim + j]! - centers[c * dim + j]!);
              sum += d * d;
            }
            const d = Math.sqrt(sum);
            if (d < bestD) {
              bestD = d;
              best = c;
            }
          }
          rowIds.push(m.id);
          rowParts.push(firstOfList + best);
        }
      }
      await sql`
        INSERT INTO discovery_sublists (id, list, center)
        SELECT id, list, c::cube FROM unnest(${part.map((p) => p.id)}::int[], ${part.map((p) => p.list)}::int[],
          ${part.map((p) => p.c)}::text[]) AS t(id, list, c)`.execute(trx);
      // The rows' genders and vectors from the lists' covering index; written in the order of the parts' own
      // covering index, so that its pages are filled one after the other.
      await sql`
        INSERT INTO influencer_sublist (id, sublist, gender, similarity)
        SELECT i.id, p.sublist, i.gender, i.similarity
        FROM influencer_index i JOIN unnest(${rowIds}::bigint[], ${rowParts}::int[]) AS p(id, sublist) ON p.id = i.id
        WHERE i.centroid = ANY(${ids}::int[])
        ORDER BY p.sublist, i.gender, i.id`.execute(trx);
      await countLists(trx, 'discovery_sublists', 'influencer_sublist', 'sublist', {
        from: first,
        to: parts,
      });
    }
    return parts;
  });
  if (split === null) return null;
  // Vacuumed: the visibility map lets a search read the parts' rows from their covering index alone.
  await sql`VACUUM ANALYZE discovery_sublists, influencer_sublist`.execute(db);
  return split;
}

/** The trained centres as stored (ids and coordinates, the exact float8 values: `cube`'s text is round-trip). */
export type Centres = { ids: Int32Array; dim: number; coords: Float64Array; tree: KdNode };
type KdNode = { axis: number; split: number; lo: KdNode; hi: KdNode } | { from: number; to: number };
const KD_LEAF = 8;

const parseCube = (text: string) =>
  text
    .replace(/[()\s]/g, '')
    .split(',')
    .map(Number);

export async function loadCentres(db: Kysely<DB>): Promise<Centres | undefined> {
  const { rows } = await sql<{ id: number; c: string }>`
    SELECT id, center::text AS c FROM discovery_centroids ORDER BY id`.execute(db);
  if (!rows.length) return undefined;
  const first = parseCube(rows[0]!.c);
  const dim = first.length;
  // Sorted by the k-d tree's splits below; ids travel with their coordinates.
  const ids = Int32Array.from(rows, (r) => r.id);
  const coords = new Float64Array(rows.length * dim);
  for (const [n, r] of rows.entries()) {
    const v = parseCube(r.c);
    if (v.length !== dim) throw new Error('discovery_centroids: centres of different dimensions');
    coords.set(v, n * dim);
  }
  const order = Array.from(ids.keys());
  const build = (from: number, to: number): KdNode => {
    if (to - from <= KD_LEAF) return { from, to };
    // Split on the widest axis at the median.
    let axis = 0;
    let widest = -1;
    for (let j = 0; j < dim; j++) {
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      for (let n = from; n < to; n++) {
        const x = coords[order[n]! * dim + j]!;
        if (x < lo) lo = x;
        if (x > hi) hi = x;
      }
      if (hi - lo > widest) {
        widest = hi - lo;
        axis = j;
      }
    }
    const part = order.slice(from, to).sort((a, b) => coords[a * dim + axis]! - coords[b * dim + axis]!);
    for (const [n, c] of part.entries()) order[from + n] = c;
    const mid = (from + to) >> 1;
    const split = coords[order[mid]! * dim + axis]!;
    // Left: coordinate <= split (indexes from..mid-1 sorted below mid, so their coordinates are <= split);
    // right: >= split. The search visits a side unless every centre there is provably farther.
    return { axis, split, lo: build(from, mid), hi: build(mid, to) };
  };
  const tree = build(0, order.length);
  const sortedIds = Int32Array.from(order, (n) => ids[n]!);
  const sortedCoords = new Float64Array(coords.length);
  for (const [n, c] of order.entries()) sortedCoords.set(coords.subarray(c * dim, (c + 1) * dim), n * dim);
  return { ids: sortedIds, dim, coords: sortedCoords, tree };
}

/**
 * The id of the centre nearest `v`, exactly as `ORDER BY center <-> v LIMIT 1` over discovery_centroids gives
 * it: the cube extension's Euclidean distance sums |a - b|² over the dimensions in order and takes the square
 * root (the same IEEE doubles here), so comparing the sums orders the centres as the distances do. Equal
 * distances (a measure-zero event for these continuous vectors) go to the lower id; the GiST scan's order
 * among equal distances is unspecified.
 */
export function nearestCentre(centres: Centres, v: ArrayLike<number>): number {
  const { dim, coords, ids } = centres;
  let best = -1;
  let bestSum = Number.POSITIVE_INFINITY;
  const visit = (node: KdNode) => {
    if ('from' in node) {
      for (let n = node.from; n < node.to; n++) {
        let sum = 0;
        for (let j = 0; j < dim; j++) {
          const d = Math.abs(v[j]! - coords[n * dim + j]!);
          sum += d * d;
        }
        if (sum < bestSum || (sum === bestSum && ids[n]! < ids[best]!)) {
          bestSum = sum;
          best = n;
        }
      }
      return;
    }
    const x = v[node.axis]!;
    const near = x <= node.split ? node.lo : node.hi;
    const far = near === node.lo ? node.hi : node.lo;
    visit(near);
    // Every centre on the far side is at least |x - split| away on this axis alone (rounding is monotone, so
    // the sum computed for it is at least this square): skipped only when strictly farther than the best.
    const d = Math.abs(x - node.split);
    if (d * d <= bestSum) visit(far);
  };
  visit(centres.tree);
  return ids[best]!;
}

/** The nearest list of each profile start..end (their similarity vectors computed by the same SQL as the rows). */
async function nearestLists(
  db: Kysely<DB>,
  centres: Centres,
  start: number,
  end: number,
  picks: number,
): Promise<Int32Array> {
  const { rows } = await sql<{ i: string | number; v: string }>`${sql.raw(
    `SELECT g.i, ${SIMILARITY}::text AS v FROM generate_series(${start}, ${end}) AS g(i)
      CROSS JOIN LATERAL (${profileA(picks)}) a CROSS JOIN LATERAL (SELECT ${PROFILE_ER} AS er, ${PROFILE_AUD_MALE} AS aud_male) b`,
  )}`.execute(db);
  const out = new Int32Array(end - start + 1);
  for (const row of rows) out[Number(row.i) - start] = nearestCentre(centres, parseCube(row.v));
  return out;
}

/** A small deterministic pseudo-random generator (mulberry32) for the k-means seeding. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lloyd's k-means with k-means++ seeding on `points` (n × dim, flat); returns k centres (k × dim, flat). */
function kmeans(
  points: Float64Array,
  dim: number,
  k: number,
  rnd: () => number,
  rounds = KMEANS_ROUNDS,
): Float64Array {
  const n = points.length / dim;
  const centers = new Float64Array(k * dim);
  const nearest = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const sq = (p: number, c: number) => {
    let d = 0;
    for (let j = 0; j < dim; j++) {
      const x = points[p * dim + j]! - centers[c * dim + j]!;
      d += x * x;
    }
    return d;
  };
  centers.set(points.subarray(0, dim), 0);
  for (let c = 1; c < k; c++) {
    let sum = 0;
    for (let p = 0; p < n; p++) {
      nearest[p] = Math.min(nearest[p]!, sq(p, c - 1));
      sum += nearest[p]!;
    }
    let pick = rnd() * sum;
    let chosen = n - 1;
    for (let p = 0; p < n; p++) {
      pick -= nearest[p]!;
      if (pick <= 0) {
        chosen = p;
        break;
      }
    }
    centers.set(points.subarray(chosen * dim, (chosen + 1) * dim), c * dim);
  }
  const assigned = new Int32Array(n);
  for (let round = 0; round < rounds; round++) {
    for (let p = 0; p < n; p++) {
      let best = 0;
      let bestD = Number.POSITIVE_INFINITY;
      for (let c = 0; c < k; c++) {
        const d = sq(p, c);
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      assigned[p] = best;
    }
    const sums = new Float64Array(k * dim);
    const counts = new Int32Array(k);
    for (let p = 0; p < n; p++) {
      const c = assigned[p]!;
      counts[c]!++;
      for (let j = 0; j < dim; j++) sums[c * dim + j]! += points[p * dim + j]!;
    }
    for (let c = 0; c < k; c++)
      if (counts[c]) for (let j = 0; j < dim; j++) centers[c * dim + j] = sums[c * dim + j]! / counts[c]!;
  }
  return centers;
}

/** k centres in two levels: √k coarse ones, then each coarse cluster split in proportion to its size. */
function twoLevelKmeans(points: Float64Array, dim: number, k: number): Float64Array {
  const rnd = random(17);
  const n = points.length / dim;
  const coarseK = Math.max(1, Math.min(k, Math.round(Math.sqrt(k))));
  const coarse = kmeans(points, dim, coarseK, rnd);
  const members: number[][] = Array.from({ length: coarseK }, () => []);
  for (let p = 0; p < n; p++) {
    let best = 0;
    let bestD = Number.POSITIVE_INFINITY;
    for (let c = 0; c < coarseK; c++) {
      let d = 0;
      for (let j = 0; j < dim; j++) {
        const x = points[p * dim + j]! - coarse[c * dim + j]!;
        d += x * x;
      }
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    members[best]!.push(p);
  }
  const out: number[] = [];
  for (const list of members) {
    if (!list.length) continue;
    const sub = new Float64Array(list.length * dim);
    for (const [m, p] of list.entries()) sub.set(points.subarray(p * dim, (p + 1) * dim), m * dim);
    const want = Math.max(1, Math.min(list.length, Math.round((k * list.length) / n)));
    out.push(...kmeans(sub, dim, want, rnd));
  }
  return Float64Array.from(out);
}

async function isPostgres(db: Kysely<DB>): Promise<boolean> {
  const { rows } = await sql<{ jit: string | null }>`
    SELECT current_setting('jit', true) AS jit`.execute(db);
  return rows[0]?.jit !== null && rows[0]?.jit !== undefined;
}

const literalArray = (values: readonly (string | number)[]) =>
  `(ARRAY[${values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)).join(',')}])`;

const NI = DISCOVERY_INTERESTS.length;
/** A profile's size, age, gender and interests (`a`): shared by the rows and their similarity vectors. */
const profileA = (picks: number) => `      SELECT
        CASE WHEN ${r(1)} < 0.6 THEN 'instagram' WHEN ${r(1)} < 0.85 THEN 'tiktok' ELSE 'youtube' END AS platform,
        least(400000000, greatest(1000, round(exp(9.6 + 1.5 * sqrt(-2 * ln(greatest(${r(2)}, 1e-12)))
          * cos(2 * pi() * ${r(3)})))))::int AS followers,
        CASE WHEN ${r(4)} < 0.48 THEN 'FEMALE' WHEN ${r(4)} < 0.9 THEN 'MALE' ELSE 'UNKNOWN' END AS gender,
        least(70, 16 + floor(-ln(greatest(${r(5)}, 1e-9)) * 9))::int AS age,
        CASE WHEN least(70, 16 + floor(-ln(greatest(${r(5)}, 1e-9)) * 9)) < 18 THEN 1
             WHEN least(70, 16 + floor(-ln(greatest(${r(5)}, 1e-9)) * 9)) < 25 THEN 2
             WHEN least(70, 16 + floor(-ln(greatest(${r(5)}, 1e-9)) * 9)) < 35 THEN 3
             WHEN least(70, 16 + floor(-ln(greatest(${r(5)}, 1e-9)) * 9)) < 45 THEN 4
             WHEN least(70, 16 + floor(-ln(greatest(${r(5)}, 1e-9)) * 9)) < 65 THEN 5 ELSE 6 END AS age_bucket,
        floor(${r(6)} * ${picks})::int AS pick_n,
        ${r(7)} < 0.8 AS has_city,
        1 + floor(${r(8)} * ${NI})::int AS i1,
        array_remove(ARRAY[
          1 + floor(${r(8)} * ${NI})::int,
          CASE WHEN ${r(9)} < 0.6 THEN 1 + (floor(${r(8)} * ${NI})::int + 1 + floor(${r(10)} * 9)::int) % ${NI} END,
          CASE WHEN ${r(9)} < 0.25 THEN 1 + (floor(${r(8)} * ${NI})::int + 10 + floor(${r(23)} * 10)::int) % ${NI} END],
          NULL) AS interests`;
/** Its engagement rate and audience's share of men (b.er, b.aud_male), from `a`. */
const PROFILE_ER = `least(0.6, greatest(0.002, 0.09 * power(a.followers / 1000.0, -0.22)
          * exp(0.45 * sqrt(-2 * ln(greatest(${r(27)}, 1e-12))) * cos(2 * pi() * ${r(28)}))))::float8`;
const PROFILE_AUD_MALE = `CASE a.gender WHEN 'MALE' THEN 0.45 + 0.4 * ${r(33)} WHEN 'FEMALE' THEN 0.1 + 0.35 * ${r(33)}
          ELSE 0.3 + 0.4 * ${r(33)} END`;
/**
 * The lookalike vector: continuous dimensions only (size, engagement, audience gender, age, main interest on a
 * circle, with a little jitter) so the GiST index splits well and KNN stays a short walk.
 */
const SIMILARITY = `cube(ARRAY[log(a.followers) / 2.0, ln(b.er * 100) / 2.0, b.aud_male::float8 * 2, a.age / 15.0,
                 cos(2 * pi() * a.i1 / ${NI}) * 0.7 + ${r(47)} * 0.08,
                 sin(2 * pi() * a.i1 / ${NI}) * 0.7 + ${r(48)} * 0.08]::float8[])`;

/** One INSERT … SELECT of profiles start..end (all constants are literals: no user input reaches this SQL). */
function insertBatchSql(start: number, end: number, picks: number, lists?: Int32Array): string {
  const fn = literalArray(FEMALE_NAMES);
  const mn = literalArray(MALE_NAMES);
  const ln = literalArray(LAST_NAMES);
  const phrases = literalArray(INTEREST_WORDS.map((w) => w.phrase));
  const itags = literalArray(INTEREST_WORDS.map((w) => w.tag));
  const extras = literalArray(BIO_EXTRAS);
  const words = literalArray(CAPTION_WORDS);
  const gtags = literalArray(GENERIC_TAGS);
  const brands = literalArray(BRANDS);
  const langCodes = literalArray(Object.keys(COUNTRY_LANGUAGE));
  const langs = literalArray(Object.values(COUNTRY_LANGUAGE));
  const others = literalArray(OTHER_AUDIENCE_COUNTRIES);
  const ages = [1, 2, 3, 4, 5, 6]
    .map((k) => `${r(40 + k)} * (CASE abs(${k} - a.age_bucket) WHEN 0 THEN 5 WHEN 1 THEN 2 ELSE 0.4 END)`)
    .map((w, n) => `${w} AS w${n + 1}`)
    .join(', ');
  return `
    WITH picks AS MATERIALIZED (
      SELECT (row_number() OVER (ORDER BY l.id, k) - 1)::int AS n, l.id AS city_id, l.state_id, l.country_id,
             l.name AS city_name, c.name AS country_name, c.code AS country_code
      FROM discovery_locations l
      JOIN countries c ON c.id = l.country_id
      CROSS JOIN LATERAL generate_series(1, l.weight) k
      WHERE l.type = 'city'
    )
    INSERT INTO influencer_index (
      id, modash_id, platform, username, fullname, picture, url, followers, engagements, engagement_rate,
      country_id, state_id, city_id, language, gender, age, age_group, interests, bio, captions, tags,
      has_contact_details, contact_email, is_verified, account_type, last_posted, posts_count,
      aud_credibility, aud_male, aud_ages, aud_countries, aud_languages, aud_top_country, similarity${lists ? ', centroid' : ''})
    SELECT g.i, 'L' || g.i, a.platform, c.username, b.first || ' ' || b.last,
      '/api/v1/discovery/avatar/L' || g.i || '.svg',
      CASE a.platform WHEN 'instagram' THEN 'https://www.instagram.com/' || c.username || '/'
        WHEN 'tiktok' THEN 'https://www.tiktok.com/@' || c.username
        ELSE 'https://www.youtube.com/@' || c.username END,
      a.followers, round(a.followers * b.er)::int, b.er::real,
      p.country_id, CASE WHEN a.has_city THEN p.state_id END, CASE WHEN a.has_city THEN p.city_id END,
      b.lang, a.gender, a.age,
      (ARRAY['13-17','18-24','25-34','35-44','45-64','65-'])[a.age_bucket],
      a.interests,
      ${bioForGender(`${phrases}[a.i1] || ' | ' || CASE WHEN a.has_city THEN p.city_name || ', ' ELSE '' END || p.country_name
        || ' | ' || ${pick(extras, BIO_EXTRAS.length, 11)} || ', ' || ${pick(extras, BIO_EXTRAS.length, 12)}`)},
      ${pick(words, CAPTION_WORDS.length, 13)} || ' ' || ${pick(words, CAPTION_WORDS.length, 14)} || ' '
        || ${pick(words, CAPTION_WORDS.length, 15)} || ' #' || ${itags}[a.i1] || ' #' || b.gtag || ' @' || b.brand,
      ARRAY['#' || ${itags}[a.i1], '#' || b.gtag, '@' || b.brand],
      b.has_contact, CASE WHEN b.has_contact THEN c.username || '@example.com' END,
      (a.followers > 200000 AND ${r(16)} < 0.6) OR ${r(17)} < 0.01,
      CASE WHEN ${r(18)} < 0.45 THEN 1 WHEN ${r(18)} < 0.7 THEN 2 ELSE 3 END,
      CURRENT_DATE - floor(power(${r(19)}, 3) * 400)::int,
      20 + floor(${r(20)} * 3000)::int,
      round((0.45 + 0.5 * sqrt(${r(21)}))::numeric, 3)::real,
      b.aud_male::real,
      ARRAY[round((d.w1 / d.s)::numeric, 3), round((d.w2 / d.s)::numeric, 3), round((d.w3 / d.s)::numeric, 3),
            round((d.w4 / d.s)::numeric, 3), round((d.w5 / d.s)::numeric, 3), round((d.w6 / d.s)::numeric, 3)]::real[],
      jsonb_build_object(b.third_country::text, round(((1 - b.s1 - b.s2) * 0.5 * ${r(22)})::numeric, 3),
                         b.second_country::text, round(b.s2, 3), p.country_id::text, round(b.s1, 3)),
      jsonb_build_object(CASE WHEN b.lang = 'en' THEN 'es' ELSE 'en' END, round(b.l2, 3), b.lang, round(b.l1, 3)),
      p.country_id,
      ${SIMILARITY}${lists ? `,\n      (ARRAY[${lists.join(',')}]::int[])[g.i - ${start - 1}]` : ''}
    FROM generate_series(${start}, ${end}) AS g(i)
    CROSS JOIN LATERAL (${profileA(picks)}
    ) a
    JOIN picks p ON p.n = a.pick_n
    CROSS JOIN LATERAL (
      SELECT
        CASE WHEN a.gender = 'FEMALE' OR (a.gender = 'UNKNOWN' AND ${r(24)} < 0.5)
          THEN ${pick(fn, FEMALE_NAMES.length, 25)} ELSE ${pick(mn, MALE_NAMES.length, 25)} END AS first,
        ${pick(ln, LAST_NAMES.length, 26)} AS last,
        ${PROFILE_ER} AS er,
        CASE WHEN p.country_code = 'US' AND ${r(29)} < 0.12 THEN 'es'
          ELSE coalesce(${langs}[array_position(${langCodes}, p.country_code)], 'en') END AS lang,
        ${pick(gtags, GENERIC_TAGS.length, 30)} AS gtag,
        ${pick(brands, BRANDS.length, 31)} AS brand,
        ${r(32)} < (CASE WHEN a.followers > 50000 THEN 0.55 ELSE 0.25 END) AS has_contact,
        ${PROFILE_AUD_MALE} AS aud_male,
        CASE WHEN p.country_id = ${US_ID} THEN ${CANADA_ID} ELSE ${US_ID} END AS second_country,
        ${pick(others, OTHER_AUDIENCE_COUNTRIES.length, 34)} AS third_country,
        (0.3 + 0.5 * ${r(35)})::numeric AS s1,
        ((1 - (0.3 + 0.5 * ${r(35)})) * (0.3 + 0.5 * ${r(36)}))::numeric AS s2,
        (0.5 + 0.4 * ${r(37)})::numeric AS l1,
        ((1 - (0.5 + 0.4 * ${r(37)})) * (0.4 + 0.5 * ${r(38)}))::numeric AS l2
    ) b
    CROSS JOIN LATERAL (
      SELECT ${asciiName('b.first')}
        || (ARRAY['.', '_', ''])[1 + floor(${r(39)} * 3)::int] || ${asciiName('b.last')} || '.' || to_hex(g.i) AS username
    ) c
    CROSS JOIN LATERAL (SELECT *, w1 + w2 + w3 + w4 + w5 + w6 AS s FROM (SELECT ${ages}) w) d`;
}
