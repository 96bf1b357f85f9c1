import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database';
import { backend, openSeededDatabase, unpooledTemplateTarball } from './harness';
import { poolCounts } from './pglite-pool';

/*
 * The PGlite pool (pglite-pool.ts) serves a test file's database with an instance another file used, reset to
 * the template: that database must be indistinguishable from a new copy of the template. Compared here: every
 * table's rows and their physical order, every sequence's position, the relations and columns, after a use
 * that wrote to all of them, created, altered and dropped things, and left a transaction open.
 */

/** Everything a test can observe of the public schema, as comparable text. */
async function stateOf(db: Database['db']): Promise<Record<string, string>> {
  const state: Record<string, string> = {};
  const { rows: tables } = await sql<{ name: string }>`
    select format('%I', relname) as name from pg_class
    where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname`.execute(db);
  for (const { name } of tables) {
    const { rows } = await sql<{ rows: string; places: string }>`
      select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as rows,
             md5(coalesce(string_agg(x.ctid::text, ',' order by x.ctid), '')) as places
      from ${sql.raw(name)} x`.execute(db);
    state[`table ${name}`] = `${rows[0]?.rows} ${rows[0]?.places}`;
  }
  const { rows: sequences } = await sql<{ name: string }>`
    select format('%I', sequencename) as name from pg_sequences where schemaname = 'public'`.execute(db);
  for (const { name } of sequences) {
    const { rows } = await sql<{ last_value: number; is_called: boolean }>`
      select last_value, is_called from ${sql.raw(name)}`.execute(db);
    state[`sequence ${name}`] = JSON.stringify(rows[0]);
  }
  const { rows: columns } = await sql<{ columns: string }>`
    select string_agg(format('%s.%s %s', attrelid::regclass, attname, format_type(atttypid, atttypmod)), ','
                      order by attrelid::regclass::text, attnum) as columns
    from pg_attribute join pg_class on pg_class.oid = attrelid
    where relnamespace = 'public'::regnamespace and attnum > 0 and not attisdropped`.execute(db);
  state.columns = columns[0]?.columns ?? '';
  return state;
}

/** A use that leaves traces everywhere: rows, sequences, DDL, a big table, a checkpoint, an open transaction. */
async function scribble(db: Database['db']) {
  const { rows: sequences } = await sql<{ name: string }>`
    select format('%I', sequencename) as name from pg_sequences where schemaname = 'public'`.execute(db);
  for (const { name } of sequences) await sql`select nextval(${name}::regclass)`.execute(db);
  await sql`create table scribble (id serial primary key, v text)`.execute(db);
  await sql`insert into scribble (v) select md5(g::text) from generate_series(1, 2000) g`.execute(db);
  await sql`create index on scribble (v)`.execute(db);
  await sql`delete from mail_outbox`.execute(db);
  await sql`update users set email = 'x' || email`.execute(db);
  await sql`alter table users add column scribbled int`.execute(db);
  await sql`drop table kysely_migration_lock`.execute(db);
  await sql`select similarity('abc', 'abd'), earth_distance(ll_to_earth(1, 2), ll_to_earth(3, 4))`.execute(
    db,
  );
  await sql`checkpoint`.execute(db);
  await sql`vacuum full users`.execute(db);
  await sql`begin`.execute(db);
  await sql`insert into scribble (v) values ('left open')`.execute(db);
}

describe('the PGlite pool', () => {
  it.skipIf(backend !== 'pglite')(
    'serves a database used and closed by another file as a new copy of the template',
    async () => {
      const fresh = await openDatabase({
        dataDir: 'memory://',
        loadDataDir: await unpooledTemplateTarball({ demo: true }),
      });
      const template = await stateOf(fresh.db);
      await fresh.close();

      for (let use = 0; use < 2; use++) {
        const before = poolCounts();
        const seeded = await openSeededDatabase({ demo: true });
        const reused = poolCounts().reused > before.reused;
        expect(await stateOf(seeded.database.db)).toEqual(template);
        await scribble(seeded.database.db);
        expect(await stateOf(seeded.database.db)).not.toEqual(template);
        await seeded.database.close();
        // The second use is served by the instance the first one closed, reset.
        if (use > 0) expect(reused).toBe(true);
      }
    },
    // Three databases opened, each compared table by table, on a machine the other pass keeps busy.
    120_000,
  );
});
