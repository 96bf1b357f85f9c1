// `npm run build:api`: compiles the api (with the contract it imports as TypeScript) into plain ES modules under
// apps/api/dist, so production runs `node apps/api/dist/server.js` with no loader. Packages from node_modules
// stay imports (installed with `npm ci --omit=dev`); only the workspace's own TypeScript is bundled.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const read = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const api = read('apps/api/package.json');
const contract = read('packages/contract/package.json');

// Everything installed from the registry is external, with its subpaths (`@electric-sql/pglite/contrib/cube`).
const installed = Object.keys({ ...api.dependencies, ...contract.dependencies }).filter(
  (name) => !name.startsWith('@reach/'),
);

/** The version health reports: the package's, with the commit it was built from when git knows it. */
function buildVersion() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    return `${api.version}+${commit}`;
  } catch {
    return api.version;
  }
}

const started = Date.now();
const outdir = path.join(root, 'apps/api/dist');
fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  metafile: true,
  entryPoints: {
    server: path.join(root, 'apps/api/src/server.ts'),
    'admin-create': path.join(root, 'apps/api/src/cli/admin-create.ts'),
    'discovery-seed': path.join(root, 'apps/api/src/cli/discovery-seed.ts'),
    // The tracked links' click worker (a worker thread the server starts from the file beside it).
    'click-worker': path.join(root, 'apps/api/src/modules/attribution/click-worker.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces map to the TypeScript file and line without the sources' text: ~2.7 MB less heap when
  // --enable-source-maps loads the maps.
  sourcesContent: false,
  external: installed.flatMap((name) => [name, `${name}/*`]),
  define: { 'process.env.REACH_BUILD_VERSION': JSON.stringify(buildVersion()) },
  logLevel: 'warning',
});
// A package the api imports without declaring it would be bundled here, and a CommonJS one breaks the ES
// module output at run time (`Dynamic require of "node:path"`): refuse the build and name it instead.
/** The package an input file of node_modules belongs to (`@scope/name` or `name`). */
const packageOf = (input) => {
  const [first, second] = input.split('node_modules/').pop().split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
};
const undeclared = [
  ...new Set(
    Object.keys(result.metafile.inputs)
      .filter((input) => input.includes('node_modules/'))
      .map(packageOf),
  ),
];
if (undeclared.length) {
  console.error(
    `The api imports packages apps/api/package.json does not list in dependencies: ${undeclared.join(', ')}`,
  );
  process.exit(1);
}
fs.writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
console.log(`Built the api into apps/api/dist in ${Date.now() - started} ms`);
