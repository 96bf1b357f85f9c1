import { API_MESSAGE } from '@reach/contract/messages';
import { AppError } from './app-error';

/**
 * Counts hits per key in fixed windows, in memory. Used for limits keyed by something other than the
 * client address (the account an auth request targets), which @fastify/rate-limit applies only once per
 * request. With several replicas this moves to Redis alongside the per-IP limits (DESIGN.md §8).
 */
export function createFixedWindowLimiter(options: { max: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  return {
    /** Counts a hit; throws 429 once the key went over the limit in the current window. */
    hit(key: string): void {
      const t = now();
      if (t - lastSweep > options.windowMs) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
        lastSweep = t;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + options.windowMs };
        windows.set(key, w);
      }
      w.count++;
      if (w.count > options.max) throw new AppError('rate_limited', API_MESSAGE.rateLimited);
    },
  };
}
