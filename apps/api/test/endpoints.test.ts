import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Endpoint } from '@reach/contract/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

/**
 * Endpoints are defined once (issue 16): every route the API serves under /api/v1 is registered from a
 * definition in packages/contract/src/endpoints (lib/endpoint.ts `route`), at that definition's method and path,
 * and every definition is served exactly once. A hand-written route, or a definition nothing serves, fails.
 */
const endpointsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../packages/contract/src/endpoints',
);

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Endpoint).method === 'string' &&
    typeof (value as Endpoint).path === 'string'
  );
}

/** Every definition exported by the contract's endpoint files, named `file: group.name`. */
const definitions = new Map<Endpoint, string>();
async function loadDefinitions() {
  for (const file of fs.readdirSync(endpointsDir).filter((f) => f.endsWith('.ts'))) {
    const exports: Record<string, unknown> = await import(path.join(endpointsDir, file));
    for (const [group, value] of Object.entries(exports)) {
      if (typeof value !== 'object' || value === null) continue;
      for (const [name, candidate] of Object.entries(value)) {
        if (isEndpoint(candidate)) definitions.set(candidate, `${file}: ${group}.${name}`);
      }
    }
  }
}
const key = (method: string, path: string) => `${method} ${path}`;

let t: TestApp;
beforeAll(async () => {
  await loadDefinitions();
  t = await createTestApp({ env: { DEV_TOOLS: 'true' } });
});
afterAll(async () => t?.close());

describe('endpoints are defined once in the contract', () => {
  it('finds the definitions', () => {
    expect(definitions.size).toBeGreaterThan(100);
  });

  it('registers every /api/v1 route from a contract definition at its method and path', () => {
    const handWritten = t.app.routeCatalog
      .filter((entry) => !entry.endpoint || !definitions.has(entry.endpoint))
      .map((entry) => key(entry.method, entry.url));
    expect(handWritten).toEqual([]);
    const misplaced = t.app.routeCatalog
      .filter(
        (entry) =>
          entry.endpoint &&
          key(entry.method, entry.url) !== key(entry.endpoint.method, `/api/v1${entry.endpoint.path}`),
      )
      .map((entry) => key(entry.method, entry.url));
    expect(misplaced).toEqual([]);
  });

  it('serves every definition exactly once', () => {
    const served = new Map<Endpoint, number>();
    for (const entry of t.app.routeCatalog) {
      if (entry.endpoint) served.set(entry.endpoint, (served.get(entry.endpoint) ?? 0) + 1);
    }
    const notOnce = [...definitions]
      .filter(([definition]) => served.get(definition) !== 1)
      .map(
        ([definition, name]) =>
          `${name} (${definition.method} ${definition.path}) served ${served.get(definition) ?? 0}×`,
      );
    expect(notOnce).toEqual([]);
  });

  it("names every path parameter in the definition's params schema, and nothing more", () => {
    const mismatched: string[] = [];
    for (const [definition, name] of definitions) {
      const inPath = [...definition.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const shape = (definition.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      const inSchema = Object.keys(shape).sort();
      if (inPath.join() !== inSchema.join())
        mismatched.push(`${name}: path [${inPath}] params [${inSchema}]`);
    }
    expect(mismatched).toEqual([]);
  });

  it('has one definition per method and path', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [definition, name] of definitions) {
      const k = key(definition.method, definition.path);
      if (seen.has(k)) twice.push(`${k}: ${seen.get(k)} and ${name}`);
      seen.set(k, name);
    }
    expect(twice).toEqual([]);
  });
});
