import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * Mantine's core styles come in two parts (styles/first-screen.css with the entry script, styles/signed-in.css
 * with the signed-in layouts). Together they must be Mantine's styles.css — every component once, in its order —
 * and the first part must style every Mantine component the entry script and the public pages render.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.resolve(here, '..');
const mantine = path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));

function imports(file: string): string[] {
  const css = fs.readFileSync(path.join(here, 'styles', file), 'utf8');
  return [...css.matchAll(/@import "@mantine\/core\/styles\/([\w-]+)\.css";/g)].map((m) => m[1] as string);
}

/** Mantine's style files in the order styles.css concatenates them. */
function mantineOrder(): string[] {
  const all = fs.readFileSync(path.join(mantine, 'styles.css'), 'utf8');
  return fs
    .readdirSync(path.join(mantine, 'styles'))
    .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
    .map((f) => {
      const text = fs.readFileSync(path.join(mantine, 'styles', f), 'utf8').trim();
      return { name: f.replace(/\.css$/, ''), at: all.indexOf(text.slice(0, 300)) };
    })
    .sort((a, b) => a.at - b.at)
    .map((f) => f.name);
}

describe('Mantine styles split', () => {
  const first = imports('first-screen.css');
  const signedIn = imports('signed-in.css');
  const order = mantineOrder();

  it('is styles.css: every file once, each part in its order (the default variables come from the provider)', () => {
    // MantineProvider writes every theme variable itself (deduplicateCssVariables={false} in provider.tsx).
    expect(fs.readFileSync(path.join(here, 'provider.tsx'), 'utf8')).toContain(
      'deduplicateCssVariables={false}',
    );
    const expected = order.filter((name) => name !== 'default-css-variables');
    expect([...first, ...signedIn].sort()).toEqual([...expected].sort());
    expect(first).toEqual(expected.filter((name) => first.includes(name)));
    expect(signedIn).toEqual(expected.filter((name) => signedIn.includes(name)));
    expect(first.slice(0, 2)).toEqual(['baseline', 'global']);
  });

  it('styles every Mantine component of the entry script and of the public pages', async () => {
    // The public pages and the entry's own lazy pieces, as the router names them.
    const router = fs.readFileSync(path.join(here, 'router.tsx'), 'utf8');
    const lazy = [...router.matchAll(/import\('(\.[^']+)'\)/g)]
      .map((m) => m[1] as string)
      .filter((p) =>
        /features\/(landing|auth)\/|\/routes\/(error-page|not-found)$|\/layouts\/auth-layout$/.test(p),
      )
      .map((p) => path.resolve(here, `${p}.tsx`));
    expect(lazy.length).toBeGreaterThanOrEqual(9);
    const result = await build({
      entryPoints: [path.join(src, 'main.tsx'), path.join(here, 'notifications.tsx'), ...lazy],
      bundle: true,
      write: false,
      metafile: true,
      outdir: path.join(src, '.styles-test-out'),
      format: 'esm',
      platform: 'browser',
      jsx: 'automatic',
      logLevel: 'silent',
      loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.jpg': 'empty', '.webp': 'empty' },
      plugins: [
        {
          // What loads later (other pages, the signed-in layouts) is not part of the first screen.
          name: 'stop-at-dynamic-imports',
          setup(b) {
            b.onResolve({ filter: /.*/ }, (args) =>
              args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
            );
          },
        },
      ],
    });
    const used = new Set<string>();
    // The modules whose code is in the output (a barrel's unused modules are parsed but left out).
    const inOutput = Object.values(result.metafile.outputs).flatMap((output) =>
      Object.entries(output.inputs)
        .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
        .map(([input]) => input),
    );
    for (const input of inOutput) {
      const m = input.match(/@mantine\/core\/esm\/components\/(?:[^/]+\/)*([\w-]+)\.module\.mjs$/);
      if (m) used.add(m[1] as string);
    }
    expect(used).toContain('Button');
    const missing = [...used].filter((name) => order.includes(name) && !first.includes(name));
    expect(missing).toEqual([]);
  }, 60_000);
});
