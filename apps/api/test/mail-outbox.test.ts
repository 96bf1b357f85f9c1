import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobDefinition } from '../src/jobs/job';
import { mailSendJob } from '../src/jobs/mail-send';
import { createJobRunner } from '../src/jobs/runner';
import { client, createTestApp, type TestApp } from './harness';

/*
 * Issue 15: auth-code and notification mails go through the mail outbox (modules/mail) like invitations: the
 * row is written in the transaction of its cause, delivered right after commit, retried by the mail.send job.
 */

const ROLLBACK = Symbol('rollback');

describe('auth and notification mails through the outbox (SMTP)', () => {
  let smtp: SMTPServer;
  let t: TestApp;
  /** RCPT attempts per address, and the addresses whose mail was accepted (once per delivery). */
  const tries = new Map<string, number>();
  const received: { to: string; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const to = address.address;
        const n = (tries.get(to) ?? 0) + 1;
        tries.set(to, n);
        // The first attempt to a "flaky" address meets a temporary refusal.
        if (to.startsWith('flaky') && n === 1)
          return callback(Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 }));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          for (const r of session.envelope.rcptTo) received.push({ to: r.address, raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  const mailsTo = (to: string) =>
    t.app.ctx.db.selectFrom('mail_messages').selectAll().where('to_address', '=', to).orderBy('id').execute();

  it('a confirmation-code mail whose SMTP fails once is retried by its job and sent once', async () => {
    const email = 'flaky.signup@example.com';
    const password = 'Lantern-Quarry-58';
    const res = await client(t.app).post('/api/v1/auth/sign-up', {
      email,
      password,
      given_name: 'Flo',
      family_name: 'Ky',
      type: 'influencer',
    });
    // The mail failing does not fail the sign-up: it waits in the outbox for its retry.
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    let [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ status: 'queued', attempts: 1, subject: 'Your REACH confirmation code' });
    expect(mail!.last_error).toContain('Try again later');
    expect(received.filter((r) => r.to === email)).toHaveLength(0);
    expect(mail!.job_id).not.toBeNull();
    expect(mail!.text_body).toMatch(/confirm your email address:\n\n\d{6}\n/);

    // The job (due after its backoff; made due now) sends it; a second run finds nothing more to do.
    const runner = createJobRunner(t.app.ctx, {
      jobs: [mailSendJob] as JobDefinition<unknown>[],
      pollMs: 10,
      leaseMs: 30_000,
      workerId: 'mail-test',
      retryDelayMs: () => 0,
    });
    expect(await runner.runOnce()).toBe(false);
    await sql`UPDATE jobs SET run_at = now() WHERE id = ${mail!.job_id}`.execute(t.app.ctx.db);
    expect(await runner.runOnce()).toBe(true);
    await sql`UPDATE jobs SET run_at = now() WHERE kind = 'mail.send' AND status = 'queued'`.execute(
      t.app.ctx.db,
    );
    expect(await runner.runOnce()).toBe(false);
    [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    // Sent, the row no longer holds the body and its code (a secret at rest); the queued one did.
    expect(mail).toMatchObject({ text_body: '', html_body: null });
    const job = await t.app.ctx.db
      .selectFrom('jobs')
      .select('status')
      .where('id', '=', mail!.job_id!)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('done');
    const delivered = received.filter((r) => r.to === email);
    expect(delivered).toHaveLength(1);
    expect(tries.get(email)).toBe(2);

    // The retried mail carries the code issued with it: it confirms the account.
    const code = delivered[0]!.raw.match(/confirm your email address:\r?\n\r?\n(\d{6})\r?\n/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const confirm = await client(t.app).post('/api/v1/auth/confirm', { email, code, password });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  });

  it('a code mail that succeeds is sent right after the request, once', async () => {
    const email = 'steady.signup@example.com';
    const res = await client(t.app).post('/api/v1/auth/sign-up', {
      email,
      password: 'Lantern-Quarry-58',
      given_name: 'Ste',
      family_name: 'Ady',
      type: 'business',
    });
    expect(res.status).toBe(201);
    expect(await mailsTo(email)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    expect(received.filter((r) => r.to === email)).toHaveLength(1);
  });

  it('a notification mail row commits with its notification, and a rolled-back one leaves neither', async () => {
    const user = await t.app.ctx.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', 'steady.signup@example.com')
      .executeTakeFirstOrThrow();
    const { notifier } = t.app.ctx;
    const rolledBack = { category: 'payments' as const, body: 'Rolled back notice' };
    await t.app.ctx.db
      .transaction()
      .execute(async (trx) => {
        await notifier.store(trx, user.id, rolledBack);
        // Inside the transaction the mail row is there, beside its notification.
        const inside = await trx
          .selectFrom('mail_messages')
          .select('id')
          .where('subject', '=', 'REACH: Rolled back notice')
          .execute();
        expect(inside).toHaveLength(1);
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    const notices = (body: string) =>
      t.app.ctx.db.selectFrom('notifications').select('id').where('body', '=', body).execute();
    expect(await notices(rolledBack.body)).toHaveLength(0);
    expect(
      await t.app.ctx.db
        .selectFrom('mail_messages')
        .select('id')
        .where('subject', '=', 'REACH: Rolled back notice')
        .execute(),
    ).toHaveLength(0);

    const kept = { category: 'payments' as const, body: 'Committed notice' };
    const row = await t.app.ctx.db.transaction().execute((trx) => notifier.store(trx, user.id, kept));
    const [queued] = await t.app.ctx.db
      .selectFrom('mail_messages')
      .selectAll()
      .where('subject', '=', 'REACH: Committed notice')
      .execute();
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, to_address: user.email });
    expect(await notices(kept.body)).toHaveLength(1);
    await notifier.deliver(row, kept);
    const sent = await t.app.ctx.db
      .selectFrom('mail_messages')
      .selectAll()
      .where('id', '=', queued!.id)
      .executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(received.filter((r) => r.to === user.email && r.raw.includes('Committed notice'))).toHaveLength(1);

    // A category the user does not get by mail queues no mail (campaigns is off by default).
    await notifier.notify(user.id, { category: 'campaigns', body: 'Not mailed notice' });
    expect(await notices('Not mailed notice')).toHaveLength(1);
    expect(
      await t.app.ctx.db
        .selectFrom('mail_messages')
        .select('id')
        .where('subject', '=', 'REACH: Not mailed notice')
        .execute(),
    ).toHaveLength(0);
  });
});
