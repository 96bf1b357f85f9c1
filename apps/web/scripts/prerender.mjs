/**
 * After `vite build`: the public pages' HTML rendered at build time, so that a phone paints them from the
 * document instead of after the entry script and the route's chunks have downloaded and run.
 *
 * src/prerender.tsx is built for Node (Vite's SSR build, into node_modules/.cache so that its dependencies resolve),
 * each page of PAGES is rendered with it (the app's own routes and components, as a visitor without a session
 * sees them) into dist/index.html's shell, and written to dist/pages/ with Brotli and gzip copies, as Vite writes
 * them for the other assets. The API serves these files for those paths to visitors without a session
 * (apps/api/src/plugins/external/web-app.ts), and the app replaces the HTML with the same page once it has loaded
 * (src/main.tsx).
 *
 * It also writes, for the signed-in pages of signed-in-pages.json, index.html with those pages' chunks linked
 * (dist/pages/signed-in, see SIGNED_IN below).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');

/**
 * The page's path → its file under dist/pages (web-app.ts names the same files) and the modules its routes load
 * lazily (src/app/router.tsx), whose styles the page's HTML is drawn with: they are linked from it.
 */
const PAGES = {
  '/': { file: 'index.html', modules: ['src/features/landing/routes/landing.tsx'] },
  '/auth/login': {
    file: 'auth/login.html',
    modules: ['src/app/layouts/auth-layout.tsx', 'src/features/auth/routes/login.tsx'],
  },
  '/auth/register': {
    file: 'auth/register.html',
    modules: ['src/app/layouts/auth-layout.tsx', 'src/features/auth/routes/register.tsx'],
  },
};

/**
 * The signed-in pages without a parameter in their path → the modules their routes load lazily (src/app/router.tsx:
 * the layouts' and the page's; src/app/signed-in-pages.test.ts checks them against the router). For a visitor with a
 * session (its cookie) the API sends dist/pages/signed-in/<path>.html instead of index.html: index.html linking
 * these modules' chunks (and the chunks they import), with the signed-in styles' module that every layout loads
 * first, as `<link rel="modulepreload">` and their styles as `<link rel="preload" as="style">`, so that they download
 * beside the entry script instead of after it has run and the router has matched the path, each step a round trip
 * on a phone. The styles are only fetched early: Vite's preload helper still links them as stylesheets as the
 * router loads the route, in the same order as before.
 */
const SIGNED_IN = JSON.parse(fs.readFileSync(path.join(web, 'scripts', 'signed-in-pages.json'), 'utf8'));
const SIGNED_IN_STYLES = 'src/app/styles/signed-in.ts';

const ROOT = '<div id="root"></div>';
const out = path.join(web, 'node_modules', '.cache', 'prerender');
/** Written by `vite build` (build.manifest in vite.config.ts) for this script only: removed once read. */
const MANIFEST = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8'));
fs.rmSync(path.dirname(MANIFEST), { recursive: true, force: true });

/** The styles of these modules' chunks and of the chunks they import. */
function stylesOf(modules) {
  const seen = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no ${key}`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  return [...styles];
}

/** The chunks (JS) of these modules and of the chunks they import, in the order the browser evaluates them. */
function chunksOf(modules) {
  const seen = new Set();
  const files = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no ${key}`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    files.push(chunk.file);
  };
  for (const key of modules) visit(key);
  return files;
}

const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!shell.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT}`);
/** The <script> of src/session-start.ts that vite.config.ts puts first in the head. */
const SESSION_START =
  /^ *<script type="module" async src="\/assets\/session-start-[\w-]+\.js"><\/script>\n+/m;
if (!SESSION_START.test(shell)) throw new Error('dist/index.html has no session-start script');

/** Writes the page under dist with the Brotli and gzip copies that Vite writes for the other assets. */
function write(file, html) {
  const target = path.join(dist, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, html);
  fs.writeFileSync(`${target}.gz`, zlib.gzipSync(html, { level: 9 }));
  fs.writeFileSync(
    `${target}.br`,
    zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

try {
  await build({
    root: web,
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender.tsx',
      outDir: out,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
    },
  });
  const { renderPage } = await import(pathToFileURL(path.join(out, 'prerender.js')).href);
  fs.rmSync(path.join(dist, 'pages'), { recursive: true, force: true });
  for (const [page, { file, modules }] of Object.entries(PAGES)) {
    // The app appends the same <link>s when it loads these chunks, unless they are there already.
    const links = stylesOf(modules)
      .filter((css) => !shell.includes(`/${css}"`))
      .map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`);
    const body = await renderPage(page);
    // Inline scripts are refused by the site's content security policy (script-src 'self'): none may come along.
    if (/<script\b/i.test(body)) throw new Error(`${page}: the rendered page has a <script>`);
    // Until the app has replaced it, the page's links work as plain links, but nothing may be typed or pressed
    // in it: what was typed into the HTML would be lost when the app draws the page afresh, and a button would do
    // nothing. Inert forms and buttons take no focus or click, read-only fields no typing; neither changes a pixel.
    const waiting = body
      .replace(/<(form|button)\b/g, '<$1 inert')
      .replace(/<(input|textarea)\b/g, '<$1 readonly');
    const html = shell
      // Served to visitors without a session: the session's early renewal (src/session-start.ts) has nothing to do.
      .replace(SESSION_START, '')
      // MantineProvider sets the attribute once the app runs; its styles select on it from the first paint.
      .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
      .replace('  </head>', `${links.map((link) => `    ${link}\n`).join('')}  </head>`)
      .replace(ROOT, `<div id="root" data-prerendered>${waiting}</div>`);
    write(path.join('pages', file), html);
    console.log(`prerendered ${page} → dist/pages/${file} (${(html.length / 1024).toFixed(1)} kB)`);
  }
  for (const [page, routeModules] of Object.entries(SIGNED_IN)) {
    const modules = [SIGNED_IN_STYLES, ...routeModules];
    for (const key of modules)
      if (!manifest[key]?.isDynamicEntry) throw new Error(`${page}: ${key} is not a lazily loaded module`);
    // What index.html links already (the entry script, its imports, its styles) is left out.
    const scripts = chunksOf(modules)
      .filter((js) => !shell.includes(`/${js}"`))
      .map((js) => `<link rel="modulepreload" crossorigin href="/${js}">`);
    const styles = stylesOf(modules)
      .filter((css) => !shell.includes(`/${css}"`))
      .map((css) => `<link rel="preload" as="style" crossorigin href="/${css}">`);
    const html = shell.replace(
      '  </head>',
      `${[...scripts, ...styles].map((link) => `    ${link}\n`).join('')}  </head>`,
    );
    write(path.join('pages', 'signed-in', `${page.slice(1)}.html`), html);
  }
  console.log(`linked the chunks of ${Object.keys(SIGNED_IN).length} signed-in pages → dist/pages/signed-in`);
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}
