import { facebookWebhooksApi } from '@reach/contract/endpoints/posts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentUser } from '../../plugins/auth';
import { listMyWebhooks, receiveFacebookDelivery, verifyHandshake } from './webhook-service';

/*
 * Facebook / Instagram webhooks at /api/v1/facebook/webhooks (public; Meta calls them): the verification
 * handshake (GET) and the signed deliveries (POST), checked and applied by webhook-service.ts.
 */
export async function facebookWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // This scope alone keeps bodies raw: the signature is over the exact bytes Meta sent.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  route(app, facebookWebhooksApi.verify, {}, async (request, reply) => {
    const challenge = verifyHandshake(ctx, request.query);
    reply.type('text/plain; charset=utf-8');
    return challenge;
  });

  route(app, facebookWebhooksApi.deliver, {}, async (request) => {
    const header = request.headers['x-hub-signature-256'];
    return receiveFacebookDelivery(
      ctx,
      Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      typeof header === 'string' ? header : undefined,
      request.log,
    );
  });
}

/** GET /facebook/myWebhooks: the signed-in user's webhook subscriptions. */
export async function myWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  route(app, facebookWebhooksApi.mine, {}, async (request) => listMyWebhooks(ctx, currentUser(request).id));
}
