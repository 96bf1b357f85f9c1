import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The API (apps/api) serves these paths on the same origin in production; in dev Vite forwards them. */
const API_ORIGIN = 'http://127.0.0.1:3000';
const proxy = {
  '/api': API_ORIGIN,
  '/.well-known': API_ORIGIN,
  '/dev/mailbox': API_ORIGIN,
  '/uploads': API_ORIGIN,
};

/** src/session-start.ts: an entry of its own, linked from index.html as an async module script (see that file). */
const SESSION_START = 'session-start';

function linkSessionStart(): Plugin {
  return {
    name: 'reach:link-session-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === SESSION_START,
        );
        if (!chunk) throw new Error(`the build has no ${SESSION_START} entry`);
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, src: `/${chunk.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // Not in the HTML of scripts/prerender.mjs's public pages: it removes the script (no session there).
    linkSessionStart(),
    // Brotli and gzip copies of every text asset, served as they are by the API's static handler.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(?:js|css|html|svg|json|txt)$/,
      threshold: 1024,
    }),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in the entry script.
    modulePreload: { polyfill: false },
    // Which chunks and styles each route's modules need, for scripts/prerender.mjs (which removes the file).
    manifest: true,
    // The app's page and the session's early renewal; the build of scripts/prerender.mjs (SSR) names its own.
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            input: {
              index: fileURLToPath(new URL('index.html', import.meta.url)),
              [SESSION_START]: fileURLToPath(new URL('src/session-start.ts', import.meta.url)),
            },
            // Required by the inlining below: the entries' unused exports may be dropped (nothing imports them).
            preserveEntrySignatures: false,
            output: {
              codeSplitting: {
                /**
                 * Fewer, larger chunks for the signed-in pages. The ~60 lazily loaded routes share Mantine's
                 * components, icons and the app's own modules in as many combinations, and automatic splitting
                 * makes a common chunk of each: a signed-in page loaded 114–145 scripts, each a request (six at a
                 * time over HTTP/1.1) and a `<link rel="modulepreload">` that Vite's preload helper appends as the
                 * route's import starts: 1.3 s of main thread on a throttled phone (appendChild, traced), in one
                 * task before the shell's first render. Common chunks under 64 kB of source are copied into the
                 * chunks that read them (one state and one execution across the copies, by Rolldown's runtime):
                 * 14–17 scripts a page, the bytes within 1–6 % of before. Chunks holding styles stay files, as
                 * Rolldown's guide says for Vite's CSS plugin (it emits a style from every chunk that lists it).
                 */
                experimentalInlineCommonChunks: {
                  maxSize: 64 * 1024,
                  exclude: /\.(?:css|scss|sass|less|styl|stylus|pcss|postcss|sss)(?:\?|$)/,
                },
              },
            },
          },
        }),
  },
}));
