import { API_MESSAGE } from '@reach/contract/messages';
import type { campaignOutreachQuery, OutreachPage, outreachQuery } from '@reach/contract/outreach';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { inviteRefusal } from '../connections/policy';
import { discoveryBusiness } from '../discovery/policy';
import type { DiscoveryProvider } from '../discovery/provider';
import { signInviteLink } from '../invites/service';
import { deliverNow } from '../mail/delivery';
import { queueMails } from '../mail/queue';
import { canReadOutreach } from './policy';
import { presentOutreachPage } from './presenter';
import { outreachPageOf } from './queries';

/*
 * Outreach: the invitations a business sends to creators outside (or inside) REACH, and what became of them.
 * Every invitation is one record per (campaign, person) in campaign_invitations; a mailed one carries its own
 * sign-up link (the token names the record), so opening it, signing up and answering are recorded on it.
 */

function discoveryBusinessId(actor: Actor): number {
  const result = discoveryBusiness(actor);
  if ('refusal' in result) throw new AppError('forbidden', result.refusal);
  return result.businessId;
}

/** The invitation mail: the business's words (when it wrote some) and the record's own sign-up link. */
export function invitationMail(input: {
  to: string;
  businessName: string | null;
  campaignTitle: string | null;
  message?: string | null | undefined;
  link: { url: string; expires_at: string };
}) {
  const business = input.businessName ?? 'A business';
  const title = input.campaignTitle ?? 'their campaign';
  return {
    to: input.to,
    subject: `${business} invites you to "${title}" on REACH`,
    text: [
      `${business} would like to work with you on their campaign "${title}".`,
      ...(input.message?.trim() ? ['', input.message.trim()] : []),
      '',
      `Join REACH with this link to accept (valid until ${input.link.expires_at.slice(0, 10)}):`,
      input.link.url,
    ].join('\n'),
  };
}

/** The invitation mail of one record: its own sign-up link (the token names the record). */
export async function invitationMailFor(
  ctx: AppContext,
  input: {
    outreachId: number;
    to: string;
    campaign: { id: number; business_id: number; title: string | null; business_name: string | null };
    issuedBy: number;
    message?: string | null | undefined;
  },
) {
  const link = await signInviteLink(ctx, {
    campaignId: input.campaign.id,
    businessId: input.campaign.business_id,
    issuedBy: input.issuedBy,
    outreachId: input.outreachId,
  });
  return {
    ...invitationMail({
      to: input.to,
      businessName: input.campaign.business_name,
      campaignTitle: input.campaign.title,
      message: input.message,
      link,
    }),
    invitationId: input.outreachId,
  };
}

/**
 * POST /discovery/invite/message: mails a discovered influencer the business's message with a sign-up link to
 * one of its active campaigns, and records the invitation as an outreach record (source 'discovery'). The
 * record and its mail are written together; the mail is delivered right after (retried by the mail.send job
 * when that fails). Inviting the same person to the same campaign again mails them again on the same record;
 * someone already on the campaign is a 409.
 */
export async function inviteDiscovered(
  ctx: AppContext,
  provider: DiscoveryProvider,
  actor: Actor,
  body: { modash_id: string; campaign_id: number; message: string; email?: string | undefined },
) {
  const businessId = discoveryBusinessId(actor);
  const campaign = await ctx.db
    .selectFrom('campaigns as c')
    .innerJoin('businesses as b', 'b.id', 'c.business_id')
    .select(['c.id', 'c.title', 'c.status', 'c.business_id', 'b.business_name'])
    .where('c.id', '=', body.campaign_id)
    .executeTakeFirst();
  const refusal = inviteRefusal(actor, campaign);
  if (refusal) throw new AppError(refusal.code, refusal.message);
  const email = (body.email ?? (await provider.contactEmail(body.modash_id)))?.trim();
  if (!email)
    throw new AppError('validation', API_MESSAGE.discoveryInviteNoEmail, {
      email: API_MESSAGE.discoveryInviteNoEmail,
    });
  const member = await ctx.db
    .selectFrom('discovery_list_members as m')
    .innerJoin('discovery_lists as l', 'l.id', 'm.list_id')
    .select('m.username')
    .where('l.business_id', '=', businessId)
    .where('m.modash_id', '=', body.modash_id)
    .executeTakeFirst();
  // Who it is: the list's handle, else what the local index knows of the profile (name and handle).
  const indexed = await ctx.db
    .selectFrom('influencer_index')
    .select(['fullname', 'username', 'platform'])
    .where('modash_id', '=', body.modash_id)
    .executeTakeFirst();
  const indexedInstagram = indexed?.platform === 'instagram' ? indexed.username : undefined;
  const username = (member?.username ?? indexedInstagram)?.replace(/^@/, '') || null;
  const name = indexed?.fullname?.trim() || null;

  const { outreachId, mailId } = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const inserted = await trx
      .insertInto('campaign_invitations')
      .values({
        campaign_id: campaign!.id,
        business_id: businessId,
        email,
        instagram_username: username,
        name,
        modash_id: body.modash_id,
        source: 'discovery',
        delivery: 'queued',
        created_at: now,
        updated_at: now,
      })
      // One record per person and campaign: the same address (or username) again reuses the record.
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    let record = inserted;
    if (!record) {
      const existing = await trx
        .selectFrom('campaign_invitations')
        .select(['id', 'status'])
        .where('campaign_id', '=', campaign!.id)
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['email']), '=', email.toLowerCase()),
            ...(username ? [eb(eb.fn('lower', ['instagram_username']), '=', username.toLowerCase())] : []),
          ]),
        )
        .orderBy('id')
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (existing.status === 'converted')
        throw new AppError(
          'conflict',
          API_MESSAGE.connectionDuplicateInvite(username ? `@${username}` : email),
        );
      record = existing;
    }
    if (!inserted)
      await trx
        .updateTable('campaign_invitations')
        .set({ modash_id: body.modash_id, email: sql`coalesce(email, ${email})` })
        .where('id', '=', record.id)
        .execute();
    // The log of messages sent from discovery (kept as before the outreach records).
    await trx
      .insertInto('discovery_invites')
      .values({
        business_id: businessId,
        sent_by: actor.userId,
        campaign_id: campaign!.id,
        modash_id: body.modash_id,
        username,
        email,
        message: body.message,
        created_at: now,
      })
      .execute();
    await trx
      .updateTable('campaign_invitations')
      .set({ delivery: 'queued', reason: null, updated_at: now })
      .where('id', '=', record.id)
      .execute();
    const mail = await invitationMailFor(ctx, {
      outreachId: record.id,
      to: email,
      campaign: campaign!,
      issuedBy: actor.userId,
      message: body.message,
    });
    const [mailId] = await queueMails(trx, [mail], now);
    return { outreachId: record.id, mailId: mailId! };
  });
  await deliverNow(ctx, [mailId]);
  const record = await ctx.db
    .selectFrom('campaign_invitations')
    .select(['sent_at', 'updated_at'])
    .where('id', '=', outreachId)
    .executeTakeFirstOrThrow();
  return {
    id: outreachId,
    email,
    sent_at: new Date(record.sent_at ?? record.updated_at).toISOString(),
  };
}

const outreachNotFound = () => new AppError('not_found', API_MESSAGE.campaignNotFound);

/** GET /campaign/{id}/outreach: the campaign's records, for its business and admins (others: 404). */
export async function campaignOutreach(
  ctx: AppContext,
  actor: Actor,
  campaignId: number,
  query: z.output<typeof campaignOutreachQuery>,
): Promise<OutreachPage> {
  const campaign = await ctx.db
    .selectFrom('campaigns')
    .select('business_id')
    .where('id', '=', campaignId)
    .executeTakeFirst();
  if (!canReadOutreach(actor, campaign)) throw outreachNotFound();
  const { rows, total, counts } = await outreachPageOf(ctx.db, { campaignId }, query);
  return presentOutreachPage(rows, total, counts);
}

/** GET /outreach: the business's records across its campaigns; another business's campaign is a 404. */
export async function businessOutreach(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof outreachQuery>,
): Promise<OutreachPage> {
  if (actor.type !== 'business') throw new AppError('forbidden', API_MESSAGE.forbidden);
  if (query.campaign_id !== undefined) {
    const campaign = await ctx.db
      .selectFrom('campaigns')
      .select('business_id')
      .where('id', '=', query.campaign_id)
      .executeTakeFirst();
    if (!canReadOutreach(actor, campaign)) throw outreachNotFound();
  }
  const { rows, total, counts } = await outreachPageOf(
    ctx.db,
    { businessId: actor.businessId, campaignId: query.campaign_id },
    query,
  );
  return presentOutreachPage(rows, total, counts);
}
