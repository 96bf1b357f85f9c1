import { sql } from 'kysely';

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
