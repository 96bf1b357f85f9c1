import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';

/** What runs a compiled statement: a Kysely instance or transaction. */
export type Executor = { executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> };

/**
 * Statements built and compiled once per shape, then run with each request's values. Building a list's query
 * with Kysely (dozens of select items, joins, subqueries) and compiling it to SQL costs more of the server's CPU
 * than reading its rows, on every request, for a text that only changes with the shape of the request (which
 * filters are set, the sort, the page). The first request of a shape builds the query with {@link Slot}s in
 * place of its values; Kysely passes values through to the compiled parameters untouched, so each slot's
 * positions are known, and later requests of that shape bind their own values there. The text is the same
 * string every time, which db/prepared.ts then finds at once among its named statements.
 *
 * The rule for a builder: whatever changes the SQL text must be in the shape key; values only flow into the
 * query as values (compared, matched, passed to `sql` as parameters), never branched on or used as literals,
 * since at build time they are slots.
 */
export class StatementShapes {
  readonly #compiled = new Map<string, { sql: string; parameters: readonly unknown[] }>();

  /** `max` bounds the shapes kept (page numbers, say, are endless): when full, the cache starts again. */
  constructor(private readonly max = 500) {}

  /**
   * The rows of the statement `build` makes for `values`, in the shape `key` (which must name everything
   * besides `values` that `build` reads). `build` receives `values` with each string, number, bigint and Date
   * replaced by a slot (arrays element by element; `undefined`, `null` and booleans kept, and in the key).
   */
  async execute<V extends Record<string, unknown>, R>(
    db: Executor,
    key: string,
    values: V,
    build: (slotted: V) => Compilable<R>,
  ): Promise<R[]> {
    const bound: unknown[] = [];
    const slotted = withSlots(values, bound);
    const shape = `${key}|${shapeOf(values)}`;
    let compiled = this.#compiled.get(shape);
    if (!compiled) {
      compiled = build(slotted).compile();
      if (this.#compiled.size >= this.max) this.#compiled.clear();
      this.#compiled.set(shape, compiled);
    }
    const parameters = compiled.parameters.map((p) => (p instanceof Slot ? bound[p.index] : p));
    return (await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  }
}

/** A value's place in a statement built once per shape. */
export class Slot {
  constructor(readonly index: number) {}
}

const isSlotted = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' || v instanceof Date;

/** `values` with slots for its values, whose values are pushed in slot order onto `bound`. */
function withSlots<V extends Record<string, unknown>>(values: V, bound: unknown[]): V {
  const slot = (v: unknown) => {
    if (!isSlotted(v)) return v;
    bound.push(v);
    return new Slot(bound.length - 1);
  };
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.map(slot) : slot(v)]),
  ) as V;
}

/** What of `values` can change a statement's text: which are absent, the booleans, the arrays' lengths. */
function shapeOf(values: Record<string, unknown>): string {
  return Object.entries(values)
    .map(([k, v]) => {
      if (Array.isArray(v)) return `${k}[${v.map((x) => (isSlotted(x) ? '' : String(x))).join(',')}]`;
      return isSlotted(v) ? k : `${k}=${String(v)}`;
    })
    .join(';');
}
