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
 * A list's page and its total as two statements run at once, both from one filtered `base` and each built and
 * compiled once per shape (db/statement-shapes.ts). The page's shape is `key` with `sort` (whatever besides
 * `values` changes its text: the sort and its direction); the total's is `key` alone, since sorting does not
 * change a count. `page` adds the select list and the order to the base, the helper the limit and offset (as
 * values); `count` is the total's select list (every row of `base` by default).
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
  const count = list.count ?? ((b) => b.select(sql<number>`count(*)`.as('n')));
  const paged = { ...values, items: request.items, offset: (request.page - 1) * request.items };
  const [rows, [total]] = await Promise.all([
    statements.execute(db, `${key}|${list.sort}`, paged, (v) =>
      list.page(base(v)).limit(v.items).offset(v.offset),
    ),
    statements.execute(db, `${key}-total`, values, (v) => count(base(v))),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
