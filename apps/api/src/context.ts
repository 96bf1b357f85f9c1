import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CampaignAi } from './adapters/ai/index';
import type { Mailer } from './adapters/mail/index';
import type { PaymentsProvider } from './adapters/payments/index';
import type { Social } from './adapters/social/index';
import type { Storage } from './adapters/storage/index';
import type { Config } from './config';
import type { DB } from './db/schema';
import type { RedisConnection } from './lib/redis';
import type { Cipher } from './lib/secrets';
import type { TokenService } from './modules/auth/tokens';
import type { DiscoveryProvider } from './modules/discovery/provider';
import type { LiveHub } from './modules/live/hub';
import type { Notifier } from './modules/notifications/service';

/** What every module gets: configuration, the database and the adapters. Built once in app.ts. */
export type AppContext = {
  config: Config;
  db: Kysely<DB>;
  backend: 'pglite' | 'postgres';
  mailer: Mailer;
  tokens: TokenService;
  cipher: Cipher;
  storage: Storage;
  /** Drafts campaign details: an OpenAI-compatible model when configured, else the built-in generator. */
  ai: CampaignAi;
  /** Cards, charges, refunds, plans and payouts: Stripe when configured, else the built-in provider. */
  payments: PaymentsProvider;
  /** Posts' media and metrics: the Graph API when a Facebook app is configured, else local figures. */
  social: Social;
  /** Influencer discovery: Modash when MODASH_API_KEY is set, else the local index. */
  discovery: DiscoveryProvider;
  /** The Redis the replicas share, when REDIS_URL is set. */
  redis?: RedisConnection;
  /** Live events to open tabs: in this process, or over Redis pub/sub to every replica. */
  live: LiveHub;
  notifier: Notifier;
  /**
   * The logger of whatever is running: inside a request, the request's (its lines carry `reqId`); inside
   * `runWithLog` (a job), the logger given there; elsewhere the app's. See `contextLog`.
   */
  log: FastifyBaseLogger;
  /** The clock, replaceable in tests. */
  now: () => Date;
};

const currentLog = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * A logger that writes through the logger bound to the code running now (`runWithLog`, or the request's for
 * code run by a request: bindRequestLogs), else through `root`. Services log through `ctx.log` and get their
 * request's `reqId` on every line without being handed the request.
 */
export function contextLog(root: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(root, {
    get(target, property) {
      const current = currentLog.getStore() ?? target;
      const value = Reflect.get(current, property, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

/** Runs `fn` with `log` as the logger of `contextLog` (a job: `ctx.log.child({ jobId })`). */
export function runWithLog<T>(log: FastifyBaseLogger, fn: () => T): T {
  return currentLog.run(log, fn);
}

/**
 * Binds each request's logger for the code it runs, from its first hook on (Fastify keeps the async context
 * across reading the body: metrics.test.ts sends one over a socket).
 */
export function bindRequestLogs(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => currentLog.run(request.log, done));
}
