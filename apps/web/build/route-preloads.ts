import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The public pages a visitor opens first, with the source modules the router loads for them (its `lazy` layouts
 * and pages, apps/web/src/app/router.tsx). Their chunks are requested by a small script beside the entry script,
 * while the entry downloads, instead of by the entry once it has run: the page's own scripts were a third request
 * in a row after the document and the entry script (on slow 4G ~150 ms of round trip plus their bytes), and
 * adding the page's `<link rel=modulepreload>` from the entry was a fifth to a quarter of the entry script's task.
 * Signed-in pages are left out: their lists (100–130 chunks each) would put ~3 kB more into every first load,
 * and their first content waits for the session's requests anyway. A module that no longer exists fails the build.
 */
const AUTH = 'src/app/layouts/auth-layout.tsx';
export const ROUTE_MODULES: Record<string, string[]> = {
  '/': ['src/features/landing/routes/landing.tsx'],
  '/auth/login': [AUTH, 'src/features/auth/routes/login.tsx'],
  '/auth/register': [AUTH, 'src/features/auth/routes/register.tsx'],
};

/**
 * What runs in the page: the path's chunks as `<link rel=modulepreload>`, its styles as `<link rel=preload>`.
 * `files` are the chunks' names without their folder and, for scripts, their extension; `modules` the files each
 * module needs; `routes` the modules of each path (the file is part of the first load: 1.3 kB gzip).
 */
function preloadScript(files: string[], modules: number[][], routes: Record<string, number[]>): string {
  // The styles are only fetched: Vite's loader still inserts each stylesheet, in its order, when the page's module
  // is imported (it skips a script already linked, and finds the stylesheet in the cache).
  const names = files.map((file) => file.replace(/^assets\//, '').replace(/\.js$/, ''));
  return `(()=>{const f=${JSON.stringify(names)},m=${JSON.stringify(modules)},r=${JSON.stringify(routes)}[location.pathname.replace(/\\/+$/,'')||'/'];if(r)for(const i of new Set(r.flatMap((j)=>m[j]))){const h=f[i],c=h.endsWith('.css'),l=document.createElement('link');c?(l.rel='preload',l.as='style'):(l.rel='modulepreload',l.as='script');l.crossOrigin='';l.href='/assets/'+h+(c?'':'.js');document.head.appendChild(l)}})();\n`;
}

/** Emits `assets/route-preloads-<hash>.js` and loads it (async) from index.html, before the entry script. */
export function routePreloads(root: string, routes = ROUTE_MODULES): Plugin {
  return {
    name: 'reach:route-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (names: Iterable<string>, into = new Set<string>()) => {
        for (const name of names) {
          if (into.has(name)) continue;
          into.add(name);
          closure(byName.get(name)?.imports ?? [], into);
        }
        return into;
      };
      // What index.html already loads: the entry and its static imports.
      const initial = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const files: string[] = [];
      const indexOf = (file: string) => {
        const at = files.indexOf(file);
        return at === -1 ? files.push(file) - 1 : at;
      };
      const modules: number[][] = [];
      const moduleIndex = new Map<string, number>();
      /** The files a module needs beyond the first load's (its chunk, the chunks it imports, their styles). */
      const filesOf = (module: string): number => {
        const known = moduleIndex.get(module);
        if (known !== undefined) return known;
        const id = path.resolve(root, module);
        const chunk =
          chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
        const own = new Set<string>();
        if (chunk) {
          for (const name of closure([chunk.fileName])) {
            if (initial.has(name)) continue;
            own.add(name);
            for (const css of byName.get(name)?.viteMetadata?.importedCss ?? []) own.add(css);
          }
        } else {
          // A module of styles only (styles/signed-in.ts) leaves no script: its stylesheet is what loads.
          const styles = Object.values(bundle).find(
            (f) => f.type === 'asset' && f.fileName.endsWith('.css') && f.originalFileNames.includes(module),
          );
          if (!styles) throw new Error(`route-preloads: ${module} is in no chunk`);
          own.add(styles.fileName);
        }
        moduleIndex.set(module, modules.push([...own].map(indexOf)) - 1);
        return modules.length - 1;
      };
      const table = Object.fromEntries(
        Object.entries(routes).map(([route, list]) => [route, list.map(filesOf)]),
      );
      const source = preloadScript(files, modules, table);
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      const fileName = `assets/route-preloads-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('route-preloads: no index.html in the bundle');
      const tag = `<script async src="/${fileName}"></script>`;
      const text = String(html.source);
      if (!text.includes('<script type="module"'))
        throw new Error('route-preloads: no entry script in index.html');
      html.source = text.replace('<script type="module"', `${tag}\n    <script type="module"`);
    },
  };
}
