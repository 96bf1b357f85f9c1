import type { Connection, InviteLink } from '@reach/contract/connections';
import { API_MESSAGE } from '@reach/contract/messages';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { InviteClaims } from '../auth/tokens';
import { inviteRefusal } from '../connections/policy';
import { deliverAll, getConnection, redeemInvite } from '../connections/service';

export const INVITE_LINK_TTL_SECONDS = 30 * 86_400;
const invalid = () =>
  new AppError('validation', API_MESSAGE.inviteInvalid, { invite: API_MESSAGE.inviteInvalid });

/** GET /invite/generate: only for the business's own active campaign (the same rule as an invitation). */
export async function generateInviteLink(
  ctx: AppContext,
  actor: Actor,
  campaignId: number,
): Promise<InviteLink> {
  const campaign = await ctx.db
    .selectFrom('campaigns')
    .select(['id', 'business_id', 'status'])
    .where('id', '=', campaignId)
    .executeTakeFirst();
  const refusal = inviteRefusal(actor, campaign);
  if (refusal) throw new AppError(refusal.code, refusal.message);
  return signInviteLink(ctx, { campaignId, businessId: campaign!.business_id, issuedBy: actor.userId });
}

/**
 * The signed sign-up link itself (the caller checked the campaign): with `outreachId`, the link of one mailed
 * invitation, so opening it and signing up through it are recorded on that outreach record.
 */
export async function signInviteLink(ctx: AppContext, claims: InviteClaims): Promise<InviteLink> {
  const campaignId = claims.campaignId;
  const token = await ctx.tokens.signInvite(claims, INVITE_LINK_TTL_SECONDS);
  const url = new URL('/auth/register', ctx.config.publicUrl);
  url.searchParams.set('type', 'influencer');
  url.searchParams.set('invite', token);
  return {
    url: url.toString(),
    token,
    campaign_id: campaignId,
    expires_at: new Date(ctx.now().getTime() + INVITE_LINK_TTL_SECONDS * 1000).toISOString(),
  };
}

/** GET /invite/preview: the business and campaign of a valid link whose campaign still takes people. */
export async function previewInvite(ctx: AppContext, token: string, options = { markOpened: true }) {
  const claims = await ctx.tokens.verifyInvite(token);
  if (!claims) throw invalid();
  const row = await ctx.db
    .selectFrom('campaigns as c')
    .innerJoin('businesses as b', 'b.id', 'c.business_id')
    .select(['c.title', 'c.status', 'c.business_id', 'b.business_name'])
    .where('c.id', '=', claims.campaignId)
    .executeTakeFirst();
  if (!row || row.business_id !== claims.businessId || row.status !== 'active') throw invalid();
  if (claims.outreachId && options.markOpened) {
    // The creator opened the mailed link: recorded once, on the record the link was made for.
    await ctx.db
      .updateTable('campaign_invitations')
      .set({ opened_at: ctx.now(), updated_at: ctx.now() })
      .where('id', '=', claims.outreachId)
      .where('campaign_id', '=', claims.campaignId)
      .where('opened_at', 'is', null)
      .execute();
  }
  return { business_name: row.business_name, campaign_title: row.title };
}

/** POST /invite/accept: a signed-in influencer uses a link; 409 when they are already on that campaign. */
export async function acceptInvite(ctx: AppContext, actor: Actor, token: string): Promise<Connection> {
  const claims = await ctx.tokens.verifyInvite(token);
  if (!claims) throw invalid();
  await previewInvite(ctx, token, { markOpened: false });
  const pending = await ctx.db.transaction().execute((trx) => redeemInvite(ctx, trx, actor.userId, claims));
  if (!pending.length) throw new AppError('conflict', API_MESSAGE.connectionDuplicateApply);
  await deliverAll(ctx, pending);
  const connection = await ctx.db
    .selectFrom('connections')
    .select('id')
    .where('campaign_id', '=', claims.campaignId)
    .where('influencer_user_id', '=', actor.userId)
    .where('status', '=', 'invited')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return getConnection(ctx, actor, connection.id);
}
