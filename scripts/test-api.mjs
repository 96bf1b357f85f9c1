// Runs the api suite on the embedded PGlite and, when TEST_DATABASE_URL is set, on that PostgreSQL server too
// (each test file gets its own database there). Each pass seeds its database variants once and every test file
// starts from a copy (apps/api/test/harness.ts, global-setup.ts).
//
// The two passes run at the same time: the PGlite pass keeps the CPU busy (PostgreSQL compiled to WebAssembly,
// in the test process) while the PostgreSQL pass spends much of its time waiting on the server and on server
// processes it starts, so together they take little more than the longer one alone. The PGlite pass prints as
// it goes; the PostgreSQL pass's output is printed whole when it ends. API_TEST_PASSES=serial runs them one
// after the other, both printing as they go.
import { spawn } from 'node:child_process';

const passes = [{ name: 'PGlite', env: { TEST_BACKEND: 'pglite' } }];
if (process.env.TEST_DATABASE_URL) passes.push({ name: 'PostgreSQL', env: { TEST_BACKEND: 'postgres' } });
const serial = process.env.API_TEST_PASSES === 'serial';
// Tells each pass that the other runs too: files whose outcome does not depend on the backend run in one of them
// (harness.ts runsBackendFreeFiles).
if (passes.length > 1) for (const pass of passes) pass.env.REACH_API_PASSES = 'both';

function run(pass, { buffered }) {
  const started = Date.now();
  if (!buffered) console.log(`\n▶ api tests on ${pass.name}`);
  const child = spawn('npx', ['vitest', 'run', '--project', 'api', ...process.argv.slice(2)], {
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...pass.env, ...(buffered ? { FORCE_COLOR: '1' } : {}) },
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      const summary = `◀ api tests on ${pass.name}: ${ok ? 'passed' : `failed (${signal ?? code})`} in ${seconds} s`;
      // A buffered pass prints once every pass has ended, so that the outputs never mix.
      const print = buffered
        ? () => {
            console.log(`\n▶ api tests on ${pass.name} (ran beside the ${passes[0].name} pass)`);
            process.stdout.write(Buffer.concat(output));
            console.log(summary);
          }
        : () => {};
      if (!buffered) console.log(summary);
      resolve({ ok, print });
    });
  });
}

const started = Date.now();
let results;
if (serial || passes.length === 1) {
  results = [];
  for (const pass of passes) {
    const result = await run(pass, { buffered: false });
    results.push(result);
    if (!result.ok) break;
  }
} else {
  const [first, ...others] = passes;
  results = await Promise.all([
    run(first, { buffered: false }),
    ...others.map((pass) => run(pass, { buffered: true })),
  ]);
}
for (const result of results) result.print();
console.log(`api tests: ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
