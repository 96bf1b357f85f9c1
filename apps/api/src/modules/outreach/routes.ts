import { discoveryApi } from '@reach/contract/endpoints/discovery';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentActor, requirePlan, requireType } from '../../plugins/auth';
import { inviteDiscovered } from './service';

/** Outreach: invitations mailed to creators, and their records. */
export async function outreachRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const business = { preHandler: [requireType('business'), requirePlan('discovery')] };

  route(app, discoveryApi.invite, business, async (request) =>
    inviteDiscovered(ctx, ctx.discovery, currentActor(request), request.body),
  );
}
