import type { AppContext } from './context';
import { purgeExpiredDiscoveryCache } from './modules/discovery/service';
import { settlePendingPayments } from './modules/payments/settle';
import { expireTrials } from './modules/subscriptions/expire-trials';

type Task = { name: string; everyMs: number; run: (ctx: AppContext) => Promise<unknown> };

const TASKS: Task[] = [
  { name: 'expire-trials', everyMs: 60_000, run: expireTrials },
  { name: 'settle-payments', everyMs: 60_000, run: settlePendingPayments },
  { name: 'purge-discovery-cache', everyMs: 3_600_000, run: purgeExpiredDiscoveryCache },
];

/** Runs periodic tasks in the api process (also on the embedded default). Each task is idempotent. */
export function startScheduler(ctx: AppContext): () => void {
  const timers = TASKS.map((task) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await task.run(ctx);
      } catch (error) {
        ctx.log.error({ err: error, task: task.name }, 'scheduled task failed');
      } finally {
        running = false;
      }
    };
    void tick();
    return setInterval(tick, task.everyMs);
  });
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
