import {
  connection,
  inviteAcceptBody,
  inviteLink,
  inviteLinkQuery,
  invitePreview,
  invitePreviewQuery,
} from '../connections';
import { endpoint, READ_ERRORS } from '../endpoint';

const tags = ['connections'];
const errors = [...READ_ERRORS, 409] as const;

/**
 * Invite links (spec §7 GET /invite/generate): a signed sign-up link for one of the business's active
 * campaigns. Whoever signs up with it as an influencer gets the invitation connection (POST /auth/sign-up
 * `invite`); an influencer who signed in another way (Google, Facebook) uses it with POST /invite/accept.
 */
export const invitesApi = {
  generate: endpoint({
    method: 'GET',
    path: '/invite/generate',
    tags,
    summary: 'A signed invite link to one of your active campaigns (valid 30 days)',
    query: inviteLinkQuery,
    response: inviteLink,
    errors,
  }),
  preview: endpoint({
    method: 'GET',
    path: '/invite/preview',
    tags,
    summary: 'Who invites, to which campaign (shown on the sign-up page); 400 when the link is not valid',
    auth: 'public',
    query: invitePreviewQuery,
    response: invitePreview,
    errors: [400],
  }),
  accept: endpoint({
    method: 'POST',
    path: '/invite/accept',
    tags,
    summary: 'Use an invite link as a signed-in influencer: creates the invitation connection',
    body: inviteAcceptBody,
    status: 201,
    response: connection,
    errors,
  }),
};
