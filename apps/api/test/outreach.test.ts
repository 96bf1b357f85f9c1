import type { AddressInfo } from 'node:net';
import type { CampaignPipeline } from '@reach/contract/campaign-pipeline';
import type { OutreachPage, OutreachRecord } from '@reach/contract/outreach';
import { OUTREACH_REASONS } from '@reach/contract/outreach';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignImportJob } from '../src/jobs/campaign-import';
import type { JobDefinition } from '../src/jobs/job';
import { mailSendJob } from '../src/jobs/mail-send';
import { createJobRunner } from '../src/jobs/runner';
import { deliverMail } from '../src/modules/mail/delivery';
import { client, createTestApp, latestCode, loginAs, type TestApp } from './harness';

/*
 * Outreach records (issue 12): every invitation — discovery mail, CSV, list — is a record on its campaign whose
 * status follows the mail, the link and the creator's answer; mail goes through the outbox with retries.
 */

const V = '/api/v1';

function uploadCsv(t: TestApp, token: string, campaignId: number, csv: string) {
  const boundary = '----reach-outreach-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${V}/campaign/${campaignId}/influencer/import`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  });
}

async function activeCampaignOf(t: TestApp, email: string, skip = 0) {
  return t.app.ctx.db
    .selectFrom('campaigns as c')
    .innerJoin('businesses as b', 'b.id', 'c.business_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['c.id', 'c.title'])
    .where('u.email', '=', email)
    .where('c.status', '=', 'active')
    .orderBy('c.id')
    .offset(skip)
    .limit(1)
    .executeTakeFirstOrThrow();
}

/** The jobs these tests run (periodic jobs of the registry are left alone, so "nothing due" means these). */
const JOBS = [campaignImportJob, mailSendJob] as JobDefinition<unknown>[];

const recordOf = (page: OutreachPage, email: string) => page.data.find((r) => r.email === email);

describe('outreach records (embedded outbox)', () => {
  let t: TestApp;
  let pro: string;
  let trial: string;
  let admin: string;
  let influencer: string;
  const as = (token: string) => client(t.app, token);

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    const tokens = await Promise.all(
      ['pro', 'trial', 'admin', 'influencer'].map((r) => loginAs(t.app, `${r}@reach.local`)),
    );
    [pro, trial, admin, influencer] = tokens as [string, string, string, string];
  }, 600_000);
  afterAll(() => t?.close());

  const outreach = async (token: string, campaignId: number, query = '') => {
    const res = await as(token).get(`${V}/campaign/${campaignId}/outreach${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as OutreachPage;
  };

  it('discovery invite → sent with its own link → opened → signed up → accepted', async () => {
    const campaign = await activeCampaignOf(t, 'pro@reach.local');
    const profile = await t.app.ctx.db
      .selectFrom('influencer_index')
      .select(['modash_id', 'contact_email'])
      .where('contact_email', 'is not', null)
      .orderBy('modash_id')
      .offset(3)
      .limit(1)
      .executeTakeFirstOrThrow();
    const email = profile.contact_email!;
    const invitedCount = async () =>
      ((await as(pro).get(`${V}/campaign/${campaign.id}/pipeline`)).body as unknown as CampaignPipeline)
        .counts.invited;
    const invitedBefore = await invitedCount();

    const res = await as(pro).post(`${V}/discovery/invite/message`, {
      modash_id: profile.modash_id,
      campaign_id: campaign.id,
      message: 'Come hiking with us!',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const recordId = res.body.id as number;

    // The mail left at once (outbox row 'sent', delivered to the embedded outbox) and names the record.
    const mail = await t.app.ctx.db
      .selectFrom('mail_messages')
      .selectAll()
      .where('invitation_id', '=', recordId)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ status: 'sent', attempts: 1, to_address: email });
    const delivered = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(delivered.text_body).toContain('Come hiking with us!');
    const token = delivered.text_body.match(/invite=([\w.-]+)/)?.[1];
    expect(token).toBeTruthy();
    expect(await t.app.ctx.tokens.verifyInvite(token!)).toMatchObject({
      campaignId: campaign.id,
      outreachId: recordId,
    });
    // Its job was settled with it: nothing is left to run.
    const job = await t.app.ctx.db
      .selectFrom('jobs')
      .select('status')
      .where('id', '=', mail.job_id!)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('done');

    let page = await outreach(pro, campaign.id);
    expect(recordOf(page, email)).toMatchObject({
      id: recordId,
      source: 'discovery',
      status: 'sent',
      reason: null,
      connection_id: null,
      modash_id: profile.modash_id,
    });
    expect(recordOf(page, email)!.sent_at).not.toBeNull();
    // Named as discovery showed them (the index's name and handle), not by the address alone.
    const indexed = await t.app.ctx.db
      .selectFrom('influencer_index')
      .select(['fullname', 'username', 'platform'])
      .where('modash_id', '=', profile.modash_id)
      .executeTakeFirstOrThrow();
    expect(recordOf(page, email)!.name).toBe(indexed.fullname);
    if (indexed.platform === 'instagram')
      expect(recordOf(page, email)!.instagram_username).toBe(indexed.username.replace(/^@/, ''));
    // The pipeline counts it as invited, like the list.
    expect(await invitedCount()).toBe(invitedBefore + 1);

    // Opening the link: 'opened', once.
    expect((await client(t.app).get(`${V}/invite/preview?invite=${token}`)).status).toBe(200);
    page = await outreach(pro, campaign.id);
    const opened = recordOf(page, email)!;
    expect(opened.status).toBe('opened');
    t.clock.advance(60_000);
    await client(t.app).get(`${V}/invite/preview?invite=${token}`);
    expect(recordOf(await outreach(pro, campaign.id), email)!.opened_at).toBe(opened.opened_at);

    // Signing up through the link: 'signed_up', linked to the invitation connection.
    const password = 'Correct-Horse-42';
    const signUp = await client(t.app).post(`${V}/auth/sign-up`, {
      email,
      password,
      given_name: 'Hana',
      family_name: 'Trail',
      type: 'influencer',
      invite: token,
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
    await client(t.app).post(`${V}/auth/confirm`, { email, code: await latestCode(t.app, email) });
    const creator = (await client(t.app).post(`${V}/auth/login`, { email, password })).body
      .access_token as string;
    const signed = recordOf(await outreach(pro, campaign.id), email)!;
    expect(signed).toMatchObject({ status: 'signed_up', connection_status: 'invited', name: 'Hana Trail' });
    expect(signed.connection_id).not.toBeNull();
    expect(signed.signed_up_at).not.toBeNull();
    // Converted: no longer counted twice in the pipeline (the connection is the invited one now).
    expect(await invitedCount()).toBe(invitedBefore + 1);

    // Accepting: 'accepted', with the answer's time.
    const accept = await as(creator).post(`${V}/connection/${signed.connection_id}/accept`);
    expect(accept.status, JSON.stringify(accept.body)).toBe(200);
    const accepted = recordOf(await outreach(pro, campaign.id), email)!;
    expect(accepted).toMatchObject({ status: 'accepted', connection_status: 'accepted' });
    expect(accepted.responded_at).not.toBeNull();

    // The filter agrees with the rows and the counts; admins read it too; /outreach lists it across campaigns.
    const acceptedOnly = await outreach(pro, campaign.id, '?status=accepted');
    expect(acceptedOnly.data.map((r) => r.status)).toEqual(acceptedOnly.data.map(() => 'accepted'));
    expect(acceptedOnly.data.map((r) => r.id)).toContain(recordId);
    expect(acceptedOnly.total).toBe(acceptedOnly.counts.accepted);
    expect((await outreach(admin, campaign.id)).data.map((r) => r.id)).toContain(recordId);
    const all = await as(pro).get(`${V}/outreach?status=accepted`);
    expect(all.status).toBe(200);
    expect((all.body.data as OutreachRecord[]).find((r) => r.id === recordId)).toMatchObject({
      campaign_title: campaign.title,
    });

    // Inviting them again: they are on the campaign already.
    const again = await as(pro).post(`${V}/discovery/invite/message`, {
      modash_id: profile.modash_id,
      campaign_id: campaign.id,
      message: 'Again',
    });
    expect(again.status).toBe(409);
  });

  it('a declined invitation reads declined', async () => {
    const campaign = await activeCampaignOf(t, 'pro@reach.local');
    const profile = await t.app.ctx.db
      .selectFrom('influencer_index')
      .select(['modash_id', 'contact_email'])
      .where('contact_email', 'is not', null)
      .orderBy('modash_id')
      .offset(4)
      .limit(1)
      .executeTakeFirstOrThrow();
    const email = profile.contact_email!;
    const res = await as(pro).post(`${V}/discovery/invite/message`, {
      modash_id: profile.modash_id,
      campaign_id: campaign.id,
      message: 'Hello!',
    });
    expect(res.status).toBe(201);
    const text = (
      await t.app.ctx.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', email)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).text_body;
    const token = text.match(/invite=([\w.-]+)/)![1]!;
    const password = 'Correct-Horse-42';
    await client(t.app).post(`${V}/auth/sign-up`, {
      email,
      password,
      given_name: 'Dee',
      family_name: 'Cline',
      type: 'influencer',
      invite: token,
    });
    await client(t.app).post(`${V}/auth/confirm`, { email, code: await latestCode(t.app, email) });
    const creator = (await client(t.app).post(`${V}/auth/login`, { email, password })).body
      .access_token as string;
    const record = recordOf(await outreach(pro, campaign.id), email)!;
    const decline = await as(creator).post(`${V}/connection/${record.connection_id}/decline`);
    expect(decline.status, JSON.stringify(decline.body)).toBe(200);
    expect(recordOf(await outreach(pro, campaign.id), email)).toMatchObject({
      status: 'declined',
      connection_status: 'declined',
    });
    const declined = await outreach(pro, campaign.id, '?status=declined');
    expect(declined.data.map((r) => r.id)).toContain(record.id);
  });

  it('a CSV of two unknown addresses mails both and records both; a username-only row is recorded unmailed', async () => {
    const campaign = await activeCampaignOf(t, 'pro@reach.local', 1);
    const res = await uploadCsv(
      t,
      pro,
      campaign.id,
      'email,instagram\nfirst.csv@example.com,\nsecond.csv@example.com,\n,no_mail_creator\n',
    );
    expect(res.statusCode, res.body).toBe(202);
    const runner = createJobRunner(t.app.ctx, { jobs: JOBS, pollMs: 10, leaseMs: 30_000 });
    while (await runner.runOnce()) {}
    const status = await as(pro).get(
      `${V}/campaign/influencer/import/status?campaign_id=${campaign.id}&business_id=${
        (
          await t.app.ctx.db
            .selectFrom('campaigns')
            .select('business_id')
            .where('id', '=', campaign.id)
            .executeTakeFirstOrThrow()
        ).business_id
      }`,
    );
    expect(status.body).toMatchObject({ status: 'done', done: 3, failed: 0 });

    for (const email of ['first.csv@example.com', 'second.csv@example.com']) {
      const mails = await t.app.ctx.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', email)
        .execute();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text_body).toMatch(/invite=[\w.-]+/);
    }
    const page = await outreach(pro, campaign.id);
    expect(recordOf(page, 'first.csv@example.com')).toMatchObject({ source: 'csv', status: 'sent' });
    expect(recordOf(page, 'second.csv@example.com')).toMatchObject({ source: 'csv', status: 'sent' });
    expect(page.data.find((r) => r.instagram_username === 'no_mail_creator')).toMatchObject({
      status: 'not_sent',
      reason: OUTREACH_REASONS.noEmail,
      name: '@no_mail_creator',
    });
    const sent = await t.app.ctx.db
      .selectFrom('mail_messages as m')
      .innerJoin('campaign_invitations as i', 'i.id', 'm.invitation_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('i.campaign_id', '=', campaign.id)
      .where('m.status', '=', 'sent')
      .executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBe(2);
  });

  it('another business cannot read the outreach, an influencer is refused, bad input is a 400', async () => {
    const campaign = await activeCampaignOf(t, 'pro@reach.local');
    const other = await as(trial).get(`${V}/campaign/${campaign.id}/outreach`);
    expect(other.status).toBe(404);
    const otherFilter = await as(trial).get(`${V}/outreach?campaign_id=${campaign.id}`);
    expect(otherFilter.status).toBe(404);
    const own = await as(trial).get(`${V}/outreach`);
    expect(own.status).toBe(200);
    expect((own.body.data as OutreachRecord[]).some((r) => r.campaign_id === campaign.id)).toBe(false);
    expect((await as(influencer).get(`${V}/campaign/${campaign.id}/outreach`)).status).toBe(403);
    expect((await as(influencer).get(`${V}/outreach`)).status).toBe(403);
    const badStatus = await as(pro).get(`${V}/campaign/${campaign.id}/outreach?status=lost`);
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error?.fields).toHaveProperty('status');
    expect((await as(pro).get(`${V}/campaign/abc/outreach`)).status).toBe(400);
    expect((await as(pro).get(`${V}/outreach?items=0`)).status).toBe(400);
    expect((await client(t.app).get(`${V}/outreach`)).status).toBe(401);
  });
});

describe('outreach mail over a failing SMTP server', () => {
  let t: TestApp;
  let pro: string;
  let smtp: SMTPServer;
  const received: string[] = [];
  const tries = new Map<string, number>();

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const to = address.address;
        const n = (tries.get(to) ?? 0) + 1;
        tries.set(to, n);
        const refuse = (code: number, text: string) =>
          callback(Object.assign(new Error(text), { responseCode: code }));
        if (to.startsWith('bounce')) return refuse(550, '5.1.1 No such mailbox here');
        if (to.startsWith('down')) return refuse(451, '4.3.0 Mail server temporarily unavailable');
        if (to.startsWith('flaky') && n <= 2) return refuse(451, '4.3.0 Try again later');
        callback();
      },
      onData(stream, session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ demo: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    pro = await loginAs(t.app, 'pro@reach.local');
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('retries a temporary failure with backoff, sends once on the third attempt, fails for good with the reason, bounces a 5xx at once', async () => {
    const campaign = await activeCampaignOf(t, 'pro@reach.local');
    const res = await uploadCsv(
      t,
      pro,
      campaign.id,
      'email\nflaky.one@example.com\ndown.one@example.com\nbounce.one@example.com\n',
    );
    expect(res.statusCode, res.body).toBe(202);
    // Two workers; retries without waiting (the backoff is the runner's: here 0 ms).
    const workers = [0, 1].map((i) =>
      createJobRunner(t.app.ctx, {
        jobs: JOBS,
        pollMs: 10,
        leaseMs: 30_000,
        workerId: `mail-${i}`,
        retryDelayMs: () => 0,
      }),
    );
    const [a, b] = workers as [ReturnType<typeof createJobRunner>, ReturnType<typeof createJobRunner>];
    // The import runs and tries each mail once at once.
    while (await a.runOnce()) {}
    const mailOf = (to: string) =>
      t.app.ctx.db
        .selectFrom('mail_messages')
        .selectAll()
        .where('to_address', '=', to)
        .executeTakeFirstOrThrow();
    // The first mail failed with a temporary error: the others were left to their jobs (not tried, no attempt
    // counted), so an outage does not hold the import up.
    expect(await mailOf('flaky.one@example.com')).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await mailOf('down.one@example.com')).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await mailOf('bounce.one@example.com')).toMatchObject({ status: 'queued', attempts: 0 });
    expect(tries.get('down.one@example.com')).toBeUndefined();
    let page = (await client(t.app, pro).get(`${V}/campaign/${campaign.id}/outreach`))
      .body as unknown as OutreachPage;
    expect(recordOf(page, 'flaky.one@example.com')!.status).toBe('queued');
    expect(recordOf(page, 'bounce.one@example.com')!.status).toBe('queued');

    // The retry waits for its backoff (not due yet); once due, both workers race for the jobs.
    expect(await b.runOnce()).toBe(false);
    for (let round = 0; round < 10; round++) {
      await sql`UPDATE jobs SET run_at = now() WHERE kind = 'mail.send' AND status = 'queued'`.execute(
        t.app.ctx.db,
      );
      const ran = await Promise.all([a.runOnce(), b.runOnce()]);
      if (!ran.some(Boolean)) break;
    }
    const flaky = await mailOf('flaky.one@example.com');
    expect(flaky).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(received.filter((to) => to === 'flaky.one@example.com')).toHaveLength(1);
    expect(tries.get('flaky.one@example.com')).toBe(3);
    const down = await mailOf('down.one@example.com');
    expect(down).toMatchObject({ status: 'failed', attempts: 5 });
    expect(tries.get('down.one@example.com')).toBe(5);
    expect(received).not.toContain('down.one@example.com');
    // A 5xx refusal is final at once: bounced after one attempt, with the server's words.
    expect(await mailOf('bounce.one@example.com')).toMatchObject({ status: 'failed', attempts: 1 });
    expect(tries.get('bounce.one@example.com')).toBe(1);

    page = (await client(t.app, pro).get(`${V}/campaign/${campaign.id}/outreach`))
      .body as unknown as OutreachPage;
    expect(recordOf(page, 'flaky.one@example.com')!.status).toBe('sent');
    expect(recordOf(page, 'down.one@example.com')).toMatchObject({ status: 'failed' });
    expect(recordOf(page, 'down.one@example.com')!.reason).toContain('Mail server temporarily unavailable');
    expect(recordOf(page, 'bounce.one@example.com')).toMatchObject({ status: 'bounced' });
    expect(recordOf(page, 'bounce.one@example.com')!.reason).toContain('No such mailbox');

    // Delivering a mail already sent (a late worker, a repeated job) sends nothing more.
    expect(await deliverMail(t.app.ctx, flaky.id, 'job')).toBe('skipped');
    expect(received.filter((to) => to === 'flaky.one@example.com')).toHaveLength(1);
  });

  it('two senders at once: one delivers, the other finds it claimed', async () => {
    const campaign = await activeCampaignOf(t, 'pro@reach.local');
    const mailId = await t.app.ctx.db.transaction().execute(async (trx) => {
      const { queueMail } = await import('../src/modules/mail/queue');
      return queueMail(trx, { to: 'race@example.com', subject: 'Race', text: 'Once' }, { at: new Date() });
    });
    const results = await Promise.all([
      deliverMail(t.app.ctx, mailId, 'request'),
      deliverMail(t.app.ctx, mailId, 'job'),
    ]);
    expect(results.filter((r) => r === 'sent')).toHaveLength(1);
    expect(results.filter((r) => r === 'busy' || r === 'skipped')).toHaveLength(1);
    expect(received.filter((to) => to === 'race@example.com')).toHaveLength(1);
    void campaign;
  });
});
