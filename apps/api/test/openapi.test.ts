import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, runsBackendFreeFiles, type TestApp } from './harness';

/**
 * The OpenAPI document the API serves at /api/docs/json: valid (every `$ref` resolves into
 * `components.schemas`), committed as apps/api/openapi.json, and usable by a client generator.
 *
 * `npm run openapi` (UPDATE_OPENAPI=1) rewrites the committed document from the app.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const COMMITTED = path.join(root, 'apps/api/openapi.json');
const OUT_OF_DATE =
  'apps/api/openapi.json differs from the document the API serves: run `npm run openapi` and commit the file';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The document with a stable key order: every object's keys sorted (paths, methods, responses, components),
 * except a schema's `properties`, which keep the order the contract declares them in.
 */
export function canonical(value: Json, inProperties = false): Json {
  if (Array.isArray(value)) return value.map((v) => canonical(v));
  if (value === null || typeof value !== 'object') return value;
  const keys = inProperties ? Object.keys(value) : Object.keys(value).sort();
  return Object.fromEntries(
    keys.map((key) => [key, canonical(value[key] as Json, !inProperties && key === 'properties')]),
  );
}

/** Where the committed document differs from the served one, as JSON pointers (the first ten). */
function differences(committed: Json, served: Json, at = '', found: string[] = []): string[] {
  if (found.length >= 10) return found;
  if (!committed || !served || typeof committed !== 'object' || typeof served !== 'object') {
    if (JSON.stringify(committed) !== JSON.stringify(served)) found.push(at || '/');
    return found;
  }
  const a = committed as Record<string, Json>;
  const b = served as Record<string, Json>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const pointer = `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (!(key in b)) found.push(`${pointer} (no longer served)`);
    else if (!(key in a)) found.push(`${pointer} (not committed)`);
    else differences(a[key] as Json, b[key] as Json, pointer, found);
  }
  if (!found.length && Object.keys(a).join('\n') !== Object.keys(b).join('\n'))
    found.push(`${at || '/'} (key order)`);
  return found;
}

let t: TestApp;
let doc: Json;

beforeAll(async () => {
  // The published API: without the dev-only routes, so the secrets DEV_TOOLS would generate are given here.
  const { privateKey } = crypto.generateKeyPairSync('ed25519');
  t = await createTestApp({
    env: {
      DEV_TOOLS: '0',
      JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      APP_SECRET: crypto.randomBytes(32).toString('hex'),
    },
  });
  doc = canonical(JSON.parse(JSON.stringify(t.app.swagger())) as Json);
}, 60_000);
afterAll(async () => t?.close());

// The document is the same on either backend: it is checked in one pass only.
describe.runIf(runsBackendFreeFiles)('OpenAPI document', () => {
  it('is valid OpenAPI 3.1: the Redocly linter finds no error (structure, every $ref resolved)', async () => {
    const config = await createConfig({ extends: ['minimal'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: COMMITTED,
      config,
    });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
    expect(errors).toEqual([]);
    expect((doc as { openapi: string }).openapi).toBe('3.1.0');
    // Components are there: the schemas the routes name, e.g. the error every route answers with.
    expect(Object.keys((doc as { components: { schemas: object } }).components.schemas)).toContain('Error');
  });

  it('is the committed apps/api/openapi.json (npm run openapi updates it)', () => {
    if (process.env.UPDATE_OPENAPI === '1') {
      fs.writeFileSync(COMMITTED, `${JSON.stringify(doc, null, 2)}\n`);
      // Formatted as the repository formats JSON, so that `biome check .` passes on it.
      execFileSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', COMMITTED], {
        cwd: root,
      });
    }
    const committed = fs.existsSync(COMMITTED)
      ? (JSON.parse(fs.readFileSync(COMMITTED, 'utf8')) as Json)
      : null;
    // Same keys in the same order and the same values; whitespace is the formatter's.
    expect(differences(committed, doc), OUT_OF_DATE).toEqual([]);
    expect(JSON.stringify(committed), OUT_OF_DATE).toBe(JSON.stringify(doc));
  });

  it('is served at /api/docs/json, and swagger-ui renders it at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(canonical(json.json() as Json)).toEqual(doc);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    expect(ui.body).toMatch(/swagger-ui/i);
  });

  it('generates a client with openapi-typescript whose types compile with the repository tsc', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-openapi-'));
    try {
      const ast = await openapiTS(doc as Parameters<typeof openapiTS>[0], { silent: true });
      fs.writeFileSync(path.join(dir, 'openapi.ts'), astToString(ast));
      // A client's use of it: a response by path and method, a query with the spec's `plataform`, a component.
      fs.writeFileSync(
        path.join(dir, 'client.ts'),
        [
          "import type { components, paths } from './openapi';",
          "type Locations = paths['/api/v1/discovery/locations']['get'];",
          "export type Platform = NonNullable<Locations['parameters']['query']>['plataform'];",
          "export type Answer = Locations['responses'][200]['content']['application/json'];",
          "export const message = (e: components['schemas']['Error']): string => e.error.message;",
          '',
        ].join('\n'),
      );
      fs.writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'es2023',
            module: 'preserve',
            moduleResolution: 'bundler',
            types: [],
            skipLibCheck: false,
          },
          files: ['openapi.ts', 'client.ts'],
        }),
      );
      // The repository's compiler (the root typescript), not the one openapi-typescript generates with.
      const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
      const run = spawnSync(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.json')], {
        encoding: 'utf8',
      });
      expect(`${run.stdout}${run.stderr}`.trim()).toBe('');
      expect(run.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
