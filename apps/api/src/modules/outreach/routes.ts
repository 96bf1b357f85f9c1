import { discoveryApi } from '@reach/contract/endpoints/discovery';
import { outreachApi } from '@reach/contract/endpoints/outreach';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentActor, requirePlan, requireSubscription, requireType } from '../../plugins/auth';
import { businessOutreach, campaignOutreach, inviteDiscovered } from './service';

/** Outreach: invitations mailed to creators, and their records. */
export async function outreachRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const business = { preHandler: [requireType('business'), requirePlan('discovery')] };

  route(app, discoveryApi.invite, business, async (request) =>
    inviteDiscovered(ctx, ctx.discovery, currentActor(request), request.body),
  );

  route(
    app,
    outreachApi.campaign,
    { preHandler: [requireType('business', 'admin'), requireSubscription] },
    async (request) => campaignOutreach(ctx, currentActor(request), request.params.id, request.query),
  );

  route(
    app,
    outreachApi.list,
    { preHandler: [requireType('business'), requireSubscription] },
    async (request) => businessOutreach(ctx, currentActor(request), request.query),
  );
}
