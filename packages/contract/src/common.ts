import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SORT_DIRECTIONS } from './constants';

/** Largest value of a PostgreSQL integer (int4). */
export const INT4_MAX = 2_147_483_647;

/**
 * A row id (path, query or body), bounded to int4 for every table alike: against an int4 column (states,
 * countries, interests) a larger number makes PostgreSQL throw "out of range for type integer" (a 500) instead of
 * matching nothing, and the bigserial ids of the other tables stay far below it.
 */
export const id = z.coerce.number().int().positive().max(INT4_MAX, { error: 'This id is too large.' });

/** A 1-based page number of a list query; bounded so that its OFFSET stays a sane bigint. */
export const pageNumber = z.coerce
  .number()
  .int()
  .min(1)
  .max(INT4_MAX, { error: 'This page number is too large.' })
  .default(1);

/** Query of every list endpoint; `sortBy` is narrowed per endpoint with `pagingQuery(keys, default)`. */
export function pagingQuery<const K extends readonly [string, ...string[]]>(
  sortKeys: K,
  defaultSort: K[number],
) {
  return z.object({
    sortBy: z.enum(sortKeys).default(defaultSort as never),
    sortDesc: z.enum(SORT_DIRECTIONS).default('asc'),
    items: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    page: pageNumber,
  });
}

export function page<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number().int() });
}

export const message = z.object({ message: z.string() });
export const ok = z.object({ ok: z.literal(true) });
