import { type Compilable, type RawBuilder, sql } from 'kysely';

/** Counts by key, as `json_object_agg` writes them (numbers inside JSON; a key with no row is absent). */
export type CountsByKey<K extends string = string> = Partial<Record<K, number>>;

/**
 * A grouped count as one JSON object in a select list (`{ "accepted": 3, "invited": 1 }`), so that one statement
 * reads several groupings in one round trip: `counts` selects the grouping column `key` and the count `n`, grouped
 * by `key`; no row gives `{}`.
 */
export function countsByKey<K extends string = string>(
  counts: Compilable,
  key: string,
): RawBuilder<CountsByKey<K>> {
  return sql<
    CountsByKey<K>
  >`(select coalesce(json_object_agg(${sql.ref(`x.${key}`)}, x.n), '{}') from (${counts}) as x)`;
}
