import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * Every package the API runs in Node (its production dependencies, followed through the lockfile as Node
 * resolves them) declares a Node range that takes the oldest Node the project supports (package.json
 * `engines`, Node 20). Newer majors of some packages want Node 22: those are pinned (package.json `overrides`,
 * apps/api/package.json). The web app's packages are left out: Vite bundles them for the browser.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

interface LockEntry {
  version?: string;
  link?: boolean;
  resolved?: string;
  engines?: { node?: string } | string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const lock: Record<string, LockEntry> = readJson('package-lock.json').packages;

/** The lockfile key a dependency of the package at `from` resolves to (its node_modules, then each parent's). */
function resolve(from: string, name: string): string | undefined {
  for (let dir = from; ; ) {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock[key]) return lock[key].link ? lock[key].resolved : key;
    if (!dir) return undefined;
    const at = dir.lastIndexOf('/node_modules/');
    dir = at === -1 ? '' : dir.slice(0, at);
  }
}

function runtimePackages(start: string): Map<string, LockEntry> {
  const seen = new Map<string, LockEntry>();
  const queue = [start];
  while (queue.length) {
    const key = queue.pop() as string;
    const entry = lock[key];
    if (!entry || seen.has(key)) continue;
    seen.set(key, entry);
    const names = { ...entry.dependencies, ...entry.optionalDependencies };
    for (const name of Object.keys(names)) {
      const found = resolve(key, name);
      // An optional dependency for another platform is not installed: nothing to check.
      if (found) queue.push(found);
      else if (!entry.optionalDependencies?.[name]) throw new Error(`${key}: ${name} not in the lockfile`);
    }
  }
  return seen;
}

describe('Node engines', () => {
  const oldest = semver.minVersion(readJson('package.json').engines.node)?.version as string;

  it('the project supports Node 20', () => {
    expect(oldest).toMatch(/^20\./);
  });

  it("every package the API loads in Node runs on the oldest supported Node (the web app's are bundled)", () => {
    const packages = runtimePackages('apps/api');
    expect(packages.size).toBeGreaterThan(100);
    expect(packages.has('node_modules/fastify')).toBe(true);
    const refused = [...packages]
      .filter(([, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range !== undefined && !semver.satisfies(oldest, range);
      })
      .map(([key, entry]) => `${key}@${entry.version} wants Node ${JSON.stringify(entry.engines)}`);
    expect(refused).toEqual([]);
  });
});
