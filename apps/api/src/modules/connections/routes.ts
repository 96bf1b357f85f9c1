import { CONNECTION_ACTIONS } from '@reach/contract/connections';
import { connectionsApi } from '@reach/contract/endpoints/connections';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { compiledSerializer, sendCompiled } from '../../lib/compiled-serializer';
import { route } from '../../lib/endpoint';
import { currentActor, requireSubscription, requireType } from '../../plugins/auth';
import { createReview } from '../reviews/service';
import { connectedBusinessOptions, connectionCards, listConnections } from './lists';
import { applyToCampaign, getConnectionDetail, inviteInfluencer, transitionConnection } from './service';

/**
 * Connections (spec §7 /my/connections*; actions in the same style): businesses need a subscription or trial
 * (402). Each side sees only its own connections; everything else is a 404.
 */
export async function connectionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const subscribed = requireSubscription;
  const sides = { preHandler: [requireType('business', 'influencer'), subscribed] };

  const connectionsPage = compiledSerializer(connectionsApi.list.response);
  route(app, connectionsApi.list, sides, async (request, reply) =>
    sendCompiled(reply, connectionsPage, await listConnections(ctx, currentActor(request), request.query)),
  );
  route(app, connectionsApi.cards, sides, async (request) => ({
    data: await connectionCards(ctx, currentActor(request), request.query.latest ?? false),
  }));
  route(app, connectionsApi.businesses, { preHandler: requireType('influencer') }, async (request) => ({
    data: await connectedBusinessOptions(ctx, currentActor(request)),
  }));
  route(app, connectionsApi.get, { preHandler: [subscribed] }, async (request) =>
    getConnectionDetail(ctx, currentActor(request), request.params.id),
  );
  route(app, connectionsApi.invite, { preHandler: [requireType('business'), subscribed] }, async (request) =>
    inviteInfluencer(ctx, currentActor(request), request.body),
  );
  route(app, connectionsApi.apply, { preHandler: requireType('influencer') }, async (request) =>
    applyToCampaign(ctx, currentActor(request), request.body),
  );
  for (const action of CONNECTION_ACTIONS) {
    route(app, connectionsApi[action], sides, async (request) =>
      transitionConnection(ctx, currentActor(request), request.params.id, action),
    );
  }
  route(app, connectionsApi.review, sides, async (request) =>
    createReview(ctx, currentActor(request), request.params.id, request.body),
  );
}
