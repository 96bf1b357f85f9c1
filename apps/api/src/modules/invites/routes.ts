import {
  connection,
  inviteAcceptBody,
  inviteLink,
  inviteLinkQuery,
  invitePreview,
} from '@reach/contract/connections';
import { errorBody } from '@reach/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentActor, requireSubscription, requireType } from '../../plugins/auth';
import { acceptInvite, generateInviteLink, previewInvite } from './service';

const tags = ['connections'];
const security = [{ bearer: [] }];
const errors = {
  400: errorBody,
  401: errorBody,
  402: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};

/**
 * Invite links (spec §7 GET /invite/generate): a signed sign-up link for one of the business's active
 * campaigns. Whoever signs up with it as an influencer gets the invitation connection (POST /auth/sign-up
 * `invite`); an influencer who signed in another way (Google, Facebook) uses it with POST /invite/accept.
 */
export async function inviteRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/invite/generate', {
    preHandler: [requireType('business'), requireSubscription],
    schema: {
      tags,
      security,
      summary: 'A signed invite link to one of your active campaigns (valid 30 days)',
      querystring: inviteLinkQuery,
      response: { 200: inviteLink, ...errors },
    },
    handler: async (request) => generateInviteLink(ctx, currentActor(request), request.query.campaign_id),
  });

  r.get('/invite/preview', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Who invites, to which campaign (shown on the sign-up page); 400 when the link is not valid',
      querystring: z.object({ invite: z.string().min(10).max(2000) }),
      response: { 200: invitePreview, 400: errorBody },
    },
    handler: async (request) => previewInvite(ctx, request.query.invite),
  });

  r.post('/invite/accept', {
    preHandler: requireType('influencer'),
    schema: {
      tags,
      security,
      summary: 'Use an invite link as a signed-in influencer: creates the invitation connection',
      body: inviteAcceptBody,
      response: { 201: connection, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await acceptInvite(ctx, currentActor(request), request.body.invite)),
  });
}
