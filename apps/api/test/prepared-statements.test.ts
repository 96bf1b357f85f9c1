import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withPreparedStatements } from '../src/db/prepared';
import { backend, createScratchDatabase, openSeededDatabase } from './harness';

/*
 * Named statements (src/db/prepared.ts) on the backend of this pass, through one connection so that
 * pg_prepared_statements (which lists the session's own statements) shows everything the wrapper prepared.
 */

type Tables = { items: { id: number; label: string; score: number } };

const MAX = 3;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let pglite: PGlite | undefined;
let db: Kysely<Tables>;
/** How many Describe messages the connections of this test's pool sent. */
let describes = 0;

beforeAll(async () => {
  if (backend === 'postgres') scratch = await createScratchDatabase();
  // PGlite is one session: created once (an initdb costs seconds), its prepared statements dropped between tests.
  else pglite = await PGlite.create('memory://');
});
afterAll(async () => {
  await scratch?.drop();
  await pglite?.close();
});

// A session with no statement prepared and the whole cap free for each test: a new connection on PostgreSQL,
// PGlite's one session without its prepared statements (DEALLOCATE ALL) through a new client on it.
beforeEach(async () => {
  let pool: pg.Pool;
  if (scratch) {
    pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
  } else {
    pool = new pg.Pool(createPgConfig(pglite as PGlite));
    await pglite?.exec('DEALLOCATE ALL');
  }
  describes = 0;
  pool.on('connect', (client) => {
    const connection = (client as unknown as { connection: { describe(message: unknown): void } }).connection;
    const describe = connection.describe.bind(connection);
    connection.describe = (message) => {
      describes++;
      describe(message);
    };
  });
  db = new Kysely<Tables>({
    dialect: new PostgresDialect({ pool: withPreparedStatements(pool, { maxPerConnection: MAX }) }),
  });
  await sql`DROP TABLE IF EXISTS items, extra; CREATE TABLE items (id int PRIMARY KEY, label text NOT NULL, score int NOT NULL);
    INSERT INTO items VALUES (1, 'one', 10), (2, 'two', 20), (3, 'three', 30);`.execute(db);
});
afterEach(async () => {
  await db.destroy();
});

/** The statements this session has prepared, by text. */
async function prepared() {
  const { rows } = await sql<{ name: string; statement: string; executions: number }>`
    SELECT name, statement, (generic_plans + custom_plans)::int AS executions FROM pg_prepared_statements
    ORDER BY prepare_time, name`.execute(db);
  return rows;
}

const labelOf = (id: number) => db.selectFrom('items').select('label').where('id', '=', id);

describe('named statements', () => {
  it('prepares a statement with parameters once and runs it by name afterwards', async () => {
    for (const id of [1, 2, 3, 2]) {
      expect((await labelOf(id).executeTakeFirstOrThrow()).label).toBe(['one', 'two', 'three'][id - 1]);
    }
    expect(await prepared()).toEqual([
      { name: expect.stringMatching(/^s[0-9a-f]{24}$/), statement: labelOf(1).compile().sql, executions: 4 },
    ]);
  });

  it('describes a named statement once per connection: later executions reuse its columns', async () => {
    const scoreAndLabel = (id: number) =>
      db
        .selectFrom('items')
        .select(['score', 'label', sql<Date>`timestamp '2026-01-02 03:04:05'`.as('at')])
        .where('id', '>=', id);
    const first = await scoreAndLabel(2).execute();
    expect(describes).toBe(1);
    for (let i = 0; i < 3; i++) expect(await scoreAndLabel(2).execute()).toEqual(first);
    expect(await scoreAndLabel(1).execute()).toEqual([
      { score: 10, label: 'one', at: first[0]?.at },
      ...first,
    ]);
    expect(await scoreAndLabel(9).execute()).toEqual([]);
    expect(describes).toBe(1);
    expect(first).toEqual([
      { score: 20, label: 'two', at: expect.any(Date) },
      { score: 30, label: 'three', at: expect.any(Date) },
    ]);

    // No columns (NoData): described once too, and its row count still read.
    const bump = (id: number) => db.updateTable('items').set({ score: sql`score + 1` }).where('id', '=', id);
    for (const id of [1, 1, 2]) expect((await bump(id).executeTakeFirst()).numUpdatedRows).toBe(1n);
    expect((await bump(7).executeTakeFirst()).numUpdatedRows).toBe(0n);
    expect(describes).toBe(2);

    // A failed execution keeps nothing: the next one describes again and answers as before.
    const returning = (id: number, label: string) =>
      db.insertInto('items').values({ id, label, score: 1 }).returning(['id', 'label']);
    expect(await returning(5, 'five').execute()).toEqual([{ id: 5, label: 'five' }]);
    await expect(returning(5, 'again').execute()).rejects.toMatchObject({ code: '23505' });
    expect(await returning(6, 'six').execute()).toEqual([{ id: 6, label: 'six' }]);
    expect(await returning(7, 'seven').execute()).toEqual([{ id: 7, label: 'seven' }]);
    expect(describes).toBe(4);

    // A value pg cannot write fails that execution alone: the statement stays prepared and answers after it.
    // (Not on PGlite: there pg's own unnamed path leaves the next statement failing too, "invalid message format".)
    if (backend !== 'postgres') return;
    const byLabel = (label: unknown) =>
      db
        .selectFrom('items')
        .select('id')
        .where('label', '=', label as string);
    expect(await byLabel('two').execute()).toEqual([{ id: 2 }]);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(byLabel(circular).execute()).rejects.toThrow(/circular/i);
    expect(await byLabel('three').execute()).toEqual([{ id: 3 }]);
    expect(await byLabel('one').execute()).toEqual([{ id: 1 }]);
  });

  it("names the app's statements on openDatabase's connections, but not those over the discovery index", async () => {
    const { database, drop } = await openSeededDatabase({ poolSize: 1 });
    try {
      const { db } = database;
      await sql`CREATE TABLE IF NOT EXISTS influencer_index (id int PRIMARY KEY, followers int NOT NULL)`.execute(
        db,
      );
      const ordinary = sql`SELECT ${1}::int + 1 AS n`;
      const search = sql`SELECT id FROM influencer_index WHERE followers > ${1000} ORDER BY id LIMIT 15`;
      for (let i = 0; i < 7; i++) {
        await ordinary.execute(db);
        await search.execute(db);
      }
      const { rows } = await sql<{ statement: string; executions: number }>`
        SELECT statement, (generic_plans + custom_plans)::int AS executions FROM pg_prepared_statements`.execute(
        db,
      );
      expect(rows).toEqual([{ statement: ordinary.compile(db).sql, executions: 7 }]);
    } finally {
      await database.close();
      await drop();
    }
  });

  it('leaves statements with a * in their select or returning list unnamed', async () => {
    const all = await db.selectFrom('items').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(all).toEqual({ id: 1, label: 'one', score: 10 });
    await db.selectFrom('items as i').selectAll('i').where('i.id', '>', 1).execute();
    await db.insertInto('items').values({ id: 4, label: 'four', score: 40 }).returningAll().execute();
    expect(await prepared()).toEqual([]);

    // count(*) and multiplication are not column lists: those statements are named.
    const counted = db
      .selectFrom('items')
      .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`max(score) * 2`.as('m')])
      .where('score', '>', 15);
    expect(await counted.executeTakeFirstOrThrow()).toEqual({ n: 3, m: 80 });
    expect((await prepared()).map((s) => s.statement)).toEqual([counted.compile().sql]);
  });

  it('names at most the cap of statements on one connection, and runs the others unnamed', async () => {
    const texts = ['id', 'label', 'score'] as const;
    const byColumn = (column: (typeof texts)[number], id: number) =>
      db.selectFrom('items').select(column).where('id', '=', id);
    for (const column of texts) await byColumn(column, 1).execute();
    // Past the cap: a fourth and a fifth text still answer, twice each, without being prepared.
    for (let i = 0; i < 2; i++) {
      expect(await db.selectFrom('items').select(['id', 'label']).where('id', '=', 2).execute()).toEqual([
        { id: 2, label: 'two' },
      ]);
      expect(await db.selectFrom('items').select('id').where('id', 'in', [1, 2, 3]).execute()).toHaveLength(
        3,
      );
    }
    expect((await prepared()).map((s) => s.statement).sort()).toEqual(
      texts.map((column) => byColumn(column, 1).compile().sql).sort(),
    );
    expect(MAX).toBe(texts.length);
  });

  it('runs statements without parameters as before: several in one text, and migrations-style DDL', async () => {
    await sql`CREATE TABLE extra (id int PRIMARY KEY); INSERT INTO extra VALUES (1), (2);
      ALTER TABLE items ADD COLUMN note text; UPDATE items SET note = 'n' || id;`.execute(db);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM extra`.execute(db);
    expect(rows).toEqual([{ n: 2 }]);
    const notes = await sql<{ note: string }>`SELECT note FROM items ORDER BY id`.execute(db);
    expect(notes.rows.map((r) => r.note)).toEqual(['n1', 'n2', 'n3']);
    expect(await prepared()).toEqual([]);
  });

  it('survives a change of result type under a named statement, without failing twice', async () => {
    // Outside a transaction: the statement whose cached plan no longer fits runs again at once, unnamed.
    expect(await labelOf(1).execute()).toEqual([{ label: 'one' }]);
    await sql`ALTER TABLE items ALTER COLUMN label TYPE varchar(10)`.execute(db);
    expect(await labelOf(1).execute()).toEqual([{ label: 'one' }]);
    expect(await labelOf(2).execute()).toEqual([{ label: 'two' }]);
    const names = (await prepared()).map((s) => s.name);
    expect(names).toHaveLength(2);
    expect(names[1]).toBe(`${names[0]}_1`);

    // Inside a transaction the error aborts it, and reaches the caller once; the next run works.
    const scoreOf = db.selectFrom('items').select('score').where('id', '=', 3);
    expect(await scoreOf.execute()).toEqual([{ score: 30 }]);
    await sql`ALTER TABLE items ALTER COLUMN score TYPE bigint`.execute(db);
    await expect(
      db
        .transaction()
        .execute((trx) => trx.selectFrom('items').select('score').where('id', '=', 3).execute()),
    ).rejects.toMatchObject({ code: '0A000' });
    expect(
      await db
        .transaction()
        .execute((trx) => trx.selectFrom('items').select('score').where('id', '=', 3).execute()),
    ).toEqual([{ score: 30 }]);
    expect(await scoreOf.execute()).toEqual([{ score: 30 }]);
  });
});
