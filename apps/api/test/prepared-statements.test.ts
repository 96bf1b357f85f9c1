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
