/*
 * Lookalike recall (issue 17) for bench/discovery.ts: the share of the exact top 15 a lookalike search finds,
 * on random targets, with and without a filter. The exact answer is the GiST KNN scan over every row (the
 * filter applied), the search's is the provider's (the lookalike lists of migration 0027).
 */
import { DISCOVERY_PAGE_SIZE, discoverySearchBody } from '@reach/contract/discovery';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../apps/api/src/db/schema';
import type { createLocalProvider } from '../../apps/api/src/modules/discovery/local';

export type Target = { id: number; username: string; similarity: string };

/** `count` profiles picked at random among ids 1..size (the same ones for the same size and seed). */
export async function lookalikeTargets(
  db: Kysely<DB>,
  size: number,
  count: number,
  seed = 7,
): Promise<Target[]> {
  let a = seed >>> 0;
  const next = () => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return a / 4294967296;
  };
  const ids = [...new Set(Array.from({ length: count * 2 }, () => 1 + Math.floor(next() * size)))].slice(
    0,
    count,
  );
  const { rows } = await sql<Target>`
    SELECT id::int AS id, username, similarity::text AS similarity FROM influencer_index
    WHERE id = ANY(${ids}::bigint[]) ORDER BY id`.execute(db);
  return rows;
}

export const lookalikeBody = (username: string, female: boolean) => ({
  sort: { field: 'relevance' as const, direction: 'desc' as const },
  filter: { influencer: { relevance: [`@${username}`], ...(female ? { gender: 'FEMALE' as const } : {}) } },
});

export type Recall = { targets: number; recall: number; worst: number; exactMs: number; searchMs: number };

/** Recall of the provider's first page against the exact top DISCOVERY_PAGE_SIZE, over `targets`. */
export async function lookalikeRecall(
  db: Kysely<DB>,
  provider: ReturnType<typeof createLocalProvider>,
  targets: Target[],
  female: boolean,
): Promise<Recall> {
  let found = 0;
  let wanted = 0;
  let worst = 1;
  const exactTimes: number[] = [];
  const searchTimes: number[] = [];
  for (const t of targets) {
    let started = performance.now();
    const exact = await sql<{ id: number }>`
      SELECT id::int AS id FROM influencer_index
      WHERE id <> ${t.id} ${female ? sql`AND gender = 'FEMALE'` : sql``}
      ORDER BY similarity <-> ${t.similarity}::cube LIMIT ${DISCOVERY_PAGE_SIZE}`.execute(db);
    exactTimes.push(performance.now() - started);
    started = performance.now();
    const page = await provider.search(discoverySearchBody.parse(lookalikeBody(t.username, female)));
    searchTimes.push(performance.now() - started);
    const got = new Set(page.lookalikes.map((l) => l.id));
    const hits = exact.rows.filter((r) => got.has(r.id)).length;
    found += hits;
    wanted += exact.rows.length;
    if (exact.rows.length) worst = Math.min(worst, hits / exact.rows.length);
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
  return {
    targets: targets.length,
    recall: wanted ? found / wanted : 1,
    worst,
    exactMs: median(exactTimes),
    searchMs: median(searchTimes),
  };
}
