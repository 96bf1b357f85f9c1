import { influencersApi } from '@reach/contract/endpoints/directory';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { compiledSerializer, sendCompiled } from '../../lib/compiled-serializer';
import { route } from '../../lib/endpoint';
import { currentActor, requireSubscription, requireType } from '../../plugins/auth';
import { listInfluencers } from './lists';
import { getInfluencerProfile } from './service';

/** The influencer directory for businesses (spec §7 GET /influencers, GET /influencer/{id}); gated (402). */
export async function influencerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const gated = { preHandler: [requireType('business', 'admin'), requireSubscription] };

  const influencersPage = compiledSerializer(influencersApi.list.response);
  route(app, influencersApi.list, gated, async (request, reply) =>
    sendCompiled(reply, influencersPage, await listInfluencers(ctx, currentActor(request), request.query)),
  );
  route(app, influencersApi.get, gated, async (request) =>
    getInfluencerProfile(ctx, currentActor(request), request.params.id),
  );
}
