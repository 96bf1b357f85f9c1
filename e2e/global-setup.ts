import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/*
 * One directory per `vitest run` of the e2e project, shared by its workers: the seeded data dir that servers
 * whose env changes nothing the seed depends on start from a copy of (harness.ts seededDataDir builds it the
 * first time a file asks for it, under a lock in this directory; the other workers wait for it). The teardown
 * removes it.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    reachE2eSeed: string;
  }
}

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-e2e-seeded-'));
  project.provide('reachE2eSeed', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
