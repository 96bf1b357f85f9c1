// Runs the api suite on the embedded PGlite and, when TEST_DATABASE_URL is set, again on that PostgreSQL
// server (each test file creates and drops its own database there). Each pass seeds its database variants once
// and every test file starts from a copy (apps/api/test/harness.ts, global-setup.ts).
import { spawnSync } from 'node:child_process';

const passes = [{ name: 'PGlite', env: { TEST_BACKEND: 'pglite' } }];
if (process.env.TEST_DATABASE_URL) passes.push({ name: 'PostgreSQL', env: { TEST_BACKEND: 'postgres' } });

for (const pass of passes) {
  console.log(`\n▶ api tests on ${pass.name}`);
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...pass.env },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
