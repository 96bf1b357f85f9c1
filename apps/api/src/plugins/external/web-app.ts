import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The public pages whose HTML the web build renders at build time (apps/web/scripts/prerender.mjs), by path: the
 * file under dist, and whether a query may come with the path. A phone paints them from the document instead of
 * after the app's scripts. The sign-in and sign-up pages read their query (an email, an error, the account type,
 * an invitation), which the build's HTML does not show: with one they get index.html. The landing page reads none.
 */
const PRERENDERED: Record<string, { file: string; anyQuery: boolean }> = {
  '/': { file: 'pages/index.html', anyQuery: true },
  '/auth/login': { file: 'pages/auth/login.html', anyQuery: false },
  '/auth/register': { file: 'pages/auth/register.html', anyQuery: false },
};

/**
 * The web app sets this cookie while the browser holds a session (apps/web/src/lib/session/token-store.ts). Such a
 * visitor is sent on from these pages (to their dashboard): they get index.html, whose loading spinner shows
 * meanwhile, instead of a flash of the landing or sign-in page.
 */
const SIGNED_IN_COOKIE = /(?:^|;\s*)reach-signed-in=1(?:;|$)/;

/**
 * The signed-in pages whose chunks the web build links from an HTML of their own (apps/web/scripts/prerender.mjs):
 * dist/pages/signed-in/<path>.html, index.html with `<link rel="modulepreload">` for the page's layout and page
 * chunks, so that a phone downloads them beside the entry script instead of after it. Sent to a visitor with a
 * session on that path (with or without a query); the files are listed once, as the server starts.
 */
const SIGNED_IN_DIR = 'pages/signed-in';

function signedInPages(dist: string): Set<string> {
  const found = new Set<string>();
  const root = path.join(dist, SIGNED_IN_DIR);
  if (!fs.existsSync(root)) return found;
  for (const entry of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (entry.endsWith('.html')) found.add(`/${entry.slice(0, -'.html'.length).split(path.sep).join('/')}`);
  }
  return found;
}

/**
 * Serves the built SPA from `dist` when it exists; unknown GETs that accept HTML get index.html so client
 * routes load directly, and the public pages their prerendered HTML when the build has it. Anything else unknown
 * is a 404 in the API's error shape.
 */
export default fp(
  async (app: FastifyInstance, { dist }: { dist: string }) => {
    const hasWeb = fs.existsSync(path.join(dist, 'index.html'));
    const built = new Set(
      Object.values(PRERENDERED)
        .map(({ file }) => file)
        .filter((file) => fs.existsSync(path.join(dist, file))),
    );

    const signedIn = signedInPages(dist);

    /**
     * index.html, or the page's prerendered HTML for a visitor without a session, or the signed-in page's HTML
     * with its chunks linked for a visitor with one.
     */
    const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
      const [pathname = '', query] = request.url.split('?', 2);
      const page = PRERENDERED[pathname];
      const withSession = SIGNED_IN_COOKIE.test(request.headers.cookie ?? '');
      let file = 'index.html';
      if (page) {
        // Which file the path gets depends on the cookie: a shared cache must not hand one visitor's to another.
        reply.header('vary', 'Cookie');
        const prerendered = built.has(page.file) && (page.anyQuery || query === undefined) && !withSession;
        if (prerendered) file = page.file;
      } else {
        const route = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
        if (signedIn.has(route)) {
          reply.header('vary', 'Cookie');
          if (withSession) file = `${SIGNED_IN_DIR}${route}.html`;
        }
      }
      return reply.header('cache-control', 'no-cache').sendFile(file);
    };

    if (hasWeb) {
      // Vite writes .br and .gz copies of each asset at build time: sent as they are, nothing compressed per request.
      await app.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        preCompressed: true,
        maxAge: '1h',
        // File names under assets/ carry their content hash: they never change. The HTML names the current ones,
        // so it is checked on every load.
        setHeaders: (res, file) => {
          if (file.includes(`${path.sep}assets${path.sep}`))
            res.header('cache-control', 'public, max-age=31536000, immutable');
          else if (/\.html(?:\.br|\.gz)?$/.test(file)) res.header('cache-control', 'no-cache');
        },
      });
      app.get('/', { schema: { hide: true } }, sendPage);
    }
    app.setNotFoundHandler((request, reply) => {
      const wantsPage =
        hasWeb &&
        request.method === 'GET' &&
        !request.url.startsWith('/api/') &&
        (request.headers.accept ?? '').includes('text/html');
      if (wantsPage) return sendPage(request, reply);
      return reply.status(404).send({ error: { code: 'not_found', message: API_MESSAGE.notFound } });
    });
  },
  { name: 'web-app' },
);
