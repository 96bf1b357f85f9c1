import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

/*
 * src/db/schema.ts (Kysely's DB type) is written by hand: every table and column it names must exist in the
 * migrated database, and every table and column of the database must be in it. The type is read with the
 * TypeScript checker, so aliases and shared column types resolve as the compiler sees them.
 */

const SCHEMA_FILE = path.resolve(import.meta.dirname, '../src/db/schema.ts');
/** Kysely's own bookkeeping tables: not part of DB. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** Table → sorted column names of the DB type. */
function declaredSchema(): Record<string, string[]> {
  const program = ts.createProgram([SCHEMA_FILE], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE);
  if (!source) throw new Error(`cannot read ${SCHEMA_FILE}`);
  const db = source.statements.find(
    (s): s is ts.TypeAliasDeclaration | ts.InterfaceDeclaration =>
      (ts.isTypeAliasDeclaration(s) || ts.isInterfaceDeclaration(s)) && s.name.text === 'DB',
  );
  if (!db) throw new Error('schema.ts declares no DB type');
  const dbType = checker.getTypeAtLocation(db.name);
  const tables: Record<string, string[]> = {};
  for (const table of checker.getPropertiesOfType(dbType)) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, db);
    tables[table.name] = checker
      .getPropertiesOfType(tableType)
      .map((c) => c.name)
      .sort();
  }
  return tables;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('src/db/schema.ts', () => {
  it('names exactly the tables and columns of the migrated database', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.column_name`.execute(t.app.ctx.db);
    const actual: Record<string, string[]> = {};
    for (const r of rows) {
      if (MIGRATOR_TABLES.has(r.table_name)) continue;
      const columns = actual[r.table_name] ?? [];
      columns.push(r.column_name);
      actual[r.table_name] = columns;
    }
    for (const columns of Object.values(actual)) columns.sort();
    const declared = declaredSchema();

    // Sanity: both sides were read (a broken parse would compare two empty objects).
    expect(Object.keys(declared).length).toBeGreaterThan(40);
    expect(declared.users).toContain('email');
    expect(Object.keys(actual).sort()).toEqual(Object.keys(declared).sort());
    // Per table, so that a failure names the table and the columns that differ.
    for (const table of Object.keys(declared)) {
      expect({ table, columns: declared[table] }).toEqual({ table, columns: actual[table] });
    }
  });
});
