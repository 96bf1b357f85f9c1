import { readFileSync } from 'node:fs';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/**
 * scripts/signed-in-pages.json names, for each signed-in page, the modules its routes load lazily: the build links
 * their chunks from the HTML the API sends a signed-in visitor on that path (scripts/prerender.mjs). A path the
 * router does not have, or a module that is not the one the router loads, would download the wrong chunks.
 */
const WEB = new URL('../../', import.meta.url);
const PAGES = JSON.parse(readFileSync(new URL('scripts/signed-in-pages.json', WEB), 'utf8')) as Record<
  string,
  string[]
>;

/** The lazily loaded routes the router matches for `path`, outermost first. */
function lazyRoutes(path: string): RouteObject[] {
  const matches = matchRoutes(routes, path) ?? [];
  return matches.map((match) => match.route).filter((route) => route.lazy);
}

describe('the signed-in pages whose chunks the build links', () => {
  it('are pages of the router: their layouts and page are the lazily loaded routes it matches', () => {
    expect(Object.keys(PAGES).length).toBeGreaterThan(20);
    for (const [path, modules] of Object.entries(PAGES)) {
      const matched = matchRoutes(routes, path) ?? [];
      // Not the catch-all of an unknown path.
      expect(matched.at(-1)?.route.path, path).not.toBe('*');
      expect(lazyRoutes(path).length, path).toBe(modules.length);
    }
  });

  it("name the module whose page the router loads for that path, and the layouts' modules", async () => {
    const layouts = new Set(['app-layout', 'settings-layout', 'discovery-layout']);
    for (const [path, modules] of Object.entries(PAGES)) {
      const page = lazyRoutes(path).at(-1) as RouteObject;
      const loaded = (await (page.lazy as () => Promise<{ Component?: unknown }>)()).Component;
      const module = (await import(/* @vite-ignore */ new URL(modules.at(-1) ?? '', WEB).href)) as {
        default: unknown;
      };
      expect(loaded, path).toBe(module.default);
      for (const layout of modules.slice(0, -1))
        expect(
          layouts.has(layout.replace(/^src\/app\/layouts\/(.+)\.tsx$/, '$1')),
          `${path}: ${layout}`,
        ).toBe(true);
    }
  }, 120_000);
});
