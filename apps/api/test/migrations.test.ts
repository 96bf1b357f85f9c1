import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { DB } from '../src/db/schema';
import { seedDemoData } from '../src/db/seed/demo';
import { seedReferenceData } from '../src/db/seed/reference';
import { createAuthService } from '../src/modules/auth/service';
import { ledgerProblems } from '../src/modules/payments/ledger';
import { backend, client, createScratchDatabase, loginAs } from './harness';

/*
 * A database that is already in use gets the newest migration on top of its data: migrate a new database to
 * the migration before the last (Kysely's migrateTo), fill it with the demo, then migrate to the latest the
 * way the server does at start (migrateToLatest), and check the data and the app still work.
 */

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../src/db/migrations');

/** Every migration file, by name in order: what migrate.ts lists must be these (Kysely checks it). */
async function migrationFiles(): Promise<Record<string, Migration>> {
  const names = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  const migrations: Record<string, Migration> = {};
  for (const name of names) migrations[name] = await import(path.join(MIGRATIONS_DIR, `${name}.ts`));
  return migrations;
}

let dataDir: string;
let database: Database;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
const config = () =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-migrations-'));
  scratch = backend === 'postgres' ? await createScratchDatabase() : undefined;
  database = await openDatabase({ url: scratch?.url, dataDir: 'memory://', poolSize: 4 });
});
afterAll(async () => {
  await database?.close();
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const liveSubscriptionsPerUser = async (db: Kysely<DB>) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from subscriptions
      where status <> 'canceled' group by user_id order by n desc limit 1`.execute(db)
  ).rows[0]?.n;

describe('migrations', () => {
  it('upgrade a database holding the demo from the migration before the last to the latest', async () => {
    const migrations = await migrationFiles();
    const names = Object.keys(migrations);
    expect(names.length).toBeGreaterThan(2);
    const previous = names[names.length - 2]!;
    const latest = names[names.length - 1]!;

    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo(previous);
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toEqual(names.slice(0, -1));

    await seedReferenceData(database.db);
    const before = await buildApp({ config: config(), database, logger: false, webDist: '/nonexistent' });
    try {
      await seedDemoData(before.ctx, createAuthService(before.ctx));
    } finally {
      await before.close();
    }
    const count = async (table: 'users' | 'campaigns' | 'connections' | 'subscriptions' | 'invoices') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const tables = ['users', 'campaigns', 'connections', 'subscriptions', 'invoices'] as const;
    const countAll = async () =>
      Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)])));
    const counts = await countAll();
    expect(counts.users).toBeGreaterThan(5);

    // What the server runs at start: only the last migration is left, and it applies on top of the data.
    expect(await migrateToLatest(database.db)).toEqual([latest]);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      database.db,
    );
    expect(applied.rows.map((r) => r.name)).toEqual(names);
    expect(await countAll()).toEqual(counts);
    expect(await ledgerProblems(database.db)).toEqual([]);
    expect(await liveSubscriptionsPerUser(database.db)).toBe(1);

    // The app works on the upgraded database: the demo accounts sign in and read their data.
    const after = await buildApp({ config: config(), database, logger: false, webDist: '/nonexistent' });
    try {
      await after.ready();
      const pro = client(after, await loginAs(after, 'pro@reach.local'));
      const me = await pro.get('/api/v1/my/user');
      expect([me.status, me.body.email]).toEqual([200, 'pro@reach.local']);
      const campaigns = await pro.get('/api/v1/my/campaigns');
      expect(campaigns.status).toBe(200);
      expect((campaigns.body.data as unknown[]).length).toBeGreaterThan(0);
    } finally {
      await after.close();
    }
  }, 120_000);
});
