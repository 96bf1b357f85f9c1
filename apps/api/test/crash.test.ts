import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { backend, DEMO_PASSWORD, prepareServerDatabase } from './harness';
import { httpClient, type ServerProcess, startServerProcess } from './server-process';

/*
 * Crash safety of the real server process: it is killed with SIGKILL (no shutdown hook runs) in the middle of
 * work and started again on the same database, which must then finish the work exactly once.
 */

let dataDir: string;
let scratch: Awaited<ReturnType<typeof prepareServerDatabase>> | undefined;
let env: Record<string, string>;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-crash-'));
  // A copy of the demo every test file starts from (seeded once per run, maybe by this file: hence the longer
  // timeout), with the index size it holds: the server's first start has nothing to migrate or seed.
  scratch = await prepareServerDatabase(dataDir, { demo: true });
  // On PostgreSQL another replica may still hold a job, so a job is taken over only when its lease runs out:
  // a short lease keeps the test short.
  env = {
    DATA_DIR: dataDir,
    DATABASE_URL: scratch.url ?? '',
    JOBS_LEASE_MS: '2000',
    DISCOVERY_SEED_SIZE: '300',
  };
}, 120_000);
afterAll(async () => {
  await server?.kill('SIGTERM');
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function login(url: string, email: string) {
  const res = await httpClient(url)<{ access_token: string }>('POST', '/auth/login', {
    email,
    password: DEMO_PASSWORD,
  });
  expect(res.status).toBe(200);
  return httpClient(url, res.body.access_token);
}

/** 1,000 rows: 950 distinct usernames and 50 empty rows, one every 20th line. */
function csvWithBadRows(): string {
  const lines = ['instagram,email'];
  for (let n = 1; n <= 1000; n++) lines.push(n % 20 === 0 ? ',' : `crash_test_creator_${n},`);
  return `${lines.join('\n')}\n`;
}

type Status = { import_id: number; status: string; total: number; done: number; failed: number };

describe(`a server killed with SIGKILL (${backend})`, () => {
  it('finishes a 1,000-row import after a restart, with no duplicate invitation', {
    timeout: 90_000,
  }, async () => {
    server = await startServerProcess(env);
    let api = await login(server.url, 'pro@reach.local');
    const campaigns = await api<{ data: { id: number; business_id: number; status: string }[] }>(
      'GET',
      '/campaigns/business?items=50',
    );
    const campaign = campaigns.body.data.find((c) => c.status === 'active')!;
    expect(campaign).toBeDefined();

    const form = new FormData();
    form.append('file', new Blob([csvWithBadRows()], { type: 'text/csv' }), 'creators.csv');
    const started = await api<{ import_id: number }>(
      'POST',
      `/campaign/${campaign.id}/influencer/import`,
      form,
    );
    expect(started.status).toBe(202);
    const statusPath = `/campaign/influencer/import/status?campaign_id=${campaign.id}&business_id=${campaign.business_id}`;

    // Kill the process as soon as the job has made some progress, but not all.
    let midway: Status | undefined;
    for (let i = 0; i < 3000 && !midway; i++) {
      const s = (await api<Status>('GET', statusPath)).body;
      if (s.done + s.failed > 0) midway = s;
      else await new Promise((r) => setTimeout(r, 5));
    }
    await server.kill('SIGKILL');
    expect(midway, 'the import never started').toBeDefined();
    expect(midway!.done + midway!.failed).toBeLessThan(1000);
    console.info(`killed at ${midway!.done + midway!.failed} of 1,000 rows`);

    server = await startServerProcess(env);
    api = await login(server.url, 'pro@reach.local');
    let finished: Status | undefined;
    for (let i = 0; i < 600 && !finished; i++) {
      const s = (await api<Status>('GET', statusPath)).body;
      if (s.status === 'done' || s.status === 'failed') finished = s;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(finished).toMatchObject({ status: 'done', total: 1000, done: 950, failed: 50 });
    await server.kill('SIGTERM');
    server = undefined;

    const database = await openDatabase({ url: scratch?.url, dataDir });
    try {
      const counts = await database.db
        .selectFrom('campaign_invitations')
        .select((eb) => [
          eb.fn.countAll<number>().as('all'),
          eb.fn
            .count<number>(eb.fn('lower', ['instagram_username']))
            .distinct()
            .as('people'),
        ])
        .where('import_id', '=', started.body.import_id)
        .executeTakeFirstOrThrow();
      expect(Number(counts.all)).toBe(950);
      expect(Number(counts.people)).toBe(950);
    } finally {
      await database.close();
    }
  });
});
