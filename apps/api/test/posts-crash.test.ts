import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { ACCOUNT, ledgerProblems } from '../src/modules/payments/ledger';
import { backend, DEMO_PASSWORD, prepareServerDatabase } from './harness';
import { httpClient, type ServerProcess, startServerProcess } from './server-process';

/*
 * Crash safety of post approval: the real server process approves a batch of 100 posts and is killed with
 * SIGKILL in the middle of it; started again on the same database, every approval is retried. Each post must
 * end approved and paid exactly once, none lost or created, and the ledger balanced.
 */

const POSTS = 100;
const PER_POST = 1_000;
let dataDir: string;
let scratch: Awaited<ReturnType<typeof prepareServerDatabase>> | undefined;
let env: Record<string, string>;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-posts-crash-'));
  // A copy of the demo every test file starts from (seeded once per run, maybe by this file: hence the longer
  // timeout), with the index size it holds: the server's first start has nothing to migrate or seed.
  scratch = await prepareServerDatabase(dataDir, { demo: true });
  env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url ?? '', DISCOVERY_SEED_SIZE: '300' };
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

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe(`post approvals when the server is killed with SIGKILL (${backend})`, () => {
  it('pays every approved post exactly once after a restart and retries', { timeout: 240_000 }, async () => {
    server = await startServerProcess(env);
    let pro = await login(server.url, 'pro@reach.local');
    const influencer = await login(server.url, 'influencer@reach.local');

    // A funded cash campaign with room for all 100 posts, and Isabella working on it.
    const created = await pro<{ id: number }>('POST', '/campaigns', {
      type_id: 2,
      title: 'Crash test campaign',
      start_date: day(0),
      end_date: day(20),
      description: 'One hundred posts.',
      total_budget_cents: POSTS * PER_POST + 5_000,
      amount_per_post_cents: PER_POST,
      max_posts_per_influencer: POSTS,
    });
    expect(created.status).toBe(201);
    const campaignId = created.body.id;
    expect((await pro('POST', `/campaign/${campaignId}/fund`, {})).status).toBe(200);
    expect((await pro('POST', `/campaign/${campaignId}/publish`)).status).toBe(200);
    const me = await influencer<{ id: number; influencer: { id: number } }>('GET', '/my/user');
    const invited = await pro<{ id: number }>('POST', '/connections/invite', {
      campaign_id: campaignId,
      influencer_id: me.body.influencer.id,
    });
    expect(invited.status).toBe(201);
    expect((await influencer('POST', `/connection/${invited.body.id}/accept`)).status).toBe(200);
    const postIds: number[] = [];
    for (let i = 0; i < POSTS; i++) {
      const res = await influencer<{ id: number }>('POST', '/posts', {
        connection_id: invited.body.id,
        platform: 'instagram',
        post_url: `https://www.instagram.com/p/crash${i}/`,
      });
      expect(res.status).toBe(201);
      postIds.push(res.body.id);
    }

    // Fire the batch four at a time (on PostgreSQL a hundred at once are all answered within milliseconds);
    // kill the process once some approvals have answered, but not all.
    let answered = 0;
    const outcomesById = new Map<number, number | 'lost'>();
    const queue = [...postIds];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const outcome = await pro('POST', `/posts/${id}/approve`)
          .then((r) => r.status)
          .catch(() => 'lost' as const);
        if (outcome === 200) answered++;
        outcomesById.set(id, outcome);
      }
    };
    const workers = Promise.all([worker(), worker(), worker(), worker()]);
    for (let i = 0; i < 6000 && answered < 20; i++) await new Promise((r) => setTimeout(r, 5));
    await server.kill('SIGKILL');
    await workers;
    const outcomes = postIds.map((id) => outcomesById.get(id) ?? 'lost');
    const ok = outcomes.filter((o) => o === 200).length;
    console.info(`killed after ${ok} of ${POSTS} approvals answered`);
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThan(POSTS);
    expect(outcomes.every((o) => o === 200 || o === 'lost')).toBe(true);

    // Start again and retry every approval: each answers 200 with its one payment.
    server = await startServerProcess(env);
    pro = await login(server.url, 'pro@reach.local');
    const retried: { status: number; body: { status: string; payment: { amount_cents: number } | null } }[] =
      [];
    for (let i = 0; i < POSTS; i += 10) {
      retried.push(
        ...(await Promise.all(
          postIds
            .slice(i, i + 10)
            .map((id) =>
              pro<{ status: string; payment: { amount_cents: number } | null }>(
                'POST',
                `/posts/${id}/approve`,
              ),
            ),
        )),
      );
    }
    expect(retried.map((r) => r.status)).toEqual(Array(POSTS).fill(200));
    expect(
      retried.every((r) => r.body.status === 'approved' && r.body.payment?.amount_cents === PER_POST),
    ).toBe(true);
    await server.kill('SIGTERM');
    server = undefined;

    const database = await openDatabase({ url: scratch?.url, dataDir });
    try {
      const { db } = database;
      const posts = await db
        .selectFrom('posts')
        .select(['id', 'status', 'payment_transaction_id', 'paid_cents'])
        .where('campaign_id', '=', campaignId)
        .orderBy('id')
        .execute();
      expect(posts.map((p) => p.id)).toEqual(postIds);
      expect(posts.every((p) => p.status === 'approved' && p.paid_cents === PER_POST)).toBe(true);
      const payments = await db
        .selectFrom('ledger_transactions')
        .select(['id', 'idempotency_key', 'reference_id'])
        .where('campaign_id', '=', campaignId)
        .where('kind', '=', 'post_payment')
        .execute();
      expect(payments).toHaveLength(POSTS);
      expect(new Set(payments.map((p) => p.idempotency_key))).toEqual(
        new Set(postIds.map((id) => `post:${id}`)),
      );
      expect(new Set(posts.map((p) => p.payment_transaction_id))).toEqual(new Set(payments.map((p) => p.id)));
      const budget = await db
        .selectFrom('ledger_accounts')
        .select('balance_cents')
        .where('account', '=', ACCOUNT.campaignBudget(campaignId))
        .executeTakeFirstOrThrow();
      expect(budget.balance_cents).toBe(5_000);
      expect(await ledgerProblems(db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
