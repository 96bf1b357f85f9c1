import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { PaymentsProvider } from '../src/adapters/payments/index';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedDemoData } from '../src/db/seed/demo';
import { seedReferenceData } from '../src/db/seed/reference';
import { createAuthService } from '../src/modules/auth/service';
import { seedInfluencerIndex } from '../src/modules/discovery/generator';
import { installPGlitePool, registerTemplateBlob } from './pglite-pool';

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  /** Moves the app's clock (tests of expiry). */
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
};

export const backend = process.env.TEST_BACKEND === 'postgres' ? 'postgres' : 'pglite';

/**
 * Whether this pass runs the files whose outcome does not depend on the backend (the production build, the
 * OpenAPI document): the PostgreSQL pass when `npm run test:api` runs both passes side by side (the PGlite one
 * is the longer), else whichever pass runs.
 */
export const runsBackendFreeFiles = backend === 'postgres' || process.env.REACH_API_PASSES !== 'both';

/**
 * A new PostgreSQL database on the server of TEST_DATABASE_URL (empty, or a copy of the `template` database),
 * and a way to drop it once every session to it has gone.
 */
export async function createScratchDatabase(template?: string): Promise<Scratch> {
  // The copy made ahead while the worker's last file ran (see spares), if any; then the next one is started.
  const spare = template ? spares.get(template) : undefined;
  if (template) spares.delete(template);
  const made = (spare && (await spare.catch(() => undefined))) || (await copyDatabase(template));
  if (template && templatesOfRun()) {
    const next = copyDatabase(template);
    next.catch(() => {});
    spares.set(template, next);
  }
  return made;
}

type Scratch = { url: string; drop(): Promise<void> };

/**
 * The next copy of each template, made while a file's tests run: copying a template took ~320 ms per test
 * app on the critical path. Only within a run (global-setup.ts), whose teardown drops what is left
 * (reach_test_<run id>_ databases).
 */
const spares = new Map<string, Promise<Scratch>>();

async function copyDatabase(template?: string): Promise<Scratch> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_BACKEND=postgres needs TEST_DATABASE_URL');
  // Named after the run, when there is one: its teardown drops what a worker left (see dropInBackground).
  const run = templatesOfRun();
  const name = `reach_test_${run ? `${run.runId}_` : ''}${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await waitForNoSessions(c, name);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * pg's pool.end() resolves before its sockets have closed; terminating a backend that is still saying goodbye
 * makes its client emit an unhandled FATAL 57P01, and a template still connected to cannot be copied. Waits
 * (briefly) for the sessions to the database `name` to go.
 */
async function waitForNoSessions(admin: pg.Client, name: string) {
  for (let i = 0; i < 100; i++) {
    const open = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
      name,
    ]);
    if (open.rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Drops a closed test app's PostgreSQL database without making the next test wait: the drop (its sessions
 * gone, then DROP DATABASE) took about half a second per test file, run after run. A drop a worker has not
 * finished when the run ends is done by the run's teardown (global-setup.ts drops its reach_test_<run id>_
 * databases); one that fails is reported and left to that teardown too.
 */
function dropInBackground(scratch: { drop(): Promise<void> }) {
  scratch.drop().catch((error) => console.error(`a scratch database was not dropped: ${error}`));
}

type TestAppOptions = {
  env?: Record<string, string>;
  demo?: boolean;
  /** The app's clock at the start; a demo seeded for another clock than now is seeded afresh, not copied. */
  now?: Date;
  /** PostgreSQL pool size (default 4); race tests use a real pool of many connections. */
  poolSize?: number;
  /** Replace the payments provider (e.g. to count what reaches it). */
  payments?: PaymentsProvider;
};

/** Config of every test app: its data dir, its database, a generous sign-in limit, then the test's env. */
function testConfig(dataDir: string, databaseUrl: string | undefined, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMIT_AUTH_MAX: '10000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
}

/*
 * Seeded templates. What a test database starts with depends only on this variant: the demo or not, the
 * size of the local discovery index, and the demo's password (the demo seed reads nothing else of the config;
 * it writes dates relative to the clock, and uploads through the app's storage). Each variant is migrated and
 * seeded once per run, by the first test file that needs it (others wait on its lock), and each test file
 * copies it: CREATE DATABASE … TEMPLATE on PostgreSQL, a data dir tarball loaded into a new in-memory PGlite
 * (or, once the worker has one, a PGlite instance reset to the template: pglite-pool.ts).
 * The uploads the seed stored are stored again through each app's own storage (local or S3).
 */
type Variant = { demo: boolean; indexSize: number; demoPassword: string | null };

type Template = {
  /** PostgreSQL: the template database. */
  database?: string;
  /** PGlite: the data dir tarball. */
  tarball?: string;
  /** What the demo seed stored, with the files under `uploadsDir`. */
  uploads: { key: string; contentType: string }[];
  uploadsDir: string;
};

/** The run's template directory (see global-setup.ts); absent when the harness runs without that setup. */
function templatesOfRun(): { dir: string; runId: string } | undefined {
  try {
    return inject('reachTemplates');
  } catch {
    return undefined;
  }
}

const templates = new Map<string, Promise<Template>>();

function templateFor(variant: Variant, run: { dir: string; runId: string }): Promise<Template> {
  const hash = crypto.createHash('sha256').update(JSON.stringify(variant)).digest('hex').slice(0, 8);
  const key = `${variant.demo ? 'demo' : 'plain'}_${variant.indexSize}_${hash}`;
  let template = templates.get(key);
  if (!template) {
    template = sharedTemplate(key, variant, run);
    templates.set(key, template);
  }
  return template;
}

/** Builds the variant's template if no other worker has started to, else waits for that worker's. */
async function sharedTemplate(key: string, variant: Variant, run: { dir: string; runId: string }) {
  const dir = path.join(run.dir, key);
  const ready = path.join(dir, 'template.json');
  const failed = path.join(dir, 'failed');
  let mine = true;
  try {
    fs.mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    mine = false;
  }
  if (mine) {
    try {
      // Every other variant starts from the plain one (migrated, with the reference data) rather than from an
      // empty database: PGlite's initdb and the migrations cost seconds of CPU per variant.
      const base = isPlain(variant) ? undefined : await templateFor(PLAIN, run);
      const template = await buildTemplate(dir, `reach_tpl_${run.runId}_${key}`, variant, base);
      fs.writeFileSync(`${ready}.tmp`, JSON.stringify(template));
      fs.renameSync(`${ready}.tmp`, ready);
      return template;
    } catch (error) {
      fs.writeFileSync(failed, String((error as Error)?.stack ?? error));
      throw error;
    }
  }
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (fs.existsSync(ready)) return JSON.parse(fs.readFileSync(ready, 'utf8')) as Template;
    if (fs.existsSync(failed)) {
      throw new Error(
        `Another worker failed to build the ${key} template:\n${fs.readFileSync(failed, 'utf8')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Timed out waiting for the ${key} template`);
}

const PLAIN: Variant = { demo: false, indexSize: 0, demoPassword: null };
const isPlain = (variant: Variant) => JSON.stringify(variant) === JSON.stringify(PLAIN);

/** Builds a variant's template: from an empty database, or from `base` (the plain one) plus its own seed. */
async function buildTemplate(
  dir: string,
  name: string,
  variant: Variant,
  base?: Template,
): Promise<Template> {
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  const adminUrl = process.env.TEST_DATABASE_URL;
  let url: string | undefined;
  if (backend === 'postgres') {
    if (!adminUrl) throw new Error('TEST_BACKEND=postgres needs TEST_DATABASE_URL');
    // Named before it exists, so the run's teardown drops it even if this build fails half-way.
    fs.writeFileSync(path.join(dir, 'pg-database'), name);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}${base?.database ? ` TEMPLATE ${base.database}` : ''}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const config = testConfig(
    dataDir,
    url,
    variant.demoPassword === null ? {} : { DEMO_PASSWORD: variant.demoPassword },
  );
  // PGlite on disk (under dataDir/pglite), so that it can be packed once closed.
  const database = await openDatabase({ url, dataDir, poolSize: 4, loadDataDir: base && tarballOf(base) });
  const uploads: Template['uploads'] = [];
  try {
    if (!base) await seedDatabase(database, variant.indexSize);
    else if (variant.indexSize) await seedInfluencerIndex(database.db, variant.indexSize);
    if (variant.demo) {
      const app = await buildApp({ config, database, logger: false, webDist: '/nonexistent' });
      try {
        const storage = app.ctx.storage;
        const put = storage.put.bind(storage);
        storage.put = async (key, data, contentType) => {
          uploads.push({ key, contentType });
          await put(key, data, contentType);
        };
        await seedDemoData(app.ctx, createAuthService(app.ctx));
      } finally {
        await app.close();
      }
    }
  } finally {
    await database.close();
  }
  const template: Template = { uploads, uploadsDir: path.join(dataDir, 'uploads') };
  if (backend === 'postgres') {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // No session may be connected to a database while it is copied: none can connect from now on.
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    await waitForNoSessions(admin, name);
    await admin.end();
    template.database = name;
  } else {
    const pgliteDir = path.join(dataDir, 'pglite');
    await dropTemplateDatabases(pgliteDir);
    dropRecycledWal(pgliteDir);
    const pglite = await PGlite.create(pgliteDir);
    const tarball = await pglite.dumpDataDir('none');
    await pglite.close();
    template.tarball = path.join(dir, 'pgdata.tar');
    fs.writeFileSync(template.tarball, Buffer.from(await tarball.arrayBuffer()));
    fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
  }
  return template;
}

/** Migrates, seeds the reference data and a local discovery index of `indexSize` profiles. */
async function seedDatabase(database: Database, indexSize: number) {
  await migrateToLatest(database.db);
  await seedReferenceData(database.db);
  if (indexSize) await seedInfluencerIndex(database.db, indexSize);
}

/**
 * initdb's template0 and template1 are two of a PGlite data dir's three databases: 600 of its ~1,400 files and
 * 14 MB that every test file would untar, while PGlite only ever opens `postgres` and no test creates a
 * database inside PGlite. They are dropped from a template before it is packed.
 */
async function dropTemplateDatabases(dataDir: string) {
  const pglite = await PGlite.create(dataDir);
  try {
    // One statement each: DROP DATABASE cannot run inside the implicit transaction of a multi-statement string.
    await pglite.exec(
      `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
    );
    await pglite.exec('DROP DATABASE IF EXISTS template0');
    await pglite.exec('DROP DATABASE IF EXISTS template1');
    await pglite.exec('CHECKPOINT');
  } finally {
    await pglite.close();
  }
}

/*
 * A closed PGlite data dir keeps the WAL segment of its last checkpoint and, beside it, older segments and
 * segments recycled ahead for reuse (PostgreSQL renames old ones rather than creating new): 16 MiB each, half
 * of a template's tarball, and every test file loaded them. Only the checkpoint's segment, and any later one
 * that holds records written after it, is needed to start: the others are removed before the template is packed.
 */
function dropRecycledWal(dataDir: string) {
  // ControlFileData (pg_control.h): system_identifier, pg_control_version, catalog_version_no, state, time,
  // then checkPoint, the location of the last checkpoint record, at byte 32 (little-endian on every platform
  // PGlite runs on: it is WebAssembly).
  const control = fs.readFileSync(path.join(dataDir, 'global', 'pg_control'));
  const checkpoint = control.readBigUInt64LE(32);
  const walDir = path.join(dataDir, 'pg_wal');
  for (const name of fs.readdirSync(walDir)) {
    if (!/^[0-9A-F]{24}$/.test(name)) continue;
    const file = path.join(walDir, name);
    const size = BigInt(fs.statSync(file).size);
    // A segment's name is its timeline, then its number as (number / segments per 4 GiB, number % that).
    const segment =
      BigInt(`0x${name.slice(8, 16)}`) * (0x1_0000_0000n / size) + BigInt(`0x${name.slice(16)}`);
    const needed = checkpoint / size;
    if (segment < needed) fs.rmSync(file);
    else if (segment > needed) {
      // Written for this place in the WAL when its first page's address (xlp_pageaddr, byte 8) is its own;
      // a recycled segment still carries the address it had before.
      const header = Buffer.alloc(16);
      const fd = fs.openSync(file, 'r');
      fs.readSync(fd, header, 0, 16, 0);
      fs.closeSync(fd);
      if (header.readBigUInt64LE(8) !== segment * size) fs.rmSync(file);
    }
  }
}

/**
 * A tarball's bytes as the Blob PGlite's loadDataDir reads: Node 20's Blob#arrayBuffer() copies a large
 * blob chunk by chunk (about half a second for a template, in every test file); this one hands PGlite the
 * bytes themselves. PGlite only reads them (it untars them into its in-memory file system, copying each
 * file), so one copy per worker serves every test file.
 */
class BytesBlob extends Blob {
  // PGlite's loadDataDir reads the tarball with arrayBuffer() alone.
  constructor(private readonly tar: ArrayBuffer) {
    super([]);
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.tar;
  }
}

const tarballs = new Map<string, Blob>();

/**
 * The PGlite data dir tarball of a template, read once per worker. An in-memory database loaded from it comes
 * from the worker's pool of instances reset to the template between uses (pglite-pool.ts).
 */
function tarballOf(template: Template): Blob | undefined {
  if (!template.tarball) return undefined;
  let blob = tarballs.get(template.tarball);
  if (!blob) {
    // An ArrayBuffer of the file's size: a small Buffer's may be a slab shared with others.
    blob = new BytesBlob(new Uint8Array(fs.readFileSync(template.tarball)).buffer);
    tarballs.set(template.tarball, blob);
    installPGlitePool();
    registerTemplateBlob(blob, template.tarball);
  }
  return blob;
}

/**
 * The run's seeded template that createTestApp() (plain) or createTestApp({ demo: true }) copies: migrated with
 * the reference data, or with the demo and its 300-profile local index too.
 */
function runTemplate(demo: boolean): Promise<Template> {
  const run = templatesOfRun();
  if (!run) throw new Error('a seeded database needs the global setup of the api project (global-setup.ts)');
  return templateFor({ demo, indexSize: demo ? 300 : 0, demoPassword: null }, run);
}

/**
 * The seeded template's data dir tarball on PGlite (plain, or the demo with its 300-profile index), as a Blob the
 * pool does not know: a database loaded from it is a new PGlite instance, never a reset one (pglite-pool.test.ts
 * compares the two).
 */
export async function unpooledTemplateTarball(options: { demo?: boolean } = {}): Promise<Blob> {
  const template = await runTemplate(!!options.demo);
  if (!template.tarball) throw new Error('only PGlite templates have a tarball');
  return new BytesBlob(new Uint8Array(fs.readFileSync(template.tarball)).buffer);
}

/**
 * A database of its own that starts as createTestApp's would (a copy of the seeded template: plain, or the
 * demo with its 300-profile index), for a test that builds its app itself: PGlite in memory, or a new
 * PostgreSQL database dropped by `drop()` (after `database.close()`).
 */
export async function openSeededDatabase(
  options: { demo?: boolean; poolSize?: number } = {},
): Promise<{ database: Database; url: string | undefined; drop(): Promise<void> }> {
  const template = await runTemplate(!!options.demo);
  const scratch = backend === 'postgres' ? await createScratchDatabase(template.database) : undefined;
  const database = await openDatabase({
    url: scratch?.url,
    dataDir: 'memory://',
    poolSize: options.poolSize ?? 4,
    loadDataDir: tarballOf(template),
  });
  return { database, url: scratch?.url, drop: async () => scratch?.drop() };
}

/**
 * Prepares what the real server (server-process.ts) opens, as a copy of the seeded template (plain, or the
 * demo with its 300-profile index): the PGlite data dir under `dataDir` (with the template's uploads and
 * generated keys), or a new PostgreSQL database whose URL is returned. A server started on it finds the
 * database migrated and seeded, as on its second start. `drop()` removes the PostgreSQL database.
 */
export async function prepareServerDatabase(
  dataDir: string,
  options: { demo?: boolean } = {},
): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const template = await runTemplate(!!options.demo);
  const templateData = path.dirname(template.uploadsDir);
  for (const part of ['uploads', 'keys']) {
    const from = path.join(templateData, part);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(dataDir, part), { recursive: true });
  }
  if (backend === 'postgres') {
    const scratch = await createScratchDatabase(template.database);
    return { url: scratch.url, drop: () => scratch.drop() };
  }
  // Written to disk by opening the copy there once.
  const database = await openDatabase({ dataDir, loadDataDir: tarballOf(template) });
  await database.close();
  return { url: undefined, drop: async () => {} };
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or a new PostgreSQL database created from
 * TEST_DATABASE_URL and dropped afterwards. The database is a copy of a template seeded once per run (see
 * above), or seeded here when the test sets the clock or runs without the api project's global setup.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-test-'));
  // The config's parts the seed depends on (read without a database URL: that comes later).
  const draft = testConfig(dataDir, undefined, options.env);
  // The local discovery index: DISCOVERY_SEED_SIZE when a test sets it, a few profiles for the demo's lists.
  const requested = options.env?.DISCOVERY_SEED_SIZE ? draft.discoverySeedSize : options.demo ? 300 : 0;
  const variant: Variant = {
    demo: !!options.demo,
    indexSize: draft.MODASH_API_KEY ? 0 : requested,
    demoPassword: options.demo && options.env?.DEMO_PASSWORD ? draft.DEMO_PASSWORD : null,
  };
  const run = templatesOfRun();
  const template = run && !options.now ? await templateFor(variant, run) : undefined;

  const scratch = backend === 'postgres' ? await createScratchDatabase(template?.database) : undefined;
  const config = testConfig(dataDir, scratch?.url, options.env);
  const loadDataDir = template ? tarballOf(template) : undefined;
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: 'memory://',
    poolSize: options.poolSize ?? 4,
    loadDataDir,
  });
  if (!template) await seedDatabase(database, variant.indexSize);
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
  if (template) {
    for (const upload of template.uploads) {
      const data = fs.readFileSync(path.join(template.uploadsDir, upload.key));
      await app.ctx.storage.put(upload.key, data, upload.contentType);
    }
  } else if (options.demo) {
    await seedDemoData(app.ctx, createAuthService(app.ctx));
  }
  await app.ready();
  return {
    app,
    config,
    clock,
    async close() {
      await app.close();
      await database.close();
      if (scratch) dropInBackground(scratch);
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

/**
 * The answer to a GET and the statements it sent: every query of the pool's clients (PGlite's and PostgreSQL's
 * alike) while the request ran, but those matching `ignore` (e.g. the job runner's polls, which run beside it).
 */
export async function countStatements(
  app: FastifyInstance,
  url: string,
  token: string | undefined,
  options: { ignore?: RegExp } = {},
): Promise<{ status: number; payload: string; statements: number }> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    const text = typeof q === 'string' ? q : (q.text ?? '');
    if (!options.ignore?.test(text)) sent.push(text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, payload: res.payload, statements: sent.length };
  } finally {
    pg.Client.prototype.query = query;
  }
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
