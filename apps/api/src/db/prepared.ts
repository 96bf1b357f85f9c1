import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';

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
 *
 * A named statement's result columns are described once per connection: pg asks for a Describe of every
 * execution, so PostgreSQL sends, and pg parses and looks up a type parser for, the same row description every
 * time (NamedQuery). They cannot change under the name: PostgreSQL fails the execution instead ("cached plan
 * must not change result type", above).
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
  /** The result columns of the named statements executed on this connection, by name (NamedQuery). */
  readonly #described = new Map<string, Described>();

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
      return await this.#runNamed(name, sql, values);
    } catch (error) {
      if ((error as { code?: unknown }).code !== RESULT_TYPE_CHANGED) throw error;
      this.#names.delete(sql);
      this.#described.delete(name);
      this.#dropped++;
      if (this.#inTransaction) throw error;
      return this.client.query(sql, values);
    }
  }

  #runNamed(name: string, text: string, values: unknown[]): Promise<pg.QueryResult> {
    return new Promise((resolve, reject) => {
      const query = new NamedQuery(name, text, values, this.#described, (error, result) => {
        if (!error) return resolve(result as pg.QueryResult);
        // As pg's own promise does: the stack of the caller, not of the socket's read.
        Error.captureStackTrace(error);
        reject(error);
      });
      this.client.query(query as unknown as pg.Submittable);
    });
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

/** What a named statement's executions share: its row description, and what pg derives from it. */
type Described = {
  fields: unknown[];
  parsers: unknown[] | undefined;
  empty: Record<string, null> | null;
};

/** The parts of pg's Query (pg/lib/query.js) and its Result (pg/lib/result.js) that NamedQuery uses. */
type QueryInternals = {
  name: string;
  values: unknown[];
  portal: string;
  rows: number | undefined;
  binary: boolean | undefined;
  _accumulateRows: boolean;
  _result: {
    fields: unknown[];
    _parsers: unknown[] | undefined;
    _prebuiltEmptyResultObject: Record<string, null> | null;
  };
  hasBeenParsed(connection: Connection): boolean;
  prepare(connection: Connection): void;
  handleRowDescription(message: { fields: unknown[] }): void;
  handleReadyForQuery(connection: Connection): void;
  handleError(error: Error, connection: Connection): void;
  _getRows(connection: Connection, rows: number | undefined): void;
};
type Connection = { bind(config: object): void; sync(): void };
type QueryClass = new (
  text: string,
  values: unknown[],
  callback: (error: Error | null, result?: pg.QueryResult) => void,
) => QueryInternals;

/** pg's mapping of a parameter to its text on the wire, as its own Query binds it. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

/**
 * pg's Query for a named statement, whose executions after the first on a connection go out as Bind, Execute,
 * Sync: without the Describe pg sends with every one, so without the RowDescription it would read back; the
 * result takes the columns (and their type parsers) kept from the first. A statement that answers no columns
 * (an UPDATE without RETURNING: NoData) is kept as such once it has completed.
 */
class NamedQuery extends (pg.Query as unknown as QueryClass) {
  readonly #described: Map<string, Described>;
  /** Whether this execution sent a Describe (so the description it reads back is new). */
  #describing = false;
  #sawColumns = false;
  #failed = false;

  constructor(
    name: string,
    text: string,
    values: unknown[],
    described: Map<string, Described>,
    callback: (error: Error | null, result?: pg.QueryResult) => void,
  ) {
    // The text as a string and the values apart: with a config object pg copies it property by property first.
    super(text, values, callback);
    this.name = name;
    this.#described = described;
  }

  override prepare(connection: Connection): void {
    const known = this.#described.get(this.name);
    if (!known || !this.hasBeenParsed(connection)) {
      this.#describing = true;
      super.prepare(connection);
      return;
    }
    // pg's prepare without Parse (done) and Describe (known).
    try {
      connection.bind({
        portal: this.portal,
        statement: this.name,
        values: this.values,
        binary: this.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      // A value pg cannot write: nothing was sent, and the statement stays prepared (pg's own path closes it,
      // having just parsed it). The Sync gets the connection its ReadyForQuery.
      connection.sync();
      this.handleError(error as Error, connection);
      return;
    }
    const result = this._result;
    result.fields = known.fields;
    result._parsers = known.parsers;
    result._prebuiltEmptyResultObject = known.empty;
    // What handleRowDescription sets for a query with a callback.
    this._accumulateRows = true;
    this._getRows(connection, this.rows);
  }

  override handleRowDescription(message: { fields: unknown[] }): void {
    super.handleRowDescription(message);
    if (!this.#describing) return;
    this.#sawColumns = true;
    const result = this._result;
    this.#described.set(this.name, {
      fields: result.fields,
      parsers: result._parsers,
      empty: result._prebuiltEmptyResultObject,
    });
  }

  override handleReadyForQuery(connection: Connection): void {
    // Described, completed, and no row description came back: the statement answers no columns.
    if (this.#describing && !this.#sawColumns && !this.#failed) {
      this.#described.set(this.name, { fields: [], parsers: undefined, empty: null });
    }
    super.handleReadyForQuery(connection);
  }

  override handleError(error: Error, connection: Connection): void {
    this.#failed = true;
    this.#described.delete(this.name);
    super.handleError(error, connection);
  }
}
