import { defineRecurringJob } from './jobs/job';
import { purgeExpiredDiscoveryCache } from './modules/discovery/service';
import { settlePendingPayments } from './modules/payments/settle';
import { expireTrials } from './modules/subscriptions/expire-trials';

/**
 * The periodic work: recurring jobs of the durable queue (jobs/runner.ts), so each occurrence runs once across
 * all replicas and survives a crash (a run whose worker died is taken over when its lease runs out). On the
 * embedded default the one process runs them, as before. Each task is idempotent.
 */
export const RECURRING_JOBS = [
  defineRecurringJob({ kind: 'expire-trials', everyMs: 60_000, run: expireTrials }),
  defineRecurringJob({ kind: 'settle-payments', everyMs: 60_000, run: settlePendingPayments }),
  defineRecurringJob({
    kind: 'purge-discovery-cache',
    everyMs: 3_600_000,
    run: purgeExpiredDiscoveryCache,
  }),
];
