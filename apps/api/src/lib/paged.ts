import { type Compilable, type SelectQueryBuilder, sql } from 'kysely';
import type { Executor, StatementShapes } from '../db/statement-shapes';

/*
 * A page and its total in one statement: `count(*) over ()` is computed over the whole filtered set before
 * LIMIT/OFFSET, so every row of the page carries the total. A page past the end has no row to carry it: only
 * then is the separate count run (and on the first page an empty set needs none: its total is 0).
 */

/** The select item that puts the filtered set's size beside each row of the page. */
export const fullCount = () => sql<number>`count(*) over ()`.as('full_count');

/** The total of a page read with `fullCount()`; `count` answers it when the page came back empty past page 1. */
export async function pageTotal(
  rows: readonly { full_count: number | string }[],
  page: number,
  count: () => Promise<number | string>,
): Promise<number> {
  const first = rows[0];
  if (first) return Number(first.full_count);
  return page > 1 ? Number(await count()) : 0;
}

/** A list's request: which page, how many rows on it. */
export type PageRequest = { page: number; items: number };

/**
 * A list's page and its total, both from one filtered `base`, built and compiled once per shape
 * (db/statement-shapes.ts). The page's shape is `key` with `sort` (whatever besides `values` changes its text:
 * the sort and its direction) and the page; `page` adds the select list and the order to the base, the helper
 * the limit and offset, as literals (as parameters they would keep PostgreSQL planning every execution: see
 * campaigns/lists.ts).
 *
 * By default the total rides on the page's rows (`count(*) over ()`, see {@link fullCount}): one statement, and
 * a count of `base` runs on its own only for an empty page past the first. A list whose rows are not what it
 * counts (groups counted by one of their keys, say) passes `count`, its total's select list: that total is then
 * its own statement, run beside the page.
 */
export async function pageWithTotal<V extends Record<string, unknown>, DBX, TB extends keyof DBX, R>(
  db: Executor,
  statements: StatementShapes,
  list: {
    key: string;
    sort: string;
    values: V;
    request: PageRequest;
    base: (values: V) => SelectQueryBuilder<DBX, TB, object>;
    page: (base: SelectQueryBuilder<DBX, TB, object>) => SelectQueryBuilder<DBX, TB, R>;
    count?: (base: SelectQueryBuilder<DBX, TB, object>) => Compilable<{ n: number | string | bigint }>;
  },
): Promise<{ rows: R[]; total: number }> {
  const { key, values, request, base } = list;
  const shape = `${key}|${list.sort}|${request.items}|${request.page}`;
  const limited = <O>(b: SelectQueryBuilder<DBX, TB, O>) =>
    b.limit(sql.lit(request.items)).offset(sql.lit((request.page - 1) * request.items));
  const countAll = (b: SelectQueryBuilder<DBX, TB, object>) => b.select(sql<number>`count(*)`.as('n'));
  const counted = async (count: NonNullable<typeof list.count>) => {
    const [total] = await statements.execute(db, `${key}-total`, values, (v) => count(base(v)));
    return Number(total?.n ?? 0);
  };
  if (list.count) {
    const [rows, total] = await Promise.all([
      statements.execute(db, shape, values, (v) => limited(list.page(base(v)))),
      counted(list.count),
    ]);
    return { rows, total };
  }
  // The generic selection hides full_count from the row type: it is there, as fullCount() names it.
  const rows = (await statements.execute(db, shape, values, (v) =>
    limited(list.page(base(v)).select(fullCount())),
  )) as (R & { full_count: number | string })[];
  return { rows, total: await pageTotal(rows, request.page, () => counted(countAll)) };
}
