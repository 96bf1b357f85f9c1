import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * How many statements one connection keeps prepared at most. The API's own statements number in the low
 * hundreds, the everyday ones far fewer; texts that vary without end (IN lists of any length, discovery's
 * filter combinations) must not make a connection hold ever more of them.
 */
export const MAX_PREPARED_PER_CONNECTION = 200;

/** SQLSTATE of "cached plan must not change result type" (feature_not_supported). */
const RESULT_TYPE_CHANGED = '0A000';

/**
 * A `*` in a select or returning list (Kysely's selectAll and returningAll compile to `*` and `"t".*`), once
 * `count(*)` is set aside. Multiplication has an operand on its left, so `a * b` does not match.
 */
const STAR_COLUMNS = /(?:^|[\s,])(?:(?:"(?:[^"]|"")*"|[\w$]+)\.)*\*\s*(?:,|\bfrom\b|\binto\b|\)|;|$)/i;

/**
 * Kysely's pool (PostgresDialect's `pool`) over a pg pool, whose connections run statements with parameters as
 * named, server-side prepared statements. Unnamed, PostgreSQL parses and analyses such a statement again on
 * every execution, most of the database's CPU for the API's small reads; named, each connection does that once
 * per statement and afterwards only binds and executes it, and from the sixth execution on PostgreSQL may keep
 * one generic plan for it instead of planning each execution (when that plan is estimated no dearer).
 *
 * Left unnamed:
 * - statements without parameters: pg sends them through the simple protocol as before (migrations,
 *   multi-statement SQL, begin and commit);
 * - statements whose select or returning list has a `*`: a prepared statement's result columns are fixed, so
 *   once a migration (another replica's, say) adds a column, every later execution would fail with "cached plan
 *   must not change result type";
 * - statements beyond `maxPerConnection` on one connection: they run unnamed, as every statement used to;
 * - statements matching `unnamed`: those that must be planned for their own values every time (a statement run
 *   five times under one name may be given a generic plan, one plan for any values).
 *
 * A named statement that still fails with that error (a column's type changed under it) never runs under that
 * name again. Outside a transaction it runs again at once, unnamed, and the caller sees no error; inside one
 * the error aborts the transaction and reaches the caller, once: the next execution prepares a new name.
 */
export function withPreparedStatements(
  pool: pg.Pool,
  {
    maxPerConnection = MAX_PREPARED_PER_CONNECTION,
    unnamed,
  }: { maxPerConnection?: number; unnamed?: RegExp | undefined } = {},
): PostgresPool {
  // One wrapper per pg connection, kept for the connection's life: its names are what that session has prepared.
  const wrappers = new WeakMap<pg.PoolClient, PreparingClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = new PreparingClient(client, maxPerConnection, unnamed);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** Whether a statement's select or returning list has a `*` (see STAR_COLUMNS); such statements stay unnamed. */
export function selectsStar(sql: string): boolean {
  return STAR_COLUMNS.test(sql.replaceAll('(*)', '()'));
}

class PreparingClient implements PostgresPoolClient {
  /** The name each statement text runs under on this connection. */
  readonly #names = new Map<string, string>();
  /**
   * Texts found to stay unnamed (a `*`, `unnamed`), so the checks run once per text, not per execution; at most
   * MAX_PREPARED_PER_CONNECTION of them (emptied when full: a text is only checked again).
   */
  readonly #unnamedTexts = new Set<string>();
  /** Names given out on this connection, dropped ones included: the session keeps them all until it ends. */
  #given = 0;
  /** How many names were dropped: later names carry this count, so no name is ever used twice. */
  #dropped = 0;
  /** Between Kysely's begin and its commit or rollback, where a failed statement aborts the transaction. */
  #inTransaction = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly maxPerConnection: number,
    private readonly unnamed: RegExp | undefined,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    statement: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof statement !== 'string') {
      return this.client.query(statement as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    }
    return this.#run(statement, [...parameters]) as Promise<PostgresQueryResult<R>>;
  }

  release() {
    this.client.release();
  }

  async #run(sql: string, values: unknown[]): Promise<pg.QueryResult> {
    if (values.length === 0) {
      if (/^(?:begin|start transaction)\b/i.test(sql)) this.#inTransaction = true;
      else if (/^(?:commit|rollback)$/i.test(sql)) this.#inTransaction = false;
      return this.client.query(sql, values);
    }
    const name = this.#nameFor(sql);
    if (!name) return this.client.query(sql, values);
    try {
      return await this.client.query({ name, text: sql, values });
    } catch (error) {
      if ((error as { code?: unknown }).code !== RESULT_TYPE_CHANGED) throw error;
      this.#names.delete(sql);
      this.#dropped++;
      if (this.#inTransaction) throw error;
      return this.client.query(sql, values);
    }
  }

  #nameFor(sql: string): string | undefined {
    const known = this.#names.get(sql);
    if (known !== undefined) return known;
    if (this.#given >= this.maxPerConnection || this.#unnamedTexts.has(sql)) return undefined;
    if (selectsStar(sql) || this.unnamed?.test(sql)) {
      if (this.#unnamedTexts.size >= MAX_PREPARED_PER_CONNECTION) this.#unnamedTexts.clear();
      this.#unnamedTexts.add(sql);
      return undefined;
    }
    // pg allows one text per name: a hash of the text, and after a drop the drop count, keep names distinct.
    const hash = createHash('sha1').update(sql).digest('hex').slice(0, 24);
    const name = this.#dropped ? `s${hash}_${this.#dropped}` : `s${hash}`;
    this.#names.set(sql, name);
    this.#given++;
    return name;
  }
}
