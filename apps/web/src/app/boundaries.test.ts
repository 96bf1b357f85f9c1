import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app's import direction is app → features → shared (components/, lib/). biome.json enforces it at lint
 * time for the usual folder depths; this test resolves every relative import, static or dynamic, at any depth.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative import of `file`, as a path under src/ ("features/posts/api/list-posts"). */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"](\.[^'"]*)['"]/gm)].map(
    (m) => m[1]!,
  );
  return specs.map((spec) =>
    relative(SRC, resolve(dirname(file), spec))
      .split('\\')
      .join('/'),
  );
}

const area = (path: string) => path.split('/')[0];
const feature = (path: string) => (area(path) === 'features' ? path.split('/')[1] : null);

function violations(): string[] {
  const found: string[] = [];
  for (const file of sources(SRC)) {
    const from = relative(SRC, file).split('\\').join('/');
    for (const to of imports(file)) {
      const wrong =
        // A feature imports only itself and shared code, never another feature or the app.
        (feature(from) && ((feature(to) && feature(to) !== feature(from)) || area(to) === 'app')) ||
        // Shared code never imports a feature or the app.
        ((area(from) === 'components' || area(from) === 'lib') &&
          (area(to) === 'features' || area(to) === 'app'));
      if (wrong) found.push(`${from} → ${to}`);
    }
  }
  return found;
}

describe('web import boundaries (issue 16)', () => {
  it('has no feature → other feature, feature → app or shared → feature/app import', () => {
    expect(violations()).toEqual([]);
  });
});
