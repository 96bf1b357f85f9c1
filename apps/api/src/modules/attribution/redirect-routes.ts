import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { createOffloadedClickWriter } from './click-offload';
import {
  answerBeforeFastify,
  NOT_FOUND_BODY,
  NOT_FOUND_HEADERS,
  REDIRECT_HEADERS,
  rawLinkVisits,
} from './link-server';
import { createClickWriter, createLinkCache, followLink, visitorHasher, visitorKey, visitsTo } from './links';

/**
 * GET /r/{code} (public, outside /api/v1): a creator's tracked link. 302 to the campaign's tracker URL with
 * the UTM parameters and the click id (rc_id); an unknown or inactive link is a plain-text 404 and stores
 * nothing. Kept lean — no schema, the link read once per few seconds (createLinkCache: a change of the
 * campaign's tracking or of the creator's connection shows within LINK_CACHE_TTL_MS), the click stored in a
 * batch after the answer — because it is on the path of a creator's audience. It is registered outside the site's
 * context (app.ts): no security headers, CORS, request id or log line per visit. The answer is never cached by
 * the browser: each visit is a click with its own id.
 *
 * On a server made by link-server.ts's factory (app.ts), a visit of a link already read is answered before
 * Fastify by the raw handler (rawLinkVisits), with the same function (visitLink) and headers; this route
 * answers the rest (and app.inject). With Prometheus metrics on, every visit goes through this route, so that
 * it is counted by the metrics' hook.
 */
export async function linkRedirectRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const key = visitorKey(ctx.config);
  const visitor = visitorHasher(key);
  const links = createLinkCache(ctx);
  // On PostgreSQL a worker thread reads the visits into clicks and stores them (click-offload.ts); PGlite is
  // this thread's own database.
  const url = ctx.backend === 'postgres' ? ctx.config.DATABASE_URL : undefined;
  const offloaded = url ? createOffloadedClickWriter(ctx, { url, visitor, visitorKey: key }) : null;
  const writer = createClickWriter(ctx);
  const clicks = offloaded ?? visitsTo(writer, visitor);
  app.addHook('onClose', async () => (offloaded ? offloaded.close() : writer.drain()));
  // A listening server starts the worker now: loading it is not left to its first visits.
  if (offloaded) app.addHook('onListen', async () => offloaded.start());
  // A visit has no id and no logger of its own (the app's logs what fails): each cost a UUID and a pino child.
  app.setGenReqId(() => 'link-visit');
  app.setChildLoggerFactory((logger) => logger);

  app.get('/r/:code', { schema: { hide: true } }, async (request, reply) => {
    const { code } = request.params as { code: string };
    const target = await followLink(ctx, links, clicks, {
      code,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      referer: request.headers.referer,
      record: request.method === 'GET',
    });
    reply.headers(REDIRECT_HEADERS);
    if (!target) return reply.code(404).headers(NOT_FOUND_HEADERS).send(NOT_FOUND_BODY);
    return reply.redirect(target, 302);
  });

  const { config } = ctx;
  if (config.METRICS_TOKEN || config.METRICS_PORT) return;
  const raw = rawLinkVisits(ctx, links, clicks, { trustProxy: config.trustProxy !== false });
  // Closing: from now on Fastify answers every request (503), and the writer drains after the last one.
  if (answerBeforeFastify(app.server, raw.handle)) app.addHook('preClose', async () => raw.close());
}
