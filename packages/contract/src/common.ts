import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SORT_DIRECTIONS } from './constants';

export const id = z.coerce.number().int().positive();

/** Query of every list endpoint; `sortBy` is narrowed per endpoint with `pagingQuery(keys, default)`. */
export function pagingQuery<const K extends readonly [string, ...string[]]>(
  sortKeys: K,
  defaultSort: K[number],
) {
  return z.object({
    sortBy: z.enum(sortKeys).default(defaultSort as never),
    sortDesc: z.enum(SORT_DIRECTIONS).default('asc'),
    items: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    page: z.coerce.number().int().min(1).default(1),
  });
}

export function page<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number().int() });
}

export const message = z.object({ message: z.string() });
export const ok = z.object({ ok: z.literal(true) });
