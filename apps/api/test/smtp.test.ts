import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from './harness';

type Received = { from: string | undefined; to: string[]; raw: string };

describe('mail over SMTP (SMTP_URL)', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('sends the confirmation mail with its 6-digit code to the SMTP server, not the outbox', async () => {
    expect(t.app.ctx.mailer.kind).toBe('smtp');
    const email = 'smtp-person@example.com';
    const res = await client(t.app).post('/api/v1/auth/sign-up', {
      email,
      password: 'Lantern-Quarry-58',
      given_name: 'Sam',
      family_name: 'Tp',
      type: 'influencer',
    });
    expect(res.status).toBe(201);

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('no-reply@reach.local');
    expect(mail.raw).toMatch(/^Subject: Your REACH confirmation code\r?$/m);
    expect(mail.raw).toMatch(new RegExp(`^To: ${email}\\r?$`, 'm'));
    const code = mail.raw.match(/confirm your email address:\r?\n\r?\n(\d{6})\r?\n/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.raw).toContain(`>${code}</p>`);

    // The mailed code is the real one: it confirms the account.
    const confirm = await client(t.app).post('/api/v1/auth/confirm', { email, code });
    expect(confirm.status).toBe(200);

    const outbox = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(outbox.n)).toBe(0);
  });
});
