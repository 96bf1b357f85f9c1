import { businessesApi } from '@reach/contract/endpoints/directory';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentActor, requireType } from '../../plugins/auth';
import { businessOptions, listBusinesses } from './lists';
import { getBusinessProfile } from './service';

/**
 * The business directory (spec §7 GET /businesses, /businesses/list, /my/businesses) and a business's public
 * profile. Public profiles are readable by every signed-in user; /my/businesses is an influencer's own.
 */
export async function businessRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  route(app, businessesApi.list, {}, async (request) =>
    listBusinesses(ctx, currentActor(request), request.query),
  );
  route(app, businessesApi.options, {}, async () => ({ data: await businessOptions(ctx) }));
  route(app, businessesApi.connected, { preHandler: requireType('influencer') }, async (request) =>
    listBusinesses(ctx, currentActor(request), request.query, { connectedOnly: true }),
  );
  route(app, businessesApi.get, {}, async (request) =>
    getBusinessProfile(ctx, currentActor(request), request.params.id),
  );
}
