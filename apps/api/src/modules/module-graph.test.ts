import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The modules' dependency rules, read from the source: a module folder may depend on another only one way
 * (a cycle means neither can be understood, tested or moved alone).
 */

const MODULES = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The module folder a path under apps/api/src/modules belongs to, or null for a path outside them. */
function moduleOf(path: string): string | null {
  const rel = relative(MODULES, path);
  if (rel.startsWith('..') || !rel.includes(sep)) return null;
  return rel.split(sep)[0] ?? null;
}

/**
 * Imports known to close a cycle, each with why it is still there: file (relative to modules/) → module.
 * None today; an entry needs a reason and a plan to remove it.
 */
const KNOWN: Record<string, string[]> = {};

// Static imports and re-exports (`import … from '…'`, `export … from '…'`, `import '…'`) and dynamic `import('…')`.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** Module folder → the module folders its files import (relative imports only). */
export function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(MODULES)) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const known = KNOWN[relative(MODULES, file).split(sep).join('/')] ?? [];
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = moduleOf(resolve(dirname(file), match[1] as string));
      if (to && to !== from && !known.includes(to)) edges.add(to);
    }
  }
  return graph;
}

/** The strongly connected components with more than one module (Tarjan), each sorted, for a stable message. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/**
 * The files the query rule applies to: a route file (its handlers only wire HTTP to a service) and a presenter
 * (a pure function from rows to the contract's shape), by path relative to modules/; null for any other file
 * (docs/ARCHITECTURE.md, "A request, end to end").
 */
export function layerOf(file: string): 'route' | 'presenter' | null {
  const name = file.split('/').pop() ?? '';
  if (name.endsWith('.test.ts')) return null;
  if (name.endsWith('routes.ts')) return 'route';
  if (name.endsWith('presenter.ts')) return 'presenter';
  return null;
}

/** What a route or presenter file must not contain: a query, a transaction, or the seed data. */
const QUERY_FORBIDDEN: [RegExp, string][] = [
  [/\bctx\.db\b/, 'ctx.db'],
  [/\.selectFrom\(/, '.selectFrom('],
  [/\.insertInto\(/, '.insertInto('],
  [/\.updateTable\(/, '.updateTable('],
  [/\.deleteFrom\(/, '.deleteFrom('],
  [/\bsql\s*(?:<[^>\n]*>)?\s*`/, 'sql`…`'],
  [/\.transaction\(/, '.transaction('],
  [/['"][^'"]*\bdb\/seed(?:\/[^'"]*)?['"]/, 'an import from db/seed'],
];

/** `file:line: what` for each forbidden construct in the source of a route or presenter file. */
export function queryOffences(file: string, source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, i) =>
      QUERY_FORBIDDEN.filter(([pattern]) => pattern.test(line)).map(
        ([, what]) => `${file}:${i + 1}: ${what}`,
      ),
    );
}

describe('module graph', () => {
  it('finds a cycle', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('has no cycle between modules', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(10);
    const edges = (c: string[]) =>
      c.flatMap((m) => [...(graph.get(m) ?? [])].filter((t) => c.includes(t)).map((t) => `${m} → ${t}`));
    expect(cycles(graph).map((c) => `${c.join(', ')}: ${edges(c).join('; ')}`)).toEqual([]);
  });

  it('finds queries, transactions and seed imports in a route or presenter file', () => {
    const source = [
      "import { zipLocation } from '../../db/seed/zip-codes';",
      'const db = ctx.db;',
      "await db.selectFrom('users').selectAll().execute();",
      "await trx.insertInto('a').values(v).execute();",
      "await trx.updateTable('a').set(v).execute();",
      "await trx.deleteFrom('a').execute();",
      'await sql`select 1`.execute(db);',
      'const n = sql<number>`count(*)`;',
      'await db.transaction().execute(fn);',
      'handler: async (request) => listFeedback(ctx, request.query),',
      'avatar: ctx.storage.url(row.avatar),',
    ].join('\n');
    for (const file of ['x/routes.ts', 'x/presenter.ts']) {
      expect(queryOffences(file, source)).toEqual([
        `${file}:1: an import from db/seed`,
        `${file}:2: ctx.db`,
        `${file}:3: .selectFrom(`,
        `${file}:4: .insertInto(`,
        `${file}:5: .updateTable(`,
        `${file}:6: .deleteFrom(`,
        `${file}:7: sql\`…\``,
        `${file}:8: sql\`…\``,
        `${file}:9: .transaction(`,
      ]);
    }
  });

  it('checks route and presenter files, and no other', () => {
    expect(
      [
        'users/routes.ts',
        'posts/webhook-routes.ts',
        'users/presenter.ts',
        'posts/webhook-presenter.ts',
        'users/service.ts',
        'users/queries.ts',
        'users/lists.ts',
        'users/presenter.test.ts',
      ].map((file) => [file, layerOf(file)]),
    ).toEqual([
      ['users/routes.ts', 'route'],
      ['posts/webhook-routes.ts', 'route'],
      ['users/presenter.ts', 'presenter'],
      ['posts/webhook-presenter.ts', 'presenter'],
      ['users/service.ts', null],
      ['users/queries.ts', null],
      ['users/lists.ts', null],
      ['users/presenter.test.ts', null],
    ]);
  });

  it('has route files that only wire HTTP to services and presenters that only shape rows (no queries, transactions or seed imports)', () => {
    const files = sourceFiles(MODULES).map((file) => relative(MODULES, file).split(sep).join('/'));
    const checked = files.filter((file) => layerOf(file) !== null);
    expect(checked.filter((file) => layerOf(file) === 'route').length).toBeGreaterThan(10);
    expect(checked.filter((file) => layerOf(file) === 'presenter').length).toBeGreaterThan(5);
    const offences = checked.flatMap((file) =>
      queryOffences(file, readFileSync(join(MODULES, file), 'utf8')),
    );
    expect(offences).toEqual([]);
  });
});
