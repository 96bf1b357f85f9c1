/**
 * API throughput under concurrent load: the real server (PGlite by default, or `--backend postgres`) with the
 * demo data, signed-in requests through autocannon against the endpoints a busy screen calls.
 *
 *   npm run bench:api -- [--backend pglite|postgres] [--seconds 10] [--connections 16]
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { login, machine, option, resultsDir, scratchPostgres, startServer } from './lib';

const backend = option('backend', 'pglite');
const seconds = Number(option('seconds', '10'));
const connections = Number(option('connections', '16'));

type Row = {
  name: string;
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
};

async function main() {
  const pg =
    backend === 'postgres'
      ? await scratchPostgres(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
      : undefined;
  // A small discovery index: these endpoints do not read it, and filling 100,000 profiles in the background
  // would compete with the load for the first minute.
  const server = await startServer({ DISCOVERY_SEED_SIZE: '5000', ...(pg ? { DATABASE_URL: pg.url } : {}) });
  const rows: Row[] = [];
  try {
    const business = await login(server.url, 'pro@reach.local');
    const influencer = await login(server.url, 'influencer@reach.local');
    const endpoints: { name: string; path: string; token?: string }[] = [
      { name: 'health (no auth, no database)', path: '/api/v1/health' },
      { name: 'GET /my/user (business)', path: '/api/v1/my/user', token: business },
      { name: 'GET /dashboard/businesses/menu', path: '/api/v1/dashboard/businesses/menu', token: business },
      {
        name: 'GET /campaigns/business?items=10',
        path: '/api/v1/campaigns/business?items=10',
        token: business,
      },
      { name: 'GET /influencers?items=20', path: '/api/v1/influencers?items=20', token: business },
      { name: 'GET /my/connections (business)', path: '/api/v1/my/connections?items=10', token: business },
      {
        name: 'GET /campaigns/browse (influencer)',
        path: '/api/v1/campaigns/browse?items=10',
        token: influencer,
      },
      { name: 'GET /my/balance (influencer)', path: '/api/v1/my/balance', token: influencer },
    ];
    for (const e of endpoints) {
      const result = await autocannon({
        url: `${server.url}${e.path}`,
        connections,
        duration: seconds,
        headers: e.token ? { authorization: `Bearer ${e.token}` } : {},
      });
      rows.push({
        name: e.name,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p97_5: result.latency.p97_5,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      });
      console.log(
        `${e.name}: ${rows.at(-1)?.rps} req/s, p99 ${rows.at(-1)?.p99} ms, non-2xx ${result.non2xx}`,
      );
    }
  } finally {
    await server.stop();
    await pg?.drop();
  }

  const file = path.join(resultsDir, `api-throughput-${backend}.md`);
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    file,
    [
      `# API throughput — ${backend === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`,
      '',
      machine(),
      `- Load: autocannon, ${connections} connections, ${seconds} s per endpoint, one server process, demo data (discovery index of 5,000 profiles, filled before the load starts)`,
      '- The load generator runs on the same machine as the server (and shares its cores).',
      '',
      '| Endpoint | req/s | p50 ms | p97.5 ms | p99 ms | errors | non-2xx |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
      ),
      '',
    ].join('\n'),
  );
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
  if (rows.some((r) => r.errors > 0 || r.non2xx > 0)) process.exitCode = 1;
}

await main();
