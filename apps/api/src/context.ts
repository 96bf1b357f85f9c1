import type { FastifyBaseLogger } from 'fastify';
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
  log: FastifyBaseLogger;
  /** The clock, replaceable in tests. */
  now: () => Date;
};
