import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { defineJob, defineRecurringJob, type JobDefinition, JobInterrupted } from './job';

/**
 * Job kinds that exist only for apps/api/test/replicas.test.ts: registered by server.ts when NODE_ENV=test and
 * TEST_JOBS=1, never otherwise. Each writes what it did to a Redis list under the key prefix, where the test,
 * watching three replicas, reads which process ran what.
 */
export function testJobs(config: Config): JobDefinition<unknown>[] {
  if (config.NODE_ENV !== 'test' || !config.TEST_JOBS) return [];
  return [testTickJob, testSlowJob] as JobDefinition<unknown>[];
}

async function record(ctx: AppContext, list: string, entry: string) {
  if (!ctx.redis) throw new Error('The test jobs need REDIS_URL');
  await ctx.redis.client.rpush(`${ctx.redis.prefix}test:${list}`, entry);
}

/** A recurring job due once an hour: in a test's minutes, its first occurrence is the only one due. */
const testTickJob = defineRecurringJob({
  kind: 'test.tick',
  everyMs: 3_600_000,
  run: (ctx) => record(ctx, 'tick', String(ctx.config.PORT)),
});

/**
 * A job that is slow on its first run (heartbeating, so its lease holds while its process lives) and quick on
 * any later one: the test kills the first run's process and watches another replica finish it.
 */
const testSlowJob = defineJob({
  kind: 'test.slow',
  payload: z.object({ slowMs: z.number().int().min(0).max(120_000) }),
  maxAttempts: 3,
  async handler(ctx, { slowMs }, run) {
    await record(ctx, 'slow', `start:${ctx.config.PORT}:${run.attempt}`);
    if (run.attempt === 1) {
      const until = Date.now() + slowMs;
      while (Date.now() < until) {
        if (run.signal.aborted) throw new JobInterrupted();
        await sleep(100);
        await run.heartbeat();
      }
    }
    await record(ctx, 'slow', `done:${ctx.config.PORT}:${run.attempt}`);
  },
});
