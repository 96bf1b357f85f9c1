import { API_MESSAGE } from '@reach/contract/messages';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { discoveryBusiness } from '../discovery/policy';
import type { DiscoveryProvider } from '../discovery/provider';
import { generateInviteLink } from '../invites/service';

/*
 * Outreach: the invitations a business sends to creators outside (or inside) REACH, and what became of them.
 */

function discoveryBusinessId(actor: Actor): number {
  const result = discoveryBusiness(actor);
  if ('refusal' in result) throw new AppError('forbidden', result.refusal);
  return result.businessId;
}

/**
 * POST /discovery/invite/message: mails a discovered influencer the business's message with the signed sign-up
 * link of GET /invite/generate (whoever signs up with it joins that campaign), and records the invitation.
 */
export async function inviteDiscovered(
  ctx: AppContext,
  provider: DiscoveryProvider,
  actor: Actor,
  body: { modash_id: string; campaign_id: number; message: string; email?: string | undefined },
) {
  const businessId = discoveryBusinessId(actor);
  const link = await generateInviteLink(ctx, actor, body.campaign_id);
  const email = body.email ?? (await provider.contactEmail(body.modash_id));
  if (!email)
    throw new AppError('validation', API_MESSAGE.discoveryInviteNoEmail, {
      email: API_MESSAGE.discoveryInviteNoEmail,
    });
  const info = await ctx.db
    .selectFrom('campaigns as c')
    .innerJoin('businesses as b', 'b.id', 'c.business_id')
    .select(['c.title', 'b.business_name'])
    .where('c.id', '=', body.campaign_id)
    .executeTakeFirstOrThrow();
  const member = await ctx.db
    .selectFrom('discovery_list_members as m')
    .innerJoin('discovery_lists as l', 'l.id', 'm.list_id')
    .select('m.username')
    .where('l.business_id', '=', businessId)
    .where('m.modash_id', '=', body.modash_id)
    .executeTakeFirst();
  const row = await ctx.db
    .insertInto('discovery_invites')
    .values({
      business_id: businessId,
      sent_by: actor.userId,
      campaign_id: body.campaign_id,
      modash_id: body.modash_id,
      username: member?.username ?? null,
      email,
      message: body.message,
      created_at: ctx.now(),
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  await ctx.mailer.send({
    to: email,
    subject: `${info.business_name} invites you to "${info.title}" on REACH`,
    text: [
      `${info.business_name} would like to work with you on their campaign "${info.title}".`,
      '',
      body.message,
      '',
      `Join REACH with this link to accept (valid until ${link.expires_at.slice(0, 10)}):`,
      link.url,
    ].join('\n'),
  });
  return { id: Number(row.id), email, sent_at: new Date(row.created_at).toISOString() };
}
