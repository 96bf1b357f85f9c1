import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_MESSAGE } from '@reach/contract/messages';
import { Redis } from 'ioredis';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { backend, DEMO_PASSWORD, prepareServerDatabase } from './harness';
import { httpClient, type ServerProcess, startServerProcess } from './server-process';

/*
 * Issue 15, N replicas: three api processes (server.ts, as `npm start` runs it) on three loopback ports, sharing
 * one PostgreSQL database (created for this file) and Redis (its keys under a prefix of this run). What one
 * process alone would get wrong: a live event caused on replica 1 reaches a stream open on replica 3; the
 * per-account sign-in limit counts the attempts made on all three; a recurring job due once runs once; a job
 * whose process is SIGKILLed mid-run is finished by another replica; a mail whose SMTP server fails twice is sent
 * on the third attempt, once; a replica stopped with SIGTERM ends its
 * streams, hands its running job back and exits 0 within 10 s.
 *
 * The embedded PGlite belongs to one process: this runs on the PostgreSQL pass only.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `reach-test-${process.pid}-${crypto.randomBytes(4).toString('hex')}:`;
const MAX_SIGN_INS = 5;

let dataDir: string;
let scratch: Awaited<ReturnType<typeof prepareServerDatabase>> | undefined;
let redis: Redis | undefined;
let smtp: SMTPServer | undefined;
/** What the SMTP server was asked to deliver (RCPT TO per address) and what it accepted. */
const smtpTries = new Map<string, number>();
const smtpReceived: string[] = [];
const replicas: ServerProcess[] = [];

/** Polls `check` until it answers something truthy, at most `ms`. */
async function until<T>(check: () => Promise<T | undefined | false>, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(50);
  }
}

/** A new client address per call (the replicas trust X-Forwarded-For from loopback): no per-IP limit is hit. */
let address = 0;
const fromNewAddress = () => ({ 'x-forwarded-for': `198.51.100.${++address}` });

async function signIn(url: string, email: string) {
  const res = await httpClient(url)<{ access_token: string }>(
    'POST',
    '/auth/login',
    { email, password: DEMO_PASSWORD },
    fromNewAddress(),
  );
  expect(res.status).toBe(200);
  return res.body.access_token;
}

/** A live-event stream (GET /my/events) read as text; `readUntil` waits for a piece of it. */
async function openStream(url: string, token: string, signal: AbortSignal) {
  const stream = await fetch(`${url}/api/v1/my/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal,
  });
  expect(stream.status).toBe(200);
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  return {
    received: () => received,
    /** Reads until `text` has come; answers false when the stream ended first. */
    async readUntil(text: string): Promise<boolean> {
      while (!received.includes(text)) {
        const { value, done } = await reader.read();
        if (done) return false;
        received += value;
      }
      return true;
    },
  };
}

const list = (name: string) => redis!.lrange(`${prefix}test:${name}`, 0, -1);
const portOf = (replica: ServerProcess) => new URL(replica.url).port;

describe.skipIf(backend !== 'postgres')(
  'three replicas on one PostgreSQL and Redis (PostgreSQL pass only: the embedded PGlite belongs to one process)',
  () => {
    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-replicas-'));
      // The demo (already migrated and seeded), and its keys in the DATA_DIR the replicas share: tokens signed by
      // one are believed by the others.
      scratch = await prepareServerDatabase(dataDir, { demo: true });
      redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
      // The replicas' SMTP server: it refuses the first two deliveries to a flaky.* address (451), like a
      // server that is briefly unavailable.
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(address, _session, callback) {
          const n = (smtpTries.get(address.address) ?? 0) + 1;
          smtpTries.set(address.address, n);
          if (address.address.startsWith('flaky') && n <= 2)
            return callback(Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 }));
          callback();
        },
        onData(stream, session, callback) {
          stream.on('data', () => {});
          stream.on('end', () => {
            smtpReceived.push(...session.envelope.rcptTo.map((r) => r.address));
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
      const smtpPort = (smtp.server.address() as AddressInfo).port;
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url ?? '',
        REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        TEST_JOBS: '1',
        // A job whose process died is taken over 2 s later.
        JOBS_LEASE_MS: '2000',
        // A failed mail is tried again 1 s later, then 1 s, 2 s, … (30 s and 5 s by default): the retries of the
        // flaky address below are the same path, sooner.
        MAIL_RETRY_MS: '1000',
        JOBS_RETRY_BASE_MS: '1000',
        DISCOVERY_SEED_SIZE: '300',
        RATE_LIMIT_AUTH_MAX: String(MAX_SIGN_INS),
        TRUST_PROXY: 'loopback',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      };
      // Started together, as a deployment does: each queues the recurring jobs it knows on start.
      const started = await Promise.allSettled([1, 2, 3].map(() => startServerProcess(env)));
      for (const s of started) if (s.status === 'fulfilled') replicas.push(s.value);
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
    }, 240_000);

    afterAll(async () => {
      await Promise.all(
        replicas.map(async (replica) => {
          const stopped = replica.kill('SIGTERM');
          // Bounded: a replica that does not stop in 15 s is killed.
          if ((await Promise.race([stopped.then(() => true), sleep(15_000, false)])) === false)
            await replica.kill('SIGKILL');
        }),
      );
      if (redis) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
        redis.disconnect();
      }
      await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('a live stream open on replica 3 receives the notification caused by a request to replica 1', async () => {
      const [one, , three] = replicas as [ServerProcess, ServerProcess, ServerProcess];
      const token = await signIn(three.url, 'pro@reach.local');
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), 20_000);
      try {
        const stream = await openStream(three.url, token, abort.signal);
        expect(await stream.readUntil(': connected')).toBe(true);

        const body = `Sent through replica 1 (${crypto.randomUUID()})`;
        const notify = await fetch(`${one.url}/api/dev/notify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'pro@reach.local', body }),
        });
        expect(notify.status).toBe(204);
        expect(await stream.readUntil(body), stream.received()).toBe(true);
        const event = stream
          .received()
          .split('\n\n')
          .find((block) => block.includes(body))!;
        expect(event).toMatch(/^event: notification\ndata: /);
        const data = JSON.parse(event.split('\ndata: ')[1]!) as {
          type: string;
          notification: { body: string };
        };
        expect(data).toMatchObject({ type: 'notification', notification: { body } });
      } finally {
        clearTimeout(timer);
        abort.abort();
      }
    }, 60_000);

    it('the per-account sign-in limit counts the attempts made on all three replicas', async () => {
      const attempt = (replica: ServerProcess, password: string) =>
        httpClient(replica.url)<{ error?: { message: string } }>(
          'POST',
          '/auth/login',
          { email: 'trial@reach.local', password },
          fromNewAddress(),
        );
      // Spread over the three (each sees at most 2 of them), each from its own address.
      const statuses: number[] = [];
      for (let n = 0; n < MAX_SIGN_INS; n++)
        statuses.push((await attempt(replicas[n % 3]!, 'not-the-password')).status);
      expect(statuses).toEqual(Array(MAX_SIGN_INS).fill(401));
      // One more, on the replica that has seen the fewest: over the account's limit, even with the password.
      const over = await attempt(replicas[MAX_SIGN_INS % 3]!, DEMO_PASSWORD);
      expect(over.status).toBe(429);
      expect(over.body.error?.message).toBe(API_MESSAGE.rateLimited);
      // Another account is not limited by it.
      await signIn(replicas[MAX_SIGN_INS % 3]!.url, 'influencer@reach.local');
    }, 60_000);

    it('a recurring job due once runs exactly once across the three', async () => {
      await until(async () => (await list('tick')).length > 0, 'the first run of test.tick');
      // Long enough for each replica to poll the queue dozens of times more (JOBS_POLL_MS=50).
      await sleep(2_000);
      const ticks = await list('tick');
      expect(ticks).toHaveLength(1);
      expect(replicas.map(portOf)).toContain(ticks[0]);
      const database = await openDatabase({ url: scratch!.url, dataDir: 'memory://', poolSize: 1 });
      try {
        const rows = await database.db
          .selectFrom('jobs')
          .select(['status', 'run_at', 'unique_key'])
          .where('kind', '=', 'test.tick')
          .orderBy('run_at')
          .execute();
        // The one that ran, and the next, an hour later, queued once.
        expect(rows.map((r) => r.status)).toEqual(['done', 'queued']);
        expect(rows[1]!.run_at.getTime() - rows[0]!.run_at.getTime()).toBe(3_600_000);
      } finally {
        await database.close();
      }
    }, 60_000);

    it('a mail whose SMTP server fails twice is sent on the third attempt, once, across the three', async () => {
      const to = `flaky.${crypto.randomBytes(4).toString('hex')}@example.com`;
      const api = httpClient(replicas[0]!.url, await signIn(replicas[0]!.url, 'pro@reach.local'));
      const campaigns = await api<{ data: { id: number; status: string }[] }>(
        'GET',
        '/campaigns/business?items=50',
      );
      const campaign = campaigns.body.data.find((c) => c.status === 'active')!;
      expect(campaign).toBeDefined();
      // An import of one unknown address: its invitation mail is queued with its record (the outbox), tried at
      // once, then retried by the mail.send job on whichever replica claims it (MAIL_RETRY_MS, then the runner's backoff).
      const form = new FormData();
      form.append('file', new Blob([`email\n${to}\n`], { type: 'text/csv' }), 'people.csv');
      const started = await api('POST', `/campaign/${campaign.id}/influencer/import`, form);
      expect(started.status, JSON.stringify(started.body)).toBe(202);

      const database = await openDatabase({ url: scratch!.url, dataDir: 'memory://', poolSize: 1 });
      try {
        const mail = await until(
          async () => {
            const row = await database.db
              .selectFrom('mail_messages')
              .select(['status', 'attempts', 'last_error'])
              .where('to_address', '=', to)
              .executeTakeFirst();
            return row && row.status !== 'queued' ? row : undefined;
          },
          'the mail to be sent',
          75_000,
        );
        expect(mail).toEqual({ status: 'sent', attempts: 3, last_error: null });
        // Three deliveries asked of the server, the third accepted: one mail received.
        expect(smtpTries.get(to)).toBe(3);
        expect(smtpReceived.filter((address) => address === to)).toEqual([to]);
        // No replica sends it again afterwards.
        await sleep(1_000);
        expect(smtpTries.get(to)).toBe(3);
      } finally {
        await database.close();
      }
    }, 120_000);

    it('a job whose replica is SIGKILLed mid-run is finished by another replica', async () => {
      const database = await openDatabase({ url: scratch!.url, dataDir: 'memory://', poolSize: 1 });
      try {
        const job = await database.db
          .insertInto('jobs')
          .values({ kind: 'test.slow', payload: JSON.stringify({ slowMs: 60_000 }), max_attempts: 3 })
          .returning('id')
          .executeTakeFirstOrThrow();
        const [first] = await until(async () => {
          const entries = await list('slow');
          return entries.length ? entries : undefined;
        }, 'a replica to start the slow job');
        const [, port, attempt] = first!.split(':');
        expect(attempt).toBe('1');
        const victim = replicas.find((r) => portOf(r) === port)!;
        expect(victim).toBeDefined();
        await victim.kill('SIGKILL');

        // Its lease (2 s) runs out and a survivor takes the job over, as attempt 2, and finishes it.
        const entries = await until(
          async () => {
            const all = await list('slow');
            return all.some((e) => e.startsWith('done:')) ? all : undefined;
          },
          'another replica to finish the slow job',
          30_000,
        );
        const survivor = entries[1]!.split(':')[1];
        expect(survivor).not.toBe(port);
        expect(replicas.filter((r) => r !== victim).map(portOf)).toContain(survivor);
        expect(entries).toEqual([`start:${port}:1`, `start:${survivor}:2`, `done:${survivor}:2`]);
        // The handler notes 'done' before its runner commits the job's row: wait for the row to leave 'running'.
        const row = await until(async () => {
          const current = await database.db
            .selectFrom('jobs')
            .select(['status', 'attempts', 'locked_by'])
            .where('id', '=', job.id)
            .executeTakeFirstOrThrow();
          return current.status === 'running' ? undefined : current;
        }, 'the survivor to commit the job as done');
        expect(row).toEqual({ status: 'done', attempts: 2, locked_by: null });
      } finally {
        await database.close();
      }
    }, 90_000);

    it('a replica stopped with SIGTERM mid-job, a live stream open, exits 0 within 10 s; another replica finishes its job', async () => {
      const alive = replicas.filter((r) => r.running());
      expect(alive).toHaveLength(2);
      await redis!.del(`${prefix}test:slow`);
      const database = await openDatabase({ url: scratch!.url, dataDir: 'memory://', poolSize: 1 });
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), 40_000);
      try {
        const job = await database.db
          .insertInto('jobs')
          .values({ kind: 'test.slow', payload: JSON.stringify({ slowMs: 5_000 }), max_attempts: 3 })
          .returning('id')
          .executeTakeFirstOrThrow();
        const [first] = await until(async () => {
          const entries = await list('slow');
          return entries.length ? entries : undefined;
        }, 'a replica to start the slow job');
        const port = first!.split(':')[1];
        const victim = alive.find((r) => portOf(r) === port)!;
        const stream = await openStream(
          victim.url,
          await signIn(victim.url, 'pro@reach.local'),
          abort.signal,
        );
        expect(await stream.readUntil(': connected')).toBe(true);

        const stopping = Date.now();
        expect(await victim.kill('SIGTERM'), victim.output()).toBe(0);
        expect(Date.now() - stopping).toBeLessThan(10_000);
        // The stream was ended by the server (the browser reconnects elsewhere), not left hanging.
        expect(await stream.readUntil('never sent')).toBe(false);

        // The interrupted run gave its attempt back: the survivor runs it as attempt 1 again, to the end.
        const survivor = portOf(alive.find((r) => r !== victim)!);
        const entries = await until(
          async () => {
            const all = await list('slow');
            return all.some((e) => e.startsWith('done:')) ? all : undefined;
          },
          'the other replica to finish the slow job',
          30_000,
        );
        expect(entries).toEqual([`start:${port}:1`, `start:${survivor}:1`, `done:${survivor}:1`]);
        // The handler records `done:` before its runner marks the row: on a busy machine the row can lag.
        const row = await until(async () => {
          const current = await database.db
            .selectFrom('jobs')
            .select(['status', 'attempts'])
            .where('id', '=', job.id)
            .executeTakeFirstOrThrow();
          return current.status === 'running' ? undefined : current;
        }, 'the survivor to mark the job done');
        expect(row).toEqual({ status: 'done', attempts: 1 });
      } finally {
        clearTimeout(timer);
        abort.abort();
        await database.close();
      }
    }, 90_000);
  },
);
