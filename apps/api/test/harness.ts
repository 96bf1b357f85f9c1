import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { PaymentsProvider } from '../src/adapters/payments/index';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedDemoData } from '../src/db/seed/demo';
import { seedReferenceData } from '../src/db/seed/reference';
import { createAuthService } from '../src/modules/auth/service';
import { seedInfluencerIndex } from '../src/modules/discovery/generator';

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  /** Moves the app's clock (tests of expiry). */
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
};

export const backend = process.env.TEST_BACKEND === 'postgres' ? 'postgres' : 'pglite';

/**
 * A new, empty PostgreSQL database on the server of TEST_DATABASE_URL, and a way to drop it once every session
 * to it has gone.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_BACKEND=postgres needs TEST_DATABASE_URL');
  const name = `reach_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // pg's pool.end() resolves before its sockets have closed; terminating a backend that is still saying
      // goodbye makes its client emit an unhandled FATAL 57P01. Wait (briefly) for the app's sessions to go.
      for (let i = 0; i < 100; i++) {
        const open = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
          name,
        ]);
        if (open.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or a new PostgreSQL database created from
 * TEST_DATABASE_URL and dropped afterwards.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    demo?: boolean;
    now?: Date;
    /** PostgreSQL pool size (default 4); race tests use a real pool of many connections. */
    poolSize?: number;
    /** Replace the payments provider (e.g. to count what reaches it). */
    payments?: PaymentsProvider;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-test-'));
  const scratch = backend === 'postgres' ? await createScratchDatabase() : undefined;
  const databaseUrl = scratch?.url;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMIT_AUTH_MAX: '10000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: 'memory://',
    poolSize: options.poolSize ?? 4,
  });
  await migrateToLatest(database.db);
  await seedReferenceData(database.db);
  // The local discovery index: DISCOVERY_SEED_SIZE when a test sets it, a few profiles for the demo's lists.
  const indexSize = options.env?.DISCOVERY_SEED_SIZE ? config.discoverySeedSize : options.demo ? 300 : 0;
  if (indexSize && !config.MODASH_API_KEY) await seedInfluencerIndex(database.db, indexSize);
  const clock = {
    now: options.now ?? new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await buildApp({
    config,
    database,
    now: () => clock.now,
    logger: false,
    webDist: '/nonexistent',
    ...(options.payments ? { payments: options.payments } : {}),
  });
  if (options.demo) await seedDemoData(app.ctx, createAuthService(app.ctx));
  await app.ready();
  return {
    app,
    config,
    clock,
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Json = Record<string, unknown>;

/** Small JSON client over app.inject. */
export function client(app: FastifyInstance, token?: string) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
    const res: LightMyRequestResponse = await app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as Json }),
    });
    let json: Json = {};
    try {
      json = res.json();
    } catch {}
    return {
      status: res.statusCode,
      body: json as Json & { error?: { code: string; message: string; fields?: Record<string, string> } },
      headers: res.headers,
    };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body?: unknown) => call('POST', url, body ?? {}),
    put: (url: string, body?: unknown) => call('PUT', url, body ?? {}),
    patch: (url: string, body?: unknown) => call('PATCH', url, body ?? {}),
    delete: (url: string, body?: unknown) => call('DELETE', url, body),
  };
}

/** The latest 6-digit code mailed to an address (from the outbox). */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const mail = await app.ctx.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = mail.text_body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the mail to ${to}`);
  return code;
}

export const DEMO_PASSWORD = 'reach-demo-2026';

/** Signs a confirmed user up and in; returns the tokens. */
export async function signUpAndLogin(
  app: FastifyInstance,
  type: 'business' | 'influencer',
  email = `${type}-${crypto.randomBytes(4).toString('hex')}@example.com`,
) {
  const api = client(app);
  const password = 'Correct-Horse-42';
  await api.post('/api/v1/auth/sign-up', { email, password, given_name: 'Test', family_name: 'User', type });
  await api.post('/api/v1/auth/confirm', { email, code: await latestCode(app, email) });
  const login = await api.post('/api/v1/auth/login', { email, password });
  return {
    email,
    password,
    access: login.body.access_token as string,
    refresh: login.body.refresh_token as string,
  };
}

export async function loginAs(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await client(app).post('/api/v1/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${JSON.stringify(res.body)}`);
  return res.body.access_token as string;
}

/** A multipart/form-data body with one file field named `file`, for app.inject. */
export function multipartFile(filename: string, contentType: string, data: Buffer) {
  const boundary = '----reach-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A valid 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** Asserts the ledger's invariants (used after every test of money): an empty list means balanced. */
export async function ledgerProblemsOf(app: FastifyInstance): Promise<string[]> {
  const { ledgerProblems } = await import('../src/modules/payments/ledger');
  return ledgerProblems(app.ctx.db);
}

/** A card the built-in provider accepts: a test number, an expiry two years ahead and a CVC. */
export function testCard(number: string, cvc = '123') {
  return { number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc };
}
