import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { selectsStar } from './prepared';

type Tables = { items: { id: number; label: string; score: number } };

// Compiles Kysely's queries as they reach the database, without one.
const db = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('selectsStar', () => {
  it("finds the * of Kysely's selectAll and returningAll", () => {
    for (const query of [
      db.selectFrom('items').selectAll().where('id', '=', 1),
      db.selectFrom('items as i').selectAll('i').select('i.id').where('i.id', '=', 1),
      db.insertInto('items').values({ id: 1, label: 'a', score: 1 }).returningAll(),
      db.updateTable('items').set({ score: 2 }).where('id', '=', 1).returningAll(),
      db.deleteFrom('items').where('id', '=', 1).returningAll(),
    ]) {
      const { sql: text } = query.compile();
      expect(selectsStar(text), text).toBe(true);
    }
  });

  it('finds a * in hand-written select lists', () => {
    for (const text of [
      'SELECT p.*\n  FROM items p WHERE p.id = $1',
      'select "public"."items".* from "public"."items" where "id" = $1',
      'select "id", * from "items" where "id" = $1',
      'select exists (select * from "items" where "id" = $1) as "e"',
      'insert into items (id) values ($1) returning *;',
    ]) {
      expect(selectsStar(text), text).toBe(true);
    }
  });

  it('does not take count(*) or multiplication for a column list', () => {
    for (const query of [
      db
        .selectFrom('items')
        .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`max(score) * ${2}`.as('m')])
        .where('id', '>', 1),
      db
        .updateTable('items')
        .set({ score: sql`score * ${2}` })
        .where('id', '=', 1)
        .returning('id'),
    ]) {
      const { sql: text } = query.compile();
      expect(selectsStar(text), text).toBe(false);
    }
    for (const text of [
      'select "score" *$1 as "s", 2 * (3) as "t" from "items"',
      `select 'a*b' as "s" from "items" where "id" = $1`,
    ]) {
      expect(selectsStar(text), text).toBe(false);
    }
  });
});
