import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { StatementShapes } from './statement-shapes';

type Tables = { items: { id: number; label: string; score: number } };

// Compiles Kysely's queries as they reach the database, without one; `ran` records what was executed.
const ran: { sql: string; parameters: readonly unknown[] }[] = [];
const db = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const executor = {
  executeQuery: async <R>(query: { sql: string; parameters: readonly unknown[] }) => {
    ran.push({ sql: query.sql, parameters: query.parameters });
    return { rows: [] as R[] };
  },
};

type Filter = { min: number; labels: readonly string[] | undefined; since: Date | undefined; desc: boolean };

function query(f: Filter) {
  let q = db.selectFrom('items').select(['id', 'label']).where('score', '>=', f.min);
  if (f.labels) q = q.where('label', 'in', f.labels);
  if (f.since !== undefined) q = q.where(sql<boolean>`created_at > ${f.since} and updated_at > ${f.since}`);
  return q.orderBy('id', f.desc ? 'desc' : 'asc').limit(5);
}

describe('StatementShapes', () => {
  it('builds a shape once and binds each run its own values, as building every time would', async () => {
    const shapes = new StatementShapes();
    const since = new Date('2026-01-02T00:00:00Z');
    const runs: Filter[] = [
      { min: 1, labels: ['a', 'b'], since: undefined, desc: false },
      { min: 7, labels: ['c', 'd'], since: undefined, desc: false },
      { min: 2, labels: ['e'], since, desc: true },
      { min: 3, labels: undefined, since, desc: true },
    ];
    ran.length = 0;
    let builds = 0;
    for (const f of runs) {
      await shapes.execute(executor, 'items', f, (slotted) => {
        builds++;
        return query(slotted);
      });
    }
    // The first two share a shape; a different array length, an absent value or a boolean make new ones.
    expect(builds).toBe(3);
    expect(ran).toEqual(
      runs.map((f) => ({ sql: query(f).compile().sql, parameters: query(f).compile().parameters })),
    );
    expect(ran[0]?.sql).toBe(ran[1]?.sql);
  });

  it('starts again when it holds `max` shapes', async () => {
    const shapes = new StatementShapes(2);
    let builds = 0;
    const run = (key: string) =>
      shapes.execute(executor, key, { min: 1 }, (slotted) => {
        builds++;
        return db.selectFrom('items').select('id').where('score', '>=', slotted.min);
      });
    for (const key of ['a', 'b', 'a', 'c', 'a']) await run(key);
    expect(builds).toBe(4);
  });
});
