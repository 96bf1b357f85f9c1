// `npm start` (and `npm run admin:create` / `discovery:seed`): builds what is missing or older than its
// sources — the web app and the compiled api — then runs the compiled api with plain `node`, no loader, in this
// same process. Skipping an up-to-date build keeps a restart fast; in production (`NODE_ENV=production`)
// nothing is rebuilt when a build is there (`npm run build` made it), so the dev dependencies need not be
// installed.
//   node scripts/start.mjs [server|admin-create|discovery-seed] [args…]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const [entry = 'server', ...args] = process.argv.slice(2);
if (!['server', 'admin-create', 'discovery-seed'].includes(entry)) {
  console.error(`Unknown entry ${entry}: server, admin-create or discovery-seed.`);
  process.exit(2);
}
const production = process.env.NODE_ENV === 'production';

function newestMtime(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Runs `command` unless `output` exists and (outside production) is newer than every source. */
function buildIfStale(what, output, sources, command) {
  const full = path.join(root, output);
  const builtAt = fs.existsSync(full) ? fs.statSync(full).mtimeMs : 0;
  if (builtAt && (production || builtAt >= Math.max(...sources.map(newestMtime)))) return;
  console.log(`Building ${what}…`);
  const build = spawnSync(command[0], command.slice(1), { stdio: 'inherit', cwd: root });
  if (build.status !== 0) {
    console.error(
      `Building ${what} failed. In production, run \`npm run build\` where the dev dependencies are.`,
    );
    process.exit(build.status ?? 1);
  }
}

const contract = ['packages/contract/src', 'packages/contract/package.json'];
if (entry === 'server')
  buildIfStale(
    'the web app',
    'apps/web/dist/index.html',
    [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/public',
      'apps/web/scripts',
      ...contract,
    ],
    ['npm', 'run', 'build', '-w', '@reach/web'],
  );
buildIfStale(
  'the api',
  'apps/api/dist/server.js',
  ['apps/api/src', 'apps/api/package.json', ...contract],
  [process.execPath, 'scripts/build-api.mjs'],
);

// Outside production `npm start` is the local demo: dev tools on (demo seed, /dev/mailbox, generated keys),
// which the api allows on a loopback HOST only. An explicit DEV_TOOLS wins.
if (!production && !process.env.DEV_TOOLS) process.env.DEV_TOOLS = '1';

// The api runs in this very process (no child process to keep alive beside it): `npm start` is npm and one
// node, and the api's own SIGTERM/SIGINT handlers shut it down gracefully. Source maps on, as
// `node --enable-source-maps` would (stack traces name the TypeScript lines); the entry sees its own
// arguments in process.argv, and relative paths (DATA_DIR's default ./data) resolve from the repository root.
process.setSourceMapsEnabled(true);
const file = path.join(root, 'apps/api/dist', `${entry}.js`);
process.argv = [process.argv[0], file, ...args];
process.chdir(root);
await import(pathToFileURL(file).href);
