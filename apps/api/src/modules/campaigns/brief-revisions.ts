import { BRIEF_FIELD_LABELS, type CampaignBriefRevision } from '@reach/contract/campaigns';
import { API_MESSAGE } from '@reach/contract/messages';
import type { Kysely, Transaction } from 'kysely';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import type { CampaignRow, DB } from '../../db/schema';
import { StatementShapes } from '../../db/statement-shapes';
import { AppError } from '../../lib/app-error';
import type { NotifyInput } from '../notifications/service';
import { type BriefValue, briefNoticeDue, canManage } from './policy';
import { presentBriefRevision } from './presenter';

/*
 * The brief's history (issue 12): a change to a published campaign (policy.recordsBriefRevisions) is written
 * as one campaign_brief_revisions row in the transaction of the change, and the creators working on it (their
 * connection is accepted) get a notification stored in that transaction and delivered after it commits.
 */

type Db = Kysely<DB> | Transaction<DB>;

export type BriefChange = { field: string; old: BriefValue; new: BriefValue };

/** A notification stored with its change, to deliver once the transaction committed. */
export type PendingNotice = {
  input: NotifyInput;
  row: Awaited<ReturnType<AppContext['notifier']['store']>>;
};

/** The last time the campaign's brief changed after publishing, or null. */
/** The campaign page's read of its latest revision, built and compiled once. */
const latest = new StatementShapes();

export async function latestBriefRevisionAt(db: Db, campaignId: number): Promise<Date | null> {
  const [row] = await latest.execute(db, 'latest-revision', { campaignId }, (v) =>
    db
      .selectFrom('campaign_brief_revisions')
      .select('created_at')
      .where('campaign_id', '=', v.campaignId)
      .orderBy('id', 'desc')
      .limit(1),
  );
  return row?.created_at ?? null;
}

/**
 * Records one revision of `campaign` (locked by the caller's transaction) and stores the notices to its
 * accepted creators — unless the previous revision is so recent that they were just told.
 */
export async function recordBriefRevision(
  ctx: AppContext,
  trx: Transaction<DB>,
  campaign: CampaignRow,
  userId: number,
  changes: readonly BriefChange[],
): Promise<PendingNotice[]> {
  if (!changes.length) return [];
  const now = ctx.now();
  const previous = await latestBriefRevisionAt(trx, campaign.id);
  await trx
    .insertInto('campaign_brief_revisions')
    .values({
      campaign_id: campaign.id,
      user_id: userId,
      changes: JSON.stringify(changes),
      created_at: now,
    })
    .execute();
  if (!briefNoticeDue(previous, now)) return [];
  const [business, creators] = await Promise.all([
    trx
      .selectFrom('businesses')
      .select('business_name')
      .where('id', '=', campaign.business_id)
      .executeTakeFirst(),
    trx
      .selectFrom('connections')
      .select('influencer_user_id')
      .distinct()
      .where('campaign_id', '=', campaign.id)
      .where('status', '=', 'accepted')
      .orderBy('influencer_user_id')
      .execute(),
  ]);
  const who = business?.business_name ?? 'The business';
  const title = campaign.title ?? 'Untitled campaign';
  const input: NotifyInput = {
    category: 'campaigns',
    body: `${who} updated the brief of "${title}".`,
    link: `/influencer/campaigns/${campaign.id}`,
    emailSubject: `REACH: ${who} updated the brief of "${title}"`,
  };
  const pending: PendingNotice[] = [];
  for (const { influencer_user_id } of creators) {
    pending.push({ input, row: await ctx.notifier.store(trx, influencer_user_id, input) });
  }
  return pending;
}

/** Pushes and mails the notices once their transaction committed. */
export async function deliverBriefNotices(ctx: AppContext, pending: readonly PendingNotice[]) {
  for (const p of pending) await ctx.notifier.deliver(p.row, p.input);
}

/** GET /campaign/{id}/brief-revisions: the owning business and admins (another business: 404); newest first. */
export async function listBriefRevisions(
  ctx: AppContext,
  actor: Actor,
  campaignId: number,
): Promise<{ data: CampaignBriefRevision[] }> {
  const campaign = await ctx.db
    .selectFrom('campaigns')
    .select(['id', 'business_id', 'status'])
    .where('id', '=', campaignId)
    .executeTakeFirst();
  if (!campaign || !(actor.type === 'admin' || canManage(actor, campaign))) {
    throw new AppError('not_found', API_MESSAGE.campaignNotFound);
  }
  const rows = await ctx.db
    .selectFrom('campaign_brief_revisions as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.created_at', 'r.changes', 'r.user_id', 'u.given_name', 'u.family_name'])
    .where('r.campaign_id', '=', campaignId)
    .orderBy('r.id', 'desc')
    .execute();
  return { data: rows.map((r) => presentBriefRevision(r, BRIEF_FIELD_LABELS)) };
}
