import type { CampaignImportStatusResponse } from '@reach/contract/campaign-imports';
import { API_MESSAGE } from '@reach/contract/messages';
import type { LiveEvent } from '@reach/contract/notifications';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../src/jobs/registry';
import { claimNextJob, createJobRunner, type JobRunner } from '../src/jobs/runner';
import { discoveryListRows } from '../src/modules/campaign-imports/lists';
import { processImport } from '../src/modules/campaign-imports/process';
import { client, createTestApp, loginAs, type TestApp } from './harness';

const V = '/api/v1';
type Role = 'pro' | 'trial' | 'free' | 'influencer';
let t: TestApp;
let tokens: Record<Role, string>;
let business: { pro: number; trial: number };
let proUserId: number;

const as = (role: Role) => client(t.app, tokens[role]);
type ProgressEvent = Extract<LiveEvent, { type: 'import-progress' }>;

async function campaignId(title: string): Promise<number> {
  const row = await t.app.ctx.db
    .selectFrom('campaigns')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return row.id;
}

function upload(role: Role, id: number, csv: string | Buffer, field = 'file') {
  const boundary = '----reach-import-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="influencers.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${V}/campaign/${id}/influencer/import`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${tokens[role]}`,
    },
  });
}

const status = (role: Role, campaign: number, businessId: number) =>
  as(role).get(`${V}/campaign/influencer/import/status?campaign_id=${campaign}&business_id=${businessId}`);

const runner = () => createJobRunner(t.app.ctx, { jobs: JOBS, pollMs: 10, leaseMs: 30_000 });

async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 25_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const importRow = (id: number) =>
  t.app.ctx.db.selectFrom('campaign_imports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const invitationCount = async (campaign: number) =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('campaign_invitations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('campaign_id', '=', campaign)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * `good` valid rows and `bad` bad ones (a quarter each: invalid usernames, invalid emails, empty rows,
 * duplicates of earlier rows in another spelling), a bad row every `good / bad + 1` lines. Returns the CSV
 * and the expected failures by line.
 */
function buildCsv(prefix: string, good: number, bad: number, extraGood: string[] = []) {
  const goodRows = [...extraGood];
  for (let i = goodRows.length; i < good; i++) {
    if (i % 3 === 0) goodRows.push(`${prefix}_${i},${prefix}${i}@example.com`);
    else if (i % 3 === 1) goodRows.push(`@${prefix}_${i},`);
    else goodRows.push(`,${prefix.toUpperCase()}${i}@Example.com`);
  }
  const quarter = Math.floor(bad / 4);
  const badRows: [string, string][] = [];
  for (let k = 0; k < bad; k++) {
    if (k < quarter)
      badRows.push([
        k % 2 ? `bad name ${k},` : `${'x'.repeat(31)},ok${k}@example.com`,
        API_MESSAGE.importRowBadUsername,
      ]);
    else if (k < 2 * quarter)
      badRows.push([
        k % 2 ? `,not-an-email-${k}` : `fine_${prefix}_${k},a${k}@`,
        API_MESSAGE.importRowBadEmail,
      ]);
    else if (k < 3 * quarter) badRows.push([k % 2 ? ',' : ' , ', API_MESSAGE.importRowEmpty]);
    else {
      // Duplicates of rows 3..: other case, a profile URL, an uppercased email — the same person.
      const i = 3 + (k - 3 * quarter) * 3;
      const variants = [
        `${prefix.toUpperCase()}_${i},`,
        `https://www.instagram.com/${prefix}_${i}/,`,
        `,${prefix}${i}@EXAMPLE.com`,
      ];
      badRows.push([variants[k % 3]!, API_MESSAGE.importRowDuplicate]);
    }
  }
  const every = Math.floor((good + bad) / bad);
  const lines = ['Instagram,Email'];
  const failures = new Map<number, string>();
  let g = 0;
  let b = 0;
  for (let n = 0; n < good + bad; n++) {
    if ((n + 1) % every === 0 && b < bad) {
      const [line, reason] = badRows[b++]!;
      lines.push(line);
      failures.set(n + 2, reason); // line 1 is the header
    } else lines.push(goodRows[g++]!);
  }
  return { csv: `${lines.join('\n')}\n`, failures };
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const roles: Role[] = ['pro', 'trial', 'free', 'influencer'];
  tokens = Object.fromEntries(
    await Promise.all(roles.map(async (r) => [r, await loginAs(t.app, `${r}@reach.local`)])),
  );
  const businesses = await t.app.ctx.db
    .selectFrom('businesses as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['b.id', 'u.email', 'u.id as user_id'])
    .execute();
  const of = (email: string) => businesses.find((b) => b.email === email)!;
  business = { pro: of('pro@reach.local').id, trial: of('trial@reach.local').id };
  proUserId = of('pro@reach.local').user_id;
});
afterAll(() => t.close());

describe('CSV import', () => {
  it('invites 950 of 1,000 rows, lists the 50 failures with reasons and reports progress live', async () => {
    const campaign = await campaignId('Trail Season Kickoff');
    // Two rows match existing influencers: bella.glows by Instagram username, new@reach.local by email.
    const { csv, failures } = buildCsv('creator', 950, 50, ['@Bella.Glows,', ',new@reach.local']);
    const events: ProgressEvent[] = [];
    const unsubscribe = t.app.ctx.live.subscribe(proUserId, (e) => {
      if (e.type === 'import-progress') events.push(e);
    });

    const res = await upload('pro', campaign, csv);
    expect(res.statusCode, res.body).toBe(202);
    const { import_id, total } = res.json() as { import_id: number; total: number };
    expect(total).toBe(1000);
    const queued = (await status('pro', campaign, business.pro)).body;
    expect(queued).toMatchObject({ status: 'queued', total: 1000, done: 0, failed: 0, started_at: null });

    const worker = runner();
    worker.start();
    try {
      await waitFor(async () => (await importRow(import_id)).status === 'done');
    } finally {
      await worker.stop();
      unsubscribe();
    }

    const report = (await status('pro', campaign, business.pro))
      .body as unknown as CampaignImportStatusResponse;
    expect(report).toMatchObject({
      import_id,
      campaign_id: campaign,
      source: 'csv',
      status: 'done',
      total: 1000,
    });
    expect(report.done).toBe(950);
    expect(report.failed).toBe(50);
    expect(report.started_at).not.toBeNull();
    expect(report.finished_at).not.toBeNull();
    expect(report.failures).toHaveLength(50);
    expect(new Map(report.failures.map((f) => [f.row_number, f.reason]))).toEqual(failures);
    expect(report.failures.find((f) => f.reason === API_MESSAGE.importRowDuplicate)?.value).toBeTruthy();
    const reasons: Record<string, number> = {};
    for (const f of report.failures) reasons[f.reason] = (reasons[f.reason] ?? 0) + 1;
    expect(reasons).toEqual({
      [API_MESSAGE.importRowBadUsername]: 12,
      [API_MESSAGE.importRowBadEmail]: 12,
      [API_MESSAGE.importRowEmpty]: 12,
      [API_MESSAGE.importRowDuplicate]: 14,
    });

    // Exactly one invitation per valid row; the two known influencers are linked, connected and told.
    expect(await invitationCount(campaign)).toBe(950);
    const linked = await t.app.ctx.db
      .selectFrom('campaign_invitations as i')
      .innerJoin('users as u', 'u.id', 'i.influencer_user_id')
      .select(['u.email', 'i.status', 'i.instagram_username', 'i.email as invited_email'])
      .where('i.campaign_id', '=', campaign)
      .orderBy('u.email')
      .execute();
    expect(linked).toEqual([
      {
        email: 'influencer@reach.local',
        status: 'converted',
        instagram_username: 'bella.glows',
        invited_email: null,
      },
      {
        email: 'new@reach.local',
        status: 'converted',
        instagram_username: null,
        invited_email: 'new@reach.local',
      },
    ]);
    const connected = await t.app.ctx.db
      .selectFrom('connections as c')
      .innerJoin('users as u', 'u.id', 'c.influencer_user_id')
      .select(['u.email', 'c.status', 'c.source', 'c.initiated_by'])
      .where('c.campaign_id', '=', campaign)
      .orderBy('u.email')
      .execute();
    expect(connected).toEqual(
      ['influencer@reach.local', 'new@reach.local'].map((email) => ({
        email,
        status: 'invited',
        source: 'csv',
        initiated_by: 'business',
      })),
    );
    const told = await t.app.ctx.db
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select(['u.email', 'n.body', 'n.link', 'n.category'])
      .where('n.body', 'like', '%invited you to%')
      .orderBy('u.email')
      .execute();
    expect(told).toEqual(
      ['influencer@reach.local', 'new@reach.local'].map((email) => ({
        email,
        body: 'Peak Outdoor Co. invited you to "Trail Season Kickoff".',
        link: `/influencer/campaigns/${campaign}`,
        category: 'connections',
      })),
    );
    const done = await t.app.ctx.db
      .selectFrom('notifications')
      .select(['body', 'link', 'category'])
      .where('user_id', '=', proUserId)
      .where('body', 'like', 'Your import%')
      .execute();
    expect(done).toEqual([
      {
        body: 'Your import into "Trail Season Kickoff" is complete: 950 influencers invited, 50 rows could not be invited.',
        link: `/business/campaigns/${campaign}`,
        category: 'campaigns',
      },
    ]);

    // Live progress after every batch of 50, then the final state.
    expect(events.length).toBeGreaterThanOrEqual(20);
    for (const e of events) expect(e).toMatchObject({ campaign_id: campaign, import_id, total: 1000 });
    const processed = events.map((e) => e.done + e.failed);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(processed[0]).toBe(50);
    expect(events.at(-1)).toMatchObject({ status: 'done', done: 950, failed: 50 });
    expect(events.filter((e) => e.status === 'running').length).toBe(20);
  });

  it('counts the same person twice in one batch, or invited by an earlier import, as already invited', async () => {
    const campaign = await campaignId('Trail Season Kickoff');
    const csv = [
      'email,instagram_username',
      ',same_one',
      ',SAME_ONE',
      'x@example.org,@same_one',
      ',bella.glows',
      'brand.new@example.com,',
      'BRAND.NEW@example.com,',
    ].join('\r\n');
    const res = await upload('pro', campaign, csv);
    expect(res.statusCode, res.body).toBe(202);
    const worker = runner();
    await worker.runOnce();
    const report = (await status('pro', campaign, business.pro))
      .body as unknown as CampaignImportStatusResponse;
    expect(report).toMatchObject({ status: 'done', total: 6, done: 2, failed: 4 });
    expect(report.failures).toEqual([
      { row_number: 3, value: 'SAME_ONE', reason: API_MESSAGE.importRowDuplicate },
      { row_number: 4, value: '@same_one / x@example.org', reason: API_MESSAGE.importRowDuplicate },
      { row_number: 5, value: 'bella.glows', reason: API_MESSAGE.importRowDuplicate },
      { row_number: 7, value: 'BRAND.NEW@example.com', reason: API_MESSAGE.importRowDuplicate },
    ]);
    expect(await invitationCount(campaign)).toBe(952);
  });

  it('refuses what it cannot import', async () => {
    const active = await campaignId('Summit Stories');
    const post = (role: Role, id: number, csv: string | Buffer, field?: string) =>
      upload(role, id, csv, field);
    const error = (res: Awaited<ReturnType<typeof upload>>) => [res.statusCode, res.json().error.message];

    for (const title of ['Winter Layering Guide', 'National Parks Road Trip']) {
      expect(error(await post('pro', await campaignId(title), 'instagram\nabc'))).toEqual([
        409,
        API_MESSAGE.importCampaignNotActive,
      ]);
    }
    expect(error(await post('trial', active, 'instagram\nabc'))).toEqual([404, API_MESSAGE.campaignNotFound]);
    expect((await post('free', active, 'instagram\nabc')).statusCode).toBe(402);
    expect((await post('influencer', active, 'instagram\nabc')).statusCode).toBe(403);
    expect(error(await post('pro', 999_999, 'instagram\nabc'))).toEqual([404, API_MESSAGE.campaignNotFound]);
    expect(error(await post('pro', active, 'name,phone\nBella,1'))).toEqual([
      400,
      API_MESSAGE.importNoColumns,
    ]);
    expect(error(await post('pro', active, 'instagram\n'))).toEqual([400, API_MESSAGE.importNoRows]);
    expect(error(await post('pro', active, `instagram\n${'abc\n'.repeat(5001)}`))).toEqual([
      400,
      API_MESSAGE.importTooManyRows,
    ]);
    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 'a');
    expect(error(await post('pro', active, big))).toEqual([413, API_MESSAGE.importFileTooLarge]);
    const json = await as('pro').post(`${V}/campaign/${active}/influencer/import`, { instagram: 'abc' });
    expect([json.status, json.body.error?.message]).toEqual([400, API_MESSAGE.importFileRequired]);
    // None of these created an import.
    expect((await status('pro', active, business.pro)).status).toBe(404);
  });

  it("imports the members of the business's own discovery list, and no one else's", async () => {
    const campaign = await campaignId('Summit Stories');
    const lists = await t.app.ctx.db
      .selectFrom('discovery_lists')
      .select(['id', 'name'])
      .where('business_id', '=', business.pro)
      .orderBy('id')
      .execute();
    expect(lists.map((l) => l.name)).toEqual(['Outdoor creators', 'Fitness & wellness']);
    const members = await t.app.ctx.db
      .selectFrom('discovery_list_members')
      .select('username')
      .where('list_id', '=', lists[0]!.id)
      .execute();
    expect(members.length).toBeGreaterThan(0);
    const other = await as('trial').post(`${V}/campaign/${campaign}/influencer/import/list`, {
      list_id: lists[0]!.id,
    });
    expect(other.status).toBe(404);
    // The rows an import of that list starts from (the import itself runs like the CSV import above; started
    // here it would block the other tests' imports on this campaign).
    const rows = await discoveryListRows(
      t.app.ctx,
      { userId: proUserId, type: 'business', businessId: business.pro },
      lists[0]!.id,
    );
    expect(rows.map((r) => r.instagram_username).sort()).toEqual(members.map((m) => m.username).sort());
    expect(rows.map((r) => r.row_number)).toEqual(members.map((_, i) => i + 1));
    // A list of another business is invisible: 404 on the pro's own campaign.
    const trialList = await t.app.ctx.db
      .insertInto('discovery_lists')
      .values({ business_id: business.trial, name: 'Not yours' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await as('pro').post(`${V}/campaign/${campaign}/influencer/import/list`, {
      list_id: trialList.id,
    });
    expect([foreign.status, foreign.body.error?.message]).toEqual([404, API_MESSAGE.discoveryListNotFound]);
    // An empty list of one's own: 400, nothing started.
    const empty = await t.app.ctx.db
      .insertInto('discovery_lists')
      .values({ business_id: business.pro, name: 'Empty for now' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const none = await as('pro').post(`${V}/campaign/${campaign}/influencer/import/list`, {
      list_id: empty.id,
    });
    expect([none.status, none.body.error?.message]).toEqual([400, API_MESSAGE.discoveryListEmpty]);
  });
});

describe('documentation', () => {
  it('lists the import and AI endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/campaign/{id}/influencer/import',
        '/api/v1/campaign/{id}/influencer/import/list',
        '/api/v1/campaign/influencer/import/status',
        '/api/v1/campaigns/ai/draft',
      ]),
    );
  });
});

describe('import status', () => {
  it('is only for the campaign business, naming itself', async () => {
    const campaign = await campaignId('Trail Season Kickoff');
    expect((await status('pro', campaign, business.pro)).status).toBe(200);
    for (const [role, id] of [
      ['pro', business.trial],
      ['trial', business.pro],
      ['trial', business.trial],
    ] as const) {
      const res = await status(role, campaign, id);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('creator');
    }
    expect((await status('influencer', campaign, business.pro)).status).toBe(403);
    expect((await status('free', campaign, business.pro)).status).toBe(402);
    expect(
      (await as('pro').get(`${V}/campaign/influencer/import/status?campaign_id=${campaign}`)).status,
    ).toBe(400);
    const none = await status('pro', await campaignId('Summit Stories'), business.pro);
    expect([none.status, none.body.error?.message]).toEqual([404, API_MESSAGE.importNotFound]);
  });
});

describe('durability', () => {
  it('finishes after a crash, with one invitation per valid row and the counters right', async () => {
    const campaign = await campaignId('Ultralight Tent Field Test');
    const { csv } = buildCsv('tent', 390, 10);
    const res = await upload('pro', campaign, csv);
    expect(res.statusCode, res.body).toBe(202);
    const { import_id } = res.json() as { import_id: number };

    // Worker A claims the job, commits three batches, and dies (nothing more runs, its lease stays).
    const job = await claimNextJob(t.app.ctx.db, 'worker-a', 60_000, ['campaign-import']);
    expect(job).toMatchObject({
      kind: 'campaign-import',
      status: 'running',
      attempts: 1,
      locked_by: 'worker-a',
    });
    const partial = await processImport(
      t.app.ctx,
      import_id,
      { signal: new AbortController().signal, heartbeat: async () => {} },
      { maxBatches: 3 },
    );
    expect(partial).toBe('stopped');
    const midway = await importRow(import_id);
    expect(midway.status).toBe('running');
    expect(midway.done + midway.failed).toBe(150);
    expect(await invitationCount(campaign)).toBe(midway.done);

    // Worker B cannot take the job while A's lease holds…
    const b = runner();
    expect(await b.runOnce()).toBe(false);
    // …and takes it over once the lease has run out.
    await sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = ${job!.id}`.execute(
      t.app.ctx.db,
    );
    expect(await b.runOnce()).toBe(true);

    const finished = await importRow(import_id);
    expect(finished).toMatchObject({ status: 'done', total: 400, done: 390, failed: 10 });
    expect(await invitationCount(campaign)).toBe(390);
    const distinct = await t.app.ctx.db
      .selectFrom('campaign_invitations')
      .select((eb) => eb.fn.count<number>('import_row_number').distinct().as('n'))
      .where('import_id', '=', import_id)
      .executeTakeFirstOrThrow();
    expect(Number(distinct.n)).toBe(390);
    const rows = await t.app.ctx.db
      .selectFrom('campaign_import_rows')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('import_id', '=', import_id)
      .groupBy('status')
      .orderBy('status')
      .execute();
    expect(rows.map((r) => [r.status, Number(r.n)])).toEqual([
      ['failed', 10],
      ['invited', 390],
    ]);
    const after = await t.app.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', job!.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'done', attempts: 2, locked_by: null, locked_until: null });

    // Running the handler again changes nothing (idempotent).
    await processImport(t.app.ctx, import_id, {
      signal: new AbortController().signal,
      heartbeat: async () => {},
    });
    expect(await importRow(import_id)).toMatchObject({ done: 390, failed: 10 });
    expect(await invitationCount(campaign)).toBe(390);
  });

  it('hands a running import back to the queue on shutdown, and the next worker finishes it', async () => {
    const campaign = await campaignId('Summit Stories');
    const { csv } = buildCsv('summit', 190, 10);
    const res = await upload('pro', campaign, csv);
    expect(res.statusCode, res.body).toBe(202);
    const { import_id } = res.json() as { import_id: number };

    const first: JobRunner = runner();
    let stopping: Promise<void> | undefined;
    const unsubscribe = t.app.ctx.live.subscribe(proUserId, (e) => {
      // Shut the worker down as soon as it reports its first batch.
      if (e.type === 'import-progress' && e.import_id === import_id) stopping ??= first.stop();
    });
    first.start();
    await waitFor(async () => stopping !== undefined);
    await stopping;
    unsubscribe();

    const midway = await importRow(import_id);
    expect(midway).toMatchObject({ status: 'running', done: 48, failed: 2 });
    const job = await t.app.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', midway.job_id!)
      .executeTakeFirstOrThrow();
    // Released without using up an attempt.
    expect(job).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });

    // Meanwhile a second import into the same campaign is refused.
    const again = await upload('pro', campaign, 'instagram\nsomeone');
    expect([again.statusCode, again.json().error.message]).toEqual([409, API_MESSAGE.importAlreadyRunning]);

    const second = runner();
    second.start();
    try {
      await waitFor(async () => (await importRow(import_id)).status === 'done');
    } finally {
      await second.stop();
    }
    expect(await importRow(import_id)).toMatchObject({ total: 200, done: 190, failed: 10 });
    expect(await invitationCount(campaign)).toBe(190);
  });
});
