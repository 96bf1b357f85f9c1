import { invitesApi } from '@reach/contract/endpoints/invites';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentActor, requireSubscription, requireType } from '../../plugins/auth';
import { acceptInvite, generateInviteLink, previewInvite } from './service';

/**
 * Invite links (spec §7 GET /invite/generate): a signed sign-up link for one of the business's active
 * campaigns. Whoever signs up with it as an influencer gets the invitation connection (POST /auth/sign-up
 * `invite`); an influencer who signed in another way (Google, Facebook) uses it with POST /invite/accept.
 */
export async function inviteRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  route(
    app,
    invitesApi.generate,
    { preHandler: [requireType('business'), requireSubscription] },
    async (request) => generateInviteLink(ctx, currentActor(request), request.query.campaign_id),
  );

  route(app, invitesApi.preview, {}, async (request) => previewInvite(ctx, request.query.invite));

  route(app, invitesApi.accept, { preHandler: requireType('influencer') }, async (request) =>
    acceptInvite(ctx, currentActor(request), request.body.invite),
  );
}
