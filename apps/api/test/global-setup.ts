import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/*
 * One directory per `vitest run` of the api project, shared by its workers: the seeded database templates
 * (harness.ts builds each variant the first time a test file asks for it, under a lock in this directory) and
 * a run id that names them, and the test apps' databases, on PostgreSQL. The teardown drops the test apps'
 * databases still there, those templates and the directory.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    reachTemplates: { dir: string; runId: string };
  }
}

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-templates-'));
  const runId = crypto.randomBytes(4).toString('hex');
  project.provide('reachTemplates', { dir, runId });
  return async () => {
    // Every PostgreSQL template built in this run left its database name here (before creating it).
    const names = fs
      .readdirSync(dir)
      .map((entry) => path.join(dir, entry, 'pg-database'))
      .filter((file) => fs.existsSync(file))
      .map((file) => fs.readFileSync(file, 'utf8').trim());
    if (process.env.TEST_DATABASE_URL && (names.length || process.env.TEST_BACKEND === 'postgres')) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        // Test apps' databases whose drop was still running, or failed, when the workers ended (harness.ts
        // dropInBackground), and the copies made ahead for a next file (harness.ts spares): before the
        // templates they were copied from, and again after (a copy still being made holds its template's lock,
        // so the template's drop waits for it).
        const dropTestDatabases = async () => {
          const { rows } = await admin.query<{ datname: string }>(
            'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
            [`reach_test_${runId}_`],
          );
          for (const { datname } of rows)
            await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
        };
        await dropTestDatabases();
        for (const name of names) {
          await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`).catch(() => {});
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }
        await dropTestDatabases();
      } finally {
        await admin.end();
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
