import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Endpoint } from '@reach/contract/endpoint';
import { API_MESSAGE } from '@reach/contract/messages';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createCampaignAi } from './adapters/ai/index';
import { createMailer, type Mailer } from './adapters/mail/index';
import { createPayments, type PaymentsProvider } from './adapters/payments/index';
import { createSocial, type Social } from './adapters/social/index';
import { createStorage } from './adapters/storage/index';
import type { Config } from './config';
import { type AppContext, bindRequestLogs, contextLog } from './context';
import type { Database } from './db/database';
import { BatchedLines } from './lib/log-stream';
import type { RedisConnection } from './lib/redis';
import { createCipher, randomToken, secretFromEnvOrFile } from './lib/secrets';
import { analyticsRoutes } from './modules/analytics/routes';
import { linkVisitServer } from './modules/attribution/link-server';
import { linkRedirectRoutes } from './modules/attribution/redirect-routes';
import { attributionRoutes } from './modules/attribution/routes';
import { authRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { socialRoutes } from './modules/auth/social';
import { createTokenService } from './modules/auth/tokens';
import { businessRoutes } from './modules/businesses/routes';
import { campaignImportRoutes } from './modules/campaign-imports/routes';
import { campaignRoutes } from './modules/campaigns/routes';
import { connectionRoutes } from './modules/connections/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { createDiscoveryProvider } from './modules/discovery/index';
import { discoveryRoutes } from './modules/discovery/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { influencerRoutes } from './modules/influencers/routes';
import { inviteRoutes } from './modules/invites/routes';
import { createInProcessHub, createRedisHub } from './modules/live/hub';
import { liveRoutes } from './modules/live/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { createNotifier } from './modules/notifications/service';
import { outreachRoutes } from './modules/outreach/routes';
import { stripeWebhookRoutes } from './modules/payment-webhooks/webhooks';
import { paymentRoutes } from './modules/payments/routes';
import { indexedAccountLookup } from './modules/posts/indexed-account';
import { postRoutes } from './modules/posts/routes';
import { facebookWebhookRoutes, myWebhookRoutes } from './modules/posts/webhooks';
import { profileRoutes } from './modules/profile/routes';
import { referenceAdminRoutes } from './modules/reference/admin-routes';
import { referenceRoutes } from './modules/reference/routes';
import { reportRoutes } from './modules/reports/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { subscriptionRoutes } from './modules/subscriptions/routes';
import { devRoutes, healthRoutes, VERSION } from './modules/system/routes';
import { userRoutes } from './modules/users/routes';
import { registerAuthentication } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import compression from './plugins/external/compress';
import corsPolicy from './plugins/external/cors';
import metrics from './plugins/external/metrics';
import openapiDocs from './plugins/external/openapi';
import rateLimits from './plugins/external/rate-limit';
import securityHeaders from './plugins/external/security-headers';
import uploads from './plugins/external/uploads';
import webApp from './plugins/external/web-app';
import { registerInputGuard } from './plugins/input-guard';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route of the API as registered (method, full path, public or not): docs and the access tests. */
    routeCatalog: RouteEntry[];
  }
}

export type RouteEntry = {
  method: string;
  url: string;
  public: boolean;
  /** The contract endpoint the route was registered from (lib/endpoint.ts). */
  endpoint?: Endpoint;
};

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The Redis the replicas share (REDIS_URL; server.ts connects and closes it): live events and rate limits. */
  redis?: RedisConnection;
  /** Replace the clock (tests). */
  now?: () => Date;
  /** Replace the mail adapter (tests). */
  mailer?: Mailer;
  /** Replace the payments provider (tests). */
  payments?: PaymentsProvider;
  /** Replace the social adapter (tests). */
  social?: Social;
  /** Folder of the built web app; served with an index.html fallback when it exists. */
  webDist?: string;
  /** Adds routes beside the API's, with what the site's routes have (tests: a route that fails as a bug would). */
  extraRoutes?: (site: FastifyInstance) => void;
};

const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? defaultLogger(config),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 1_048_576,
    // A path Fastify cannot decode (e.g. `%ED%A0%80`, an encoded lone surrogate) is a 400 in our error shape.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply)
        .status(status)
        .send({ error: { code: 'validation', message: API_MESSAGE.badUrl } });
    },
    // Only the listed proxies may say who the client is: believing anyone's X-Forwarded-For would let a
    // client pick a new address per request and walk past the per-IP sign-in limit.
    trustProxy: config.trustProxy,
    // Fastify's two lines per request ("incoming request", "request completed") become one: logRequest.
    logController: new LogController({ disableRequestLogging: true }),
    // The server Fastify would make, whose requests meet the tracked-link redirect's raw handler first
    // (a visit of a link already read is answered without Fastify's per-request work: link-server.ts).
    serverFactory: linkVisitServer,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx = {
    config,
    db: database.db,
    backend: database.backend,
    mailer:
      options.mailer ??
      (await createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        db: database.db,
        log: app.log,
      })),
    tokens: await createTokenService(config),
    cipher: createCipher(
      secretFromEnvOrFile({
        value: config.APP_SECRET,
        dataDir: config.dataDir,
        file: 'app-secret',
        mayGenerate: config.devTools,
        envName: 'APP_SECRET',
        generate: () => randomToken(48),
      }),
    ),
    storage: await createStorage(config, uploadsDir(config)),
    ai: createCampaignAi({
      url: config.AI_API_URL,
      apiKey: config.AI_API_KEY,
      model: config.AI_MODEL,
      timeoutMs: config.AI_TIMEOUT_MS,
      log: app.log,
    }),
    payments:
      options.payments ??
      (await createPayments({
        stripeSecretKey: config.STRIPE_SECRET_KEY,
        stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET,
        stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY,
        stripeApiBase: config.STRIPE_API_BASE,
        stripePrices: { pro: config.STRIPE_PRICE_PRO, business: config.STRIPE_PRICE_BUSINESS },
        log: app.log,
      })),
    social: options.social ?? createSocial(config, indexedAccountLookup(database.db)),
    discovery: createDiscoveryProvider(config, database.db, database.backend),
    redis: options.redis,
    live: options.redis ? await createRedisHub(options.redis, app.log) : createInProcessHub(),
    log: contextLog(app.log),
    now: options.now ?? (() => new Date()),
  } as AppContext;
  ctx.notifier = createNotifier(ctx);
  app.decorate('ctx', ctx);
  const routeCatalog: RouteEntry[] = [];
  app.decorate('routeCatalog', routeCatalog);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routeCatalog.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        endpoint: route.config?.endpoint,
      });
    }
  });
  app.addHook('onClose', async () => ctx.mailer.close());

  registerErrorHandler(app);
  await app.register(metrics, { config, database, version: VERSION, now: ctx.now });
  // At the root: the document's generator sees every route registered after it (app.swagger()).
  await app.register(openapiDocs, { version: VERSION });
  // The tracked-link redirect sits outside the site's context: a creator's audience follows it, so it runs none
  // of the per-request work the API and the web app need (security headers, CORS, request ids, log lines, the
  // input guard, compression) — only what the root has: the error handler and, when on, the metrics' count.
  await app.register(linkRedirectRoutes, { ctx });
  await app.register(siteRoutes, { ctx, options });
  return app;
}

/** The API under /api/v1, the web app and what they share: every route but the tracked-link redirect. */
async function siteRoutes(
  site: FastifyInstance,
  { ctx, options }: { ctx: AppContext; options: BuildOptions },
): Promise<void> {
  const { config } = ctx;
  // Callback hooks, not async ones: they run on every request, and each promise costs the request-scoped
  // logger's async hook (context.ts) besides its own allocation.
  site.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  site.addHook('onResponse', (request, reply, done) => {
    logRequest(config, request, reply);
    done();
  });
  bindRequestLogs(site);
  registerInputGuard(site);
  // Local uploads have root-relative URLs (same origin as the page); a bucket's are absolute.
  await site.register(securityHeaders, {
    storageOrigin: new URL(ctx.storage.url('x'), config.publicUrl).origin,
  });
  await site.register(corsPolicy, { publicUrl: config.publicUrl, webOrigin: config.WEB_ORIGIN });
  await site.register(rateLimits, { redis: options.redis });
  await site.register(compression);
  await site.register(uploads, { uploadsDir: uploadsDir(config) });

  site.get('/.well-known/jwks.json', { schema: { hide: true } }, async () => ctx.tokens.jwks);

  const auth = createAuthService(ctx);
  await site.register(
    async (api) => {
      registerAuthentication(api, ctx);
      await api.register(healthRoutes, { ctx });
      await api.register(authRoutes, { ctx, auth });
      await api.register(socialRoutes, { ctx, auth });
      await api.register(userRoutes, { ctx });
      await api.register(profileRoutes, { ctx });
      await api.register(referenceRoutes, { ctx });
      await api.register(referenceAdminRoutes, { ctx });
      await api.register(notificationRoutes, { ctx });
      await api.register(liveRoutes, { ctx });
      await api.register(feedbackRoutes, { ctx });
      await api.register(dashboardRoutes, { ctx });
      await api.register(campaignRoutes, { ctx });
      await api.register(campaignImportRoutes, { ctx });
      await api.register(influencerRoutes, { ctx });
      await api.register(businessRoutes, { ctx });
      await api.register(connectionRoutes, { ctx });
      await api.register(reviewRoutes, { ctx });
      await api.register(inviteRoutes, { ctx });
      await api.register(discoveryRoutes, { ctx });
      await api.register(outreachRoutes, { ctx });
      await api.register(analyticsRoutes, { ctx });
      await api.register(subscriptionRoutes, { ctx });
      await api.register(paymentRoutes, { ctx });
      await api.register(stripeWebhookRoutes, { ctx });
      await api.register(postRoutes, { ctx });
      await api.register(myWebhookRoutes, { ctx });
      await api.register(facebookWebhookRoutes, { ctx });
      await api.register(attributionRoutes, { ctx });
      await api.register(reportRoutes, { ctx });
    },
    { prefix: '/api/v1' },
  );
  if (config.devTools) await site.register(devRoutes, { ctx });
  options.extraRoutes?.(site);
  await site.register(webApp, { dist: options.webDist ?? defaultWebDist });
}

/**
 * The one log line of a request, at info through the request's logger (so it carries `reqId`, as every line
 * logged through `request.log` does): method, path without the query string (it carries OAuth codes, webhook
 * and invite tokens), status and duration. None for the health probes nor for what is not the API (the SPA,
 * its assets, uploads) unless it answered a 5xx. With LOG_SAMPLE_RATE below 1 only that share of the lines
 * is written, except for 5xx answers, always logged.
 */
function logRequest(config: Config, request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split('?')[0] ?? request.url;
  const status = reply.statusCode;
  // A probe is polled every few seconds, and its 503 is the answer it exists to give.
  if (path === '/api/v1/health' || path.startsWith('/api/v1/health/')) return;
  if (status < 500) {
    if (!path.startsWith('/api/')) return;
    if (config.LOG_SAMPLE_RATE < 1 && Math.random() >= config.LOG_SAMPLE_RATE) return;
  }
  request.log.info(
    { method: request.method, path, status, durationMs: Math.round(reply.elapsedTime * 10) / 10 },
    'request',
  );
}

/**
 * The server's logger: JSON lines (pretty in development). Secrets never reach it: the Authorization and
 * Cookie headers are redacted, and a request is logged by its path only, since query strings carry OAuth
 * codes and states, webhook verify tokens and invite tokens. `stream` replaces stdout (the log-secrets test).
 */
export function defaultLogger(
  config: Config,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  if (config.NODE_ENV === 'test' && !stream) return false;
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
        method: request.method,
        url: request.url.split('?')[0],
        remoteAddress: request.ip,
      }),
    },
    ...(stream
      ? { stream }
      : config.NODE_ENV === 'development'
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : // stdout in batches rather than a write per line (lib/log-stream.ts).
          { stream: new BatchedLines().writeOnExit() }),
  };
}
