import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The api files that run longest (about a minute each on a 2-core machine: server processes started and
 * killed, the fuzz, the 2,000-profile discovery index, sign-ins across several apps), started first so that
 * neither worker is left running one alone at the end. Vitest's own order (longest last time, else largest
 * file first) follows for the rest; a fresh checkout has no timings, and a short file can run long.
 */
const API_LONGEST_FIRST = [
  // PostgreSQL pass only (three server processes); skipped at once on PGlite.
  'replicas.test.ts',
  'fuzz.test.ts',
  // PostgreSQL pass only (a server process whose database is stopped and restarted).
  'db-restart.test.ts',
  'posts-crash.test.ts',
  // One pass only: the PostgreSQL one when both run (the production build, then a server started from it on
  // PGlite, whatever the pass).
  'production-build.test.ts',
  'races.test.ts',
  'discovery.test.ts',
  'metrics.test.ts',
  'crash.test.ts',
  'social.test.ts',
  'production-defaults.test.ts',
  'health.test.ts',
  'auth.test.ts',
  'ai.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      if (spec.project.name !== 'api') return API_LONGEST_FIRST.length;
      const at = API_LONGEST_FIRST.indexOf(path.basename(spec.moduleId));
      return at === -1 ? API_LONGEST_FIRST.length : at;
    };
    // Projects stay in vitest's order; within one, the listed files go first.
    const project = new Map(sorted.map((spec, i) => [spec.project.name, i]));
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort(
        (a, b) =>
          (project.get(a.spec.project.name) ?? 0) - (project.get(b.spec.project.name) ?? 0) ||
          rank(a.spec) - rank(b.spec) ||
          a.i - b.i,
      )
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          // Seeds each database variant once per run; the test files copy it (see harness.ts).
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database (a copy of a seeded template); two workers keep a 2-core machine busy without thrashing.
          maxWorkers: 2,
          // Test files share a worker's module cache (each still gets its own app and database): importing
          // the app's modules again for each of the ~35 files took about a fifth of a pass's time.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at a time (each its own server, browser and data dir): a 2-core machine stays busy while
          // one file waits on its server or its page. The seeded data dir is built once (global-setup.ts).
          globalSetup: ['e2e/global-setup.ts'],
          maxWorkers: 2,
          // A page's answer to a click or a typed search (300 ms debounce, a request, a render) can take
          // seconds on a loaded 2-core machine: vitest's 1 s default made polls fail while the page was still
          // on its way to the awaited state. A poll still fails if that state never comes.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
