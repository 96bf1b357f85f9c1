import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTRA_INDEX_ID_BASE,
  loadCentres,
  nearestCentre,
  seedInfluencerIndex,
  trainLookalikeLists,
} from '../src/modules/discovery/generator';
import { createTestApp, type TestApp } from './harness';

/*
 * Issue 17, a 10M seed: once the lookalike lists are trained, the bulk seed gives each new row its list itself
 * (the nearest centre, found in the generator's process) and the trigger (migration 0030) skips its KNN for a
 * row that arrives with one. Every row must land in the list the SQL KNN over discovery_centroids gives it.
 */

const FIRST = 3_000;
const SIZE = 9_000;
const LISTS = 64;
let t: TestApp;
const db = () => t.app.ctx.db;

/** Rows whose stored list differs from the GiST/SQL KNN's nearest centre (`ORDER BY center <-> similarity`). */
const differing = async () =>
  (
    await sql<{ id: string; centroid: number | null; knn: number }>`
      SELECT id, centroid, knn FROM (
        SELECT i.id, i.centroid,
               (SELECT c.id FROM discovery_centroids c ORDER BY c.center <-> i.similarity LIMIT 1) AS knn
        FROM influencer_index i) s
      WHERE centroid IS DISTINCT FROM knn`.execute(db())
  ).rows;

beforeAll(async () => {
  t = await createTestApp({ env: { DISCOVERY_SEED_SIZE: String(FIRST) } });
  // More lists than the small index's default, so that the nearest one is a real choice.
  expect(await trainLookalikeLists(db(), LISTS)).toBe(LISTS);
}, 120_000);
afterAll(() => t?.close());

describe('the bulk seed assigns the lookalike lists', () => {
  it('as the SQL KNN does, without the trigger', async () => {
    // The trigger off: every list of the new rows comes from the seed itself.
    await sql`ALTER TABLE influencer_index DISABLE TRIGGER influencer_index_centroid`.execute(db());
    try {
      expect(await seedInfluencerIndex(db(), SIZE)).toBe(SIZE - FIRST);
    } finally {
      await sql`ALTER TABLE influencer_index ENABLE TRIGGER influencer_index_centroid`.execute(db());
    }
    const { rows } = await sql<{ n: number; lists: number }>`
      SELECT count(*)::int AS n, count(DISTINCT centroid)::int AS lists FROM influencer_index
      WHERE id > ${FIRST} AND id <= ${SIZE} AND centroid IS NOT NULL`.execute(db());
    expect(rows[0]).toEqual({ n: SIZE - FIRST, lists: LISTS });
    expect(await differing()).toEqual([]);
  }, 120_000);

  it('nearestCentre agrees with the SQL KNN on every profile', async () => {
    const centres = (await loadCentres(db()))!;
    expect(centres.ids.length).toBe(LISTS);
    const { rows } = await sql<{ v: string; knn: number }>`
      SELECT i.similarity::text AS v,
             (SELECT c.id FROM discovery_centroids c ORDER BY c.center <-> i.similarity LIMIT 1) AS knn
      FROM influencer_index i`.execute(db());
    const off = rows.filter(
      (r) =>
        nearestCentre(
          centres,
          r.v
            .replace(/[()\s]/g, '')
            .split(',')
            .map(Number),
        ) !== r.knn,
    );
    expect(rows.length).toBeGreaterThanOrEqual(SIZE);
    expect(off).toEqual([]);
  });

  it('the trigger still assigns a row written without a list, and again when its vector changes', async () => {
    const id = EXTRA_INDEX_ID_BASE + 77;
    // A copy of profile 1 under another id, its list left out (the columns the table lets one write).
    const columns = (
      await sql<{ name: string }>`
        SELECT column_name AS name FROM information_schema.columns
        WHERE table_name = 'influencer_index' AND is_generated = 'NEVER'
          AND column_name NOT IN ('id', 'modash_id', 'username', 'centroid')
        ORDER BY ordinal_position`.execute(db())
    ).rows.map((r) => sql.id(r.name));
    await sql`
      INSERT INTO influencer_index (id, modash_id, username, ${sql.join(columns)})
      SELECT ${id}::bigint, 'seed-test', 'seed.test', ${sql.join(columns)} FROM influencer_index WHERE id = 1`.execute(
      db(),
    );
    const listOf = async (row: number) =>
      (
        await sql<{ c: number | null }>`SELECT centroid AS c FROM influencer_index WHERE id = ${row}`.execute(
          db(),
        )
      ).rows[0]!.c;
    expect(await listOf(id)).toBe(await listOf(1));
    // Moved to the vector of a profile in another list: the update re-assigns it.
    const other = (
      await sql<{ v: string; c: number }>`
        SELECT similarity::text AS v, centroid AS c FROM influencer_index
        WHERE centroid <> ${await listOf(1)} ORDER BY id LIMIT 1`.execute(db())
    ).rows[0]!;
    await sql`UPDATE influencer_index SET similarity = ${other.v}::cube WHERE id = ${id}`.execute(db());
    expect(await listOf(id)).toBe(other.c);
    expect(await differing()).toEqual([]);
  });
});
