import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

// An empty value (`DEV_TOOLS=` in a compose file) counts as unset.
const bool = z
  .enum(['', '0', '1', 'true', 'false'])
  .transform((v) => (v === '' ? undefined : v === '1' || v === 'true'))
  .optional();

const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

/** Every environment variable the api reads; README.md documents each. */
const envSchema = z.object({
  /** `production` forbids DEV_TOOLS; `test` turns it on by default (the test suites read the outbox). */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Address to listen on; must be a loopback address while DEV_TOOLS is on. */
  HOST: z.string().default('127.0.0.1'),
  /**
   * Development tools: /dev/mailbox, /api/dev/outbox and /api/dev/notify (which show sign-in and reset codes
   * to anyone), the demo seed, and secrets generated into DATA_DIR/keys. On by default only when
   * NODE_ENV=test; `npm run dev` and `npm start` (outside production) turn them on. Refused in production and
   * on a non-loopback HOST.
   */
  DEV_TOOLS: bool,
  /**
   * Proxies whose X-Forwarded-For / -Proto / -Host headers are believed: a comma-separated list of addresses,
   * CIDR ranges and the names loopback, linklocal, uniquelocal. Unset: none, the client is the socket's peer.
   */
  TRUST_PROXY: z.string().optional(),
  /** Public URL of the web app (links in mails, OAuth redirects, CORS origin). */
  PUBLIC_URL: z.url().optional(),
  /** Extra allowed CORS origin (e.g. the Vite dev server). */
  WEB_ORIGIN: z.url().optional(),
  /** Embedded database, generated keys (with DEV_TOOLS) and uploads. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; the embedded PGlite under DATA_DIR when absent. */
  DATABASE_URL: z.string().optional(),
  /** `0` skips the demo data on an empty database; the demo is seeded only with DEV_TOOLS. */
  SEED_DEMO: bool,
  /** Password of every demo account. */
  DEMO_PASSWORD: z.string().min(8).default('reach-demo-2026'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Share of request lines logged (0..1, default 1: all); a 5xx answer and error lines are always logged. */
  LOG_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  /**
   * How far (%) V8 lets the old generation grow past what survived its last full collection before the next one
   * (its `--heap-growing-percent`). V8's own choice goes up to 4×: under the mixed load the heap used then swung
   * 78–171 MB and the RSS 243–298 MB; at 50 the heap stays 70–91 MB and the RSS 209–212 MB, for ~7 µs more of
   * full-collection pauses a request, and ~14 % more CPU on the campaign report's large answers
   * (bench/results/memory.md, reports-postgres.md). `0` leaves V8 to choose.
   */
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(400).default(50),
  /**
   * Bearer token of the Prometheus scrape at /metrics (16+ characters). Unset: /metrics answers 404, unless
   * METRICS_PORT serves the metrics.
   */
  METRICS_TOKEN: z.preprocess(unsetWhenEmpty, z.string().min(16).optional()),
  /** Serve the metrics without a token on this port of 127.0.0.1 only (an internal scrape); unset: none. */
  METRICS_PORT: z.preprocess(unsetWhenEmpty, z.coerce.number().int().min(1).max(65535).optional()),
  /** PEM Ed25519 private key (PKCS#8) signing access tokens; generated into DATA_DIR only with DEV_TOOLS. */
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_ISSUER: z.string().default('reach'),
  JWT_AUDIENCE: z.string().default('reach-api'),
  /** 32+ byte secret for encrypting stored provider tokens; generated into DATA_DIR only with DEV_TOOLS. */
  APP_SECRET: z.string().min(32).optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Override of Google's issuer (tests point it at a local OIDC provider). */
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v24.0'),
  FACEBOOK_DIALOG_URL: z.url().default('https://www.facebook.com/v24.0/dialog/oauth'),
  /** The token Meta sends in the webhook verification handshake (GET /api/v1/facebook/webhooks). */
  FACEBOOK_WEBHOOK_VERIFY_TOKEN: z.string().min(1).optional(),
  SMTP_URL: z.string().optional(),
  /** Store uploads in this S3-compatible bucket instead of DATA_DIR/uploads. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Endpoint of an S3-compatible server (MinIO, R2, …); AWS S3 when absent. */
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Public base URL the bucket's objects are read from (CDN); defaults to the bucket's own URL. */
  S3_PUBLIC_URL: z.url().optional(),
  MAIL_FROM: z.string().default('REACH <no-reply@reach.local>'),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** Base URL of an OpenAI-compatible API (…/v1); with AI_API_KEY and AI_MODEL it drafts campaigns. */
  AI_API_URL: z.url().optional(),
  /** Bearer key of that API; never logged nor sent to clients. */
  AI_API_KEY: z.string().min(1).optional(),
  /** Chat model to ask, e.g. gpt-4o-mini. */
  AI_MODEL: z.string().min(1).optional(),
  /** How long to wait for the AI model before giving up. */
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** AI drafts one business user may ask for per RATE_LIMIT_WINDOW_MS. */
  RATE_LIMIT_AI_MAX: z.coerce.number().int().positive().default(10),
  /** How often an idle background-job worker looks for due jobs. */
  JOBS_POLL_MS: z.coerce.number().int().positive().default(500),
  /** How long a claimed job stays locked without a heartbeat before another worker may take it over. */
  JOBS_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
  /** A failed job is retried after this, doubled at each further attempt (at most 10 minutes). */
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(100).default(5_000),
  /** A mail whose first delivery failed is tried again this long after (then as JOBS_RETRY_BASE_MS says). */
  MAIL_RETRY_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * Redis (redis:// or rediss://) shared by the replicas: live updates fan out over its pub/sub and the rate
   * limits count in it. Unset: one process, both in memory (the embedded default).
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of every Redis key and channel REACH uses, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('reach:'),
  /** Only with NODE_ENV=test: registers the test-only job kinds the replicas test drives (jobs/test-jobs.ts). */
  TEST_JOBS: bool,
  /** Stripe secret key (sk_…): when set, cards, charges, refunds, plans and payouts go through Stripe. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Signing secret (whsec_…) of the Stripe webhook endpoint /api/v1/stripe/webhooks. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Publishable key (pk_…) the web app gives Stripe.js to tokenise cards in the browser. */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Stripe's API base URL (tests point it at a local fake). */
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  /** Stripe Price ids (monthly, USD) of the Pro and Business plans. */
  STRIPE_PRICE_PRO: z.string().min(1).optional(),
  STRIPE_PRICE_BUSINESS: z.string().min(1).optional(),
  /** Modash API key: when set, discovery searches Modash's Discovery API instead of the local index. */
  MODASH_API_KEY: z.string().min(1).optional(),
  /** Modash's API base URL (tests point it at a local fake). */
  MODASH_API_URL: z.url().default('https://api.modash.io'),
  /**
   * Profiles of the local discovery index, generated on start when the index holds fewer (default 100,000;
   * 2,000 when NODE_ENV=test). Up to 5,000 are written before the server listens, the rest in the background.
   */
  DISCOVERY_SEED_SIZE: z.coerce.number().int().min(0).max(50_000_000).optional(),
  /**
   * Longest the local index may take to count a search's matches on PostgreSQL (ms) before the planner's
   * estimate answers instead, flagged as capped (README: Discovery).
   */
  DISCOVERY_COUNT_MS: z.coerce.number().int().min(1).max(10_000).default(10),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  dataDir: string;
  discoverySeedSize: number;
  publicUrl: string;
  isProduction: boolean;
  /** DEV_TOOLS resolved: dev routes, generated secrets and the demo seed. */
  devTools: boolean;
  seedDemo: boolean;
  /** Fastify's trustProxy: false, or the proxy addresses and ranges of TRUST_PROXY. */
  trustProxy: false | string[];
};

/**
 * Reads and checks the environment. Throws, naming the variables, when it is invalid or unsafe: dev tools in
 * production or on a non-loopback HOST, an unusable TRUST_PROXY, an incomplete Stripe setup.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const invalid = (message: string) => new Error(`Invalid environment:\n  ${message}`);
  // The dev routes hand out sign-in and password-reset codes to whoever asks: never on by accident.
  const devTools = e.DEV_TOOLS ?? e.NODE_ENV === 'test';
  if (devTools && isProduction)
    throw invalid('DEV_TOOLS=1 is not allowed with NODE_ENV=production (it exposes the mail outbox).');
  if (devTools && !isLoopback(e.HOST))
    throw invalid(
      `DEV_TOOLS is on, so HOST must be a loopback address (127.0.0.1, ::1, localhost), not ${e.HOST}: ` +
        'the dev mailbox would show sign-in and reset codes to the network. Set DEV_TOOLS=0 (and ' +
        'JWT_PRIVATE_KEY, APP_SECRET) to listen on other addresses.',
    );
  if (e.SEED_DEMO === true && !devTools)
    throw invalid('SEED_DEMO=1 needs DEV_TOOLS=1: the demo accounts share a published password.');
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'string') throw invalid(`TRUST_PROXY: ${trustProxy}`);
  if (e.STRIPE_SECRET_KEY) {
    const missing = (['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PRO', 'STRIPE_PRICE_BUSINESS'] as const).filter(
      (name) => !e[name],
    );
    if (missing.length)
      throw new Error(
        `Invalid environment:\n  STRIPE_SECRET_KEY is set, so ${missing.join(', ')} must be set too`,
      );
  }
  return {
    ...e,
    dataDir: path.resolve(e.DATA_DIR),
    discoverySeedSize: e.DISCOVERY_SEED_SIZE ?? (e.NODE_ENV === 'test' ? 2_000 : 100_000),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    isProduction,
    devTools,
    seedDemo: devTools && (e.SEED_DEMO ?? true),
    trustProxy,
  };
}

/**
 * The secrets this configuration lacks: without dev tools nothing is generated, so JWT_PRIVATE_KEY and
 * APP_SECRET must come from the environment.
 */
export function missingSecrets(
  config: Pick<Config, 'devTools' | 'JWT_PRIVATE_KEY' | 'APP_SECRET'>,
): string[] {
  if (config.devTools) return [];
  return (['JWT_PRIVATE_KEY', 'APP_SECRET'] as const).filter((name) => !config[name]);
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether a listen address only accepts connections from this machine. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  const family = net.isIP(h);
  return family !== 0 && LOOPBACK.check(h, family === 4 ? 'ipv4' : 'ipv6');
}

// proxy-addr's (Fastify's) named ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify's trustProxy option, or a message saying what is wrong with it. Hop counts and
 * `true` are refused: they trust whoever connects, so a client reaching the server directly picks its own
 * address.
 */
function parseTrustProxy(value: string | undefined): false | string[] | string {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0' || v === 'false') return false;
  if (v === 'true' || /^\d+$/.test(v))
    return (
      `${v} would trust any client's X-Forwarded-For; list the proxies instead ` +
      '(e.g. 127.0.0.1, 10.0.0.0/8, or uniquelocal for private networks).'
    );
  const entries = v.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !NAMED_RANGES.has(entry) && !isAddressOrRange(entry));
  if (bad.length) return `not an address, CIDR range or loopback/linklocal/uniquelocal: ${bad.join(', ')}`;
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (family === 4 && net.isIPv4(prefix)) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
