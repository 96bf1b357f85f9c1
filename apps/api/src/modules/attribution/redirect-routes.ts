import { ATTRIBUTION_MESSAGE } from '@reach/contract/attribution';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { createClickWriter, createLinkCache, followLink, visitorKey } from './links';

/**
 * GET /r/{code} (public, outside /api/v1): a creator's tracked link. 302 to the campaign's tracker URL with
 * the UTM parameters and the click id (rc_id); an unknown or inactive link is a plain-text 404 and stores
 * nothing. Kept lean — no schema, the link read once per few seconds (createLinkCache: a change of the
 * campaign's tracking or of the creator's connection shows within LINK_CACHE_TTL_MS), the click stored in a
 * batch after the answer — because it is on the path of a creator's audience. It is registered outside the site's
 * context (app.ts): no security headers, CORS, request id or log line per visit. The answer is never cached by
 * the browser: each visit is a click with its own id.
 */
export async function linkRedirectRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const key = visitorKey(ctx.config);
  const links = createLinkCache(ctx);
  const writer = createClickWriter(ctx);
  app.addHook('onClose', async () => writer.drain());
  // A visit has no id and no logger of its own (the app's logs what fails): each cost a UUID and a pino child.
  app.setGenReqId(() => 'link-visit');
  app.setChildLoggerFactory((logger) => logger);

  app.get('/r/:code', { schema: { hide: true } }, async (request, reply) => {
    const { code } = request.params as { code: string };
    const target = await followLink(ctx, links, writer, key, {
      code,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      referer: request.headers.referer,
      record: request.method === 'GET',
    });
    reply.header('cache-control', 'no-store');
    if (!target)
      return reply
        .code(404)
        .header('x-content-type-options', 'nosniff')
        .type('text/plain; charset=utf-8')
        .send(ATTRIBUTION_MESSAGE.linkNotFound);
    return reply.redirect(target, 302);
  });
}
