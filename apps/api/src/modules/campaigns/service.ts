import {
  type AdminCampaignAction,
  CAMPAIGN_FIELD_LABELS,
  CAMPAIGN_TITLE_MAX_LENGTH,
  type Campaign,
  type CampaignAction,
  type CampaignField,
  type createCampaignBody,
  type updateCampaignBody,
} from '@reach/contract/campaigns';
import { API_MESSAGE } from '@reach/contract/messages';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import { CAMPAIGN_COLUMNS, CAMPAIGN_MEDIA_COLUMNS, columnsOf } from '../../db/columns';
import type { CampaignRow, CampaignStatusColumn, CampaignUpdate, DB } from '../../db/schema';
import { StatementShapes } from '../../db/statement-shapes';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { moneyOf, refundRemainingBudget, settleRefunds } from '../payments/funding';
import { unfundedRefusal } from '../payments/policy';
import { type BriefChange, deliverBriefNotices, recordBriefRevision } from './brief-revisions';
import { committedOf } from './pipeline';
import {
  type BriefValue,
  briefChanges,
  canDelete,
  canManage,
  canModerate,
  canView,
  earliestToday,
  editScope,
  endDateShortened,
  lockedFields,
  publishProblems,
  publishRefusal,
  recordsBriefRevisions,
  TRANSITIONS,
  transitionTarget,
} from './policy';
import { type DetailRow, presentCampaign } from './presenter';

type Db = Kysely<DB> | Transaction<DB>;
type CreateInput = z.output<typeof createCampaignBody>;
type UpdateInput = z.output<typeof updateCampaignBody>;

export const notFound = () => new AppError('not_found', API_MESSAGE.campaignNotFound);

export async function loadCampaign(db: Db, id: number, opts: { forUpdate?: boolean } = {}) {
  const forUpdate = opts.forUpdate === true;
  const [row] = await statements.execute(db, 'campaign', { id, forUpdate }, (v) => {
    const q = db.selectFrom('campaigns').selectAll().where('id', '=', v.id);
    return v.forUpdate ? q.forUpdate() : q;
  });
  return row;
}

/** The campaign page's statements (read on every view of a campaign), built and compiled once per shape. */
const statements = new StatementShapes();

/**
 * Whether an influencer takes part in a campaign: they have a conversation about it or a connection to it
 * (invited, applied, working on it or done). Participants keep seeing — and writing about — a campaign once
 * it is paused or completed (policy.canView / canMessage call this `hasThread`).
 */
export async function hasThread(db: Db, campaignId: number, influencerUserId: number): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('campaign_messages')
              .select('id')
              .where('campaign_id', '=', campaignId)
              .where('influencer_user_id', '=', influencerUserId),
          ),
          eb.exists(
            eb
              .selectFrom('connections')
              .select('id')
              .where('campaign_id', '=', campaignId)
              .where('influencer_user_id', '=', influencerUserId),
          ),
        ])
        .as('takes_part'),
    )
    .executeTakeFirstOrThrow();
  return !!row.takes_part;
}

/** A campaign the actor may see (with whether they, as an influencer, have a thread), else 404. */
export async function findVisibleCampaign(ctx: AppContext, actor: Actor, id: number) {
  const row = await loadCampaign(ctx.db, id);
  if (!row) throw notFound();
  const thread = actor.type === 'influencer' ? await hasThread(ctx.db, id, actor.userId) : false;
  if (!canView(actor, row, thread)) throw notFound();
  return { row, hasThread: thread };
}

/**
 * The actor's own campaign, locked FOR UPDATE inside `trx` so concurrent writes (two publishes, an upload
 * racing a reorder) run one after the other. Another business's campaign is a 404, never a 403.
 */
export async function lockOwnedCampaign(
  trx: Transaction<DB>,
  actor: Actor,
  id: number,
): Promise<CampaignRow> {
  const row = await loadCampaign(trx, id, { forUpdate: true });
  if (!row || !canManage(actor, row)) throw notFound();
  return row;
}

async function recordStatus(
  trx: Transaction<DB>,
  campaignId: number,
  from: CampaignStatusColumn | null,
  to: CampaignStatusColumn,
  actorId: number,
) {
  await trx
    .insertInto('campaign_status_events')
    .values({ campaign_id: campaignId, from_status: from, to_status: to, actor_id: actorId })
    .execute();
}

async function assertInterests(db: Db, ids: readonly number[] | undefined) {
  if (!ids?.length) return;
  const known = await db.selectFrom('interests').select('id').where('id', 'in', ids).execute();
  if (known.length !== ids.length) {
    throw new AppError('validation', API_MESSAGE.campaignUnknownInterests, {
      interests: API_MESSAGE.campaignUnknownInterests,
    });
  }
}

async function replaceInterests(trx: Transaction<DB>, campaignId: number, ids: readonly number[]) {
  await trx.deleteFrom('campaign_interests').where('campaign_id', '=', campaignId).execute();
  if (ids.length) {
    await trx
      .insertInto('campaign_interests')
      .values(ids.map((interest_id) => ({ campaign_id: campaignId, interest_id })))
      .execute();
  }
}

function assertDateOrder(start: string | null, end: string | null) {
  if (start && end && start > end) {
    throw new AppError('validation', API_MESSAGE.campaignDatesOrder, {
      end_date: API_MESSAGE.campaignDatesOrder,
    });
  }
}

/** Drops keys whose value is undefined: absent means "leave as is". */
function defined<T extends object>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as never;
}

/**
 * The full campaign as `actor` may see it (campaign visibility must already be checked): the page's row
 * (loadCampaignPage, unless given), its media, its money from the ledger and what accepted creators are owed.
 */
export async function presentCampaignFor(
  ctx: AppContext,
  actor: Actor,
  id: number,
  thread: boolean,
  page?: PageRow,
): Promise<Campaign> {
  const { db } = ctx;
  const found = page ?? (await loadCampaignPage(db, id, influencerOf(actor)));
  if (!found) throw notFound();
  const {
    page_interests: interests,
    page_messages: messages,
    page_brief_updated_at: briefUpdatedAt,
    ...row
  } = found;
  const [media, money, committed] = await Promise.all([
    statements.execute(db, 'media', { id }, (v) =>
      db
        .selectFrom('campaign_media')
        .select(MEDIA_COLUMNS)
        .where('campaign_id', '=', v.id)
        .orderBy('position')
        .orderBy('id'),
    ),
    moneyOf(db, id),
    committedOf(db, row),
  ]);
  return presentCampaign(ctx, actor, row, {
    interests,
    media,
    messages: Number(messages),
    hasThread: thread,
    money,
    committed,
    briefUpdatedAt,
  });
}

/**
 * The campaign's and its media's columns, listed (db/columns.ts): with a `*` the page's statements would be parsed
 * and planned on every run instead of prepared.
 */
const PAGE_CAMPAIGN_COLUMNS = columnsOf<'campaigns', 'c'>('c', CAMPAIGN_COLUMNS);
const MEDIA_COLUMNS = columnsOf<'campaign_media', 'campaign_media'>('campaign_media', CAMPAIGN_MEDIA_COLUMNS);

/** The campaign page's row: the campaign, its type and business names, interests, messages, latest brief revision. */
type PageRow = DetailRow & {
  page_interests: { id: number; name: string }[];
  /** The campaign's messages (an influencer's: theirs); count(*) arrives as a string on PostgreSQL. */
  page_messages: number | string;
  page_brief_updated_at: Date | null;
};

const influencerOf = (actor: Actor) => (actor.type === 'influencer' ? actor.userId : undefined);

/**
 * The campaign page's row in one statement (issue 17: four statements before): the campaign with its type and
 * business names, its interests by name (a JSON array of {id, name}), the count of its messages (only the
 * influencer's own for an influencer) and the time of its latest brief revision (brief-revisions.ts
 * latestBriefRevisionAt's), or undefined if there is no such campaign.
 */
async function loadCampaignPage(db: Db, id: number, influencerUserId: number | undefined) {
  const [row] = await statements.execute(db, 'page', { id, influencerUserId }, (v) =>
    db
      .selectFrom('campaigns as c')
      .innerJoin('campaign_types as t', 't.id', 'c.type_id')
      .innerJoin('businesses as b', 'b.id', 'c.business_id')
      .select(PAGE_CAMPAIGN_COLUMNS)
      .select(['t.name as type_name', 't.description as type_description', 'b.business_name'])
      .select((eb) => [
        sql<PageRow['page_interests']>`(
          SELECT coalesce(json_agg(json_build_object('id', i.id, 'name', i.name) ORDER BY i.name), '[]'::json)
          FROM campaign_interests ci JOIN interests i ON i.id = ci.interest_id WHERE ci.campaign_id = c.id)`.as(
          'page_interests',
        ),
        eb
          .selectFrom('campaign_messages as m')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('m.campaign_id', '=', 'c.id')
          .$if(v.influencerUserId !== undefined, (q) =>
            q.where('m.influencer_user_id', '=', v.influencerUserId as number),
          )
          .$asScalar()
          .$notNull()
          .as('page_messages'),
        eb
          .selectFrom('campaign_brief_revisions as r')
          .select('r.created_at')
          .whereRef('r.campaign_id', '=', 'c.id')
          .orderBy('r.id', 'desc')
          .limit(1)
          .$asScalar()
          .as('page_brief_updated_at'),
      ])
      .where('c.id', '=', v.id),
  );
  return row as PageRow | undefined;
}

/**
 * GET /campaign/{id}: the visibility check (findVisibleCampaign's) reads the page's own row, which holds every
 * column of the campaign, instead of the campaign in a statement of its own first.
 */
export async function getCampaign(ctx: AppContext, actor: Actor, id: number): Promise<Campaign> {
  const page = await loadCampaignPage(ctx.db, id, influencerOf(actor));
  if (!page) throw notFound();
  const thread = actor.type === 'influencer' ? await hasThread(ctx.db, id, actor.userId) : false;
  if (!canView(actor, page, thread)) throw notFound();
  return presentCampaignFor(ctx, actor, id, thread, page);
}

export async function listCampaignTypes(ctx: AppContext) {
  return ctx.db.selectFrom('campaign_types').select(['id', 'name', 'description']).orderBy('id').execute();
}

/** POST /campaigns: a new draft of the business. */
export async function createCampaign(ctx: AppContext, actor: Actor, body: CreateInput): Promise<Campaign> {
  if (actor.type !== 'business') throw new AppError('forbidden', API_MESSAGE.forbidden);
  const { businessId } = actor;
  const { interests, ...fields } = defined(body);
  assertDateOrder(fields.start_date ?? null, fields.end_date ?? null);
  await assertInterests(ctx.db, interests);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('campaigns')
      .values({ ...fields, type_id: body.type_id, business_id: businessId })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (interests) await replaceInterests(trx, row.id, interests);
    await recordStatus(trx, row.id, null, 'draft', actor.userId);
    return row.id;
  });
  return presentCampaignFor(ctx, actor, id, false);
}

/** The fields whose value an update really changes (a form may send unchanged values back). */
function changedFields(
  row: CampaignRow,
  fields: Partial<CampaignRow>,
  interests: { before: number[]; after?: number[] | undefined },
) {
  const changed: CampaignField[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if ((row as Record<string, unknown>)[key] !== value) changed.push(key as CampaignField);
  }
  if (interests.after) {
    const a = [...interests.before].sort((x, y) => x - y).join();
    const b = [...interests.after].sort((x, y) => x - y).join();
    if (a !== b) changed.push('interests');
  }
  return changed;
}

/** PUT /campaign/{id}: see policy.ts for which fields each status lets change. */
export async function updateCampaign(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: UpdateInput,
): Promise<Campaign> {
  const { interests, ...fields } = defined(body);
  await assertInterests(ctx.db, interests);
  const pending = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockOwnedCampaign(trx, actor, id);
    if (editScope(row.status) === 'none') {
      throw new AppError('conflict', API_MESSAGE.campaignTransition(row.status, 'changed'));
    }
    const before = interests
      ? (
          await trx
            .selectFrom('campaign_interests')
            .select('interest_id')
            .where('campaign_id', '=', id)
            .execute()
        ).map((r) => r.interest_id)
      : [];
    const changed = changedFields(row, fields, { before, after: interests });
    const locked = lockedFields(row.status, changed);
    if (locked.length) {
      throw new AppError(
        'conflict',
        API_MESSAGE.campaignLockedWhileActive(locked.map((f) => CAMPAIGN_FIELD_LABELS[f])),
        Object.fromEntries(
          locked.map((f) => [f, API_MESSAGE.campaignLockedWhileActive([CAMPAIGN_FIELD_LABELS[f]])]),
        ),
      );
    }
    const merged = { ...row, ...fields };
    assertDateOrder(merged.start_date, merged.end_date);
    if (row.status === 'active') {
      // An active campaign stays publishable: its copy cannot be emptied nor its end moved into the past.
      const refusal = publishRefusal(publishProblems(merged, earliestToday(ctx.now())));
      if (refusal) throw new AppError('unprocessable', refusal.message, refusal.fields);
      if (changed.includes('end_date') && endDateShortened(row.status, row.end_date, merged.end_date)) {
        throw new AppError('conflict', API_MESSAGE.campaignEndDateEarlier, {
          end_date: API_MESSAGE.campaignEndDateEarlier,
        });
      }
    }
    const set: CampaignUpdate = { ...fields, updated_at: ctx.now() };
    await trx.updateTable('campaigns').set(set).where('id', '=', id).execute();
    if (interests) await replaceInterests(trx, id, interests);
    if (!recordsBriefRevisions(row.status) || !changed.length) return [];
    const values = (source: Record<string, unknown>, ids: number[] | undefined) =>
      ({ ...source, interests: ids }) as Partial<Record<CampaignField, BriefValue>>;
    const changes: BriefChange[] = briefChanges(
      changed,
      values(row, before),
      values(merged, interests ?? before),
    );
    return recordBriefRevision(ctx, trx, row, actor.userId, changes);
  });
  await deliverBriefNotices(ctx, pending);
  return presentCampaignFor(ctx, actor, id, false);
}

const STAMP: Record<CampaignAction, (now: Date, row: CampaignRow) => CampaignUpdate> = {
  publish: (now, row) => ({ published_at: row.published_at ?? now, paused_at: null }),
  pause: (now) => ({ paused_at: now }),
  resume: () => ({ paused_at: null }),
  complete: (now) => ({ completed_at: now }),
  archive: (now) => ({ archived_at: now }),
};

/** What a status change's own steps see: the campaign as locked, before the change, and its new status. */
type StatusChange = { row: CampaignRow; target: CampaignStatusColumn };

/**
 * The one skeleton of a campaign status change, shared by the business's lifecycle actions and the admin's
 * moderation: in one transaction, lock the campaign (the caller's `lock`, which refuses with 404), refuse an
 * illegal transition (409), run the caller's `check`, end the budget when the campaign ends (complete or
 * archive: refused while a payment is pending, else what it still holds goes back), update the status with its
 * timestamp, write the status event and the caller's `record`; after the commit, settle the refunds, run the
 * caller's `notify` with what `record` returned, tell the influencers talking about it when it was running or
 * paused, and answer the campaign as the actor sees it.
 */
async function changeCampaignStatus<Recorded = undefined>(
  ctx: AppContext,
  actor: Actor,
  id: number,
  action: CampaignAction,
  steps: {
    lock: (trx: Transaction<DB>) => Promise<CampaignRow>;
    check?: (trx: Transaction<DB>, row: CampaignRow) => Promise<void>;
    record?: (trx: Transaction<DB>, change: StatusChange) => Promise<Recorded>;
    notify?: (recorded: Recorded) => Promise<void>;
  },
): Promise<Campaign> {
  const { from, to, refunds, recorded } = await ctx.db.transaction().execute(async (trx) => {
    const row = await steps.lock(trx);
    const target = transitionTarget(row.status, action);
    if (!target)
      throw new AppError('conflict', API_MESSAGE.campaignTransition(row.status, TRANSITIONS[action].verb));
    await steps.check?.(trx, row);
    let refunds: number[] = [];
    if (action === 'complete' || action === 'archive') {
      await refuseWhilePaying(trx, id);
      refunds = await refundRemainingBudget(ctx, trx, row, actor.userId);
    }
    const now = ctx.now();
    await trx
      .updateTable('campaigns')
      .set({ ...STAMP[action](now, row), status: target, updated_at: now })
      .where('id', '=', id)
      .execute();
    await recordStatus(trx, id, row.status, target, actor.userId);
    // Without a `record` step there is nothing to hand on (Recorded is then undefined).
    const recorded = (await steps.record?.(trx, { row, target })) as Recorded;
    return { from: row.status, to: target, refunds, recorded };
  });
  await settleRefunds(ctx, refunds);
  await steps.notify?.(recorded);
  if (from === 'active' || from === 'paused') await notifyParticipants(ctx, id, to);
  return presentCampaignFor(ctx, actor, id, false);
}

/**
 * POST /campaign/{id}/<action>: one status change and its event in one transaction, on the row locked
 * FOR UPDATE, so of concurrent identical calls exactly one succeeds and the others see the new status (409).
 * Publishing or resuming a cash or combination campaign needs its total budget funded; completing or
 * archiving one gives back what its budget still holds, in the same transaction (see payments/funding.ts).
 */
export async function transitionCampaign(
  ctx: AppContext,
  actor: Actor,
  id: number,
  action: CampaignAction,
): Promise<Campaign> {
  return changeCampaignStatus(ctx, actor, id, action, {
    lock: (trx) => lockOwnedCampaign(trx, actor, id),
    check: async (trx, row) => {
      if (action !== 'publish' && action !== 'resume') return;
      const refusal = publishRefusal(publishProblems(row, earliestToday(ctx.now())));
      if (refusal) throw new AppError('unprocessable', refusal.message, refusal.fields);
      const unfunded = unfundedRefusal(row, (await moneyOf(trx, id)).funded);
      if (unfunded) throw new AppError('unprocessable', unfunded.message, unfunded.fields);
    },
  });
}

/**
 * POST /admin/campaigns/{id}/<pause|archive>: an admin takes a campaign off the platform. The same status
 * machine as the business's own actions (illegal transitions → 409), the status event and an audit row in
 * one transaction; then the business and the influencers talking about it are told. Archiving ends the
 * campaign: like the business's own archive, the unspent budget goes back to its card.
 */
export async function moderateCampaign(
  ctx: AppContext,
  actor: Actor,
  id: number,
  action: AdminCampaignAction,
  reason?: string,
): Promise<Campaign> {
  if (!canModerate(actor, action)) throw new AppError('forbidden', API_MESSAGE.campaignAdminAction);
  return changeCampaignStatus(ctx, actor, id, action, {
    lock: async (trx) => {
      const row = await loadCampaign(trx, id, { forUpdate: true });
      if (!row) throw notFound();
      return row;
    },
    record: async (trx, { row, target }) => {
      await recordAudit(trx, {
        actorId: actor.userId,
        action: `campaign.${TRANSITIONS[action].verb}_by_admin`,
        subjectType: 'campaign',
        subjectId: id,
        data: { from: row.status, to: target, reason: reason ?? null },
      });
      const owner = await trx
        .selectFrom('businesses')
        .select('user_id')
        .where('id', '=', row.business_id)
        .executeTakeFirstOrThrow();
      return { businessUserId: owner.user_id, title: row.title };
    },
    notify: async ({ businessUserId, title }) => {
      await ctx.notifier.notify(businessUserId, {
        category: 'campaigns',
        body: `The REACH team ${TRANSITIONS[action].verb} your campaign "${title ?? 'Untitled draft'}"${reason ? `: ${reason}` : '.'}`,
        link: `/business/campaigns/${id}`,
      });
    },
  });
}

/** A campaign cannot end while a payment into its budget is still being processed. */
async function refuseWhilePaying(trx: Transaction<DB>, campaignId: number) {
  const pending = await trx
    .selectFrom('charges')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (pending) throw new AppError('conflict', API_MESSAGE.fundingInProgress);
}

/** Tells the influencers who talk with the business about a campaign that it paused, resumed or ended. */
async function notifyParticipants(ctx: AppContext, campaignId: number, to: CampaignStatusColumn) {
  const verb = {
    active: 'is running again',
    paused: 'is paused',
    completed: 'has ended',
    archived: '', // the influencer can no longer open it: nothing to point to
    draft: '',
  }[to];
  if (!verb) return;
  const [campaign, influencers] = await Promise.all([
    ctx.db
      .selectFrom('campaigns as c')
      .innerJoin('businesses as b', 'b.id', 'c.business_id')
      .select(['c.title', 'b.business_name'])
      .where('c.id', '=', campaignId)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('campaign_messages')
      .select('influencer_user_id')
      .distinct()
      .where('campaign_id', '=', campaignId)
      .execute(),
  ]);
  for (const { influencer_user_id } of influencers) {
    await ctx.notifier.notify(influencer_user_id, {
      category: 'campaigns',
      body: `${campaign.business_name ?? 'A business'}'s campaign "${campaign.title ?? 'Untitled'}" ${verb}.`,
      link: `/influencer/campaigns/${campaignId}`,
    });
  }
}

/** POST /campaign/{id}/duplicate: a new draft with the same fields, interests and media files. */
export async function duplicateCampaign(ctx: AppContext, actor: Actor, id: number): Promise<Campaign> {
  const copyId = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockOwnedCampaign(trx, actor, id);
    const {
      id: _id,
      status: _status,
      published_at: _p,
      paused_at: _pa,
      completed_at: _c,
      archived_at: _a,
      created_at: _cr,
      updated_at: _u,
      ...fields
    } = row;
    const title = row.title ? `${row.title} (copy)`.slice(0, CAMPAIGN_TITLE_MAX_LENGTH) : null;
    const copy = await trx
      .insertInto('campaigns')
      .values({ ...fields, title })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('campaign_interests')
      .columns(['campaign_id', 'interest_id'])
      .expression((eb) =>
        eb
          .selectFrom('campaign_interests')
          .select((e) => [e.val(copy.id).as('campaign_id'), 'interest_id'])
          .where('campaign_id', '=', id),
      )
      .execute();
    // The copy refers to the same stored files; a file is deleted only when its last row goes.
    await trx
      .insertInto('campaign_media')
      .columns(['campaign_id', 'key', 'mime', 'size_bytes', 'position'])
      .expression((eb) =>
        eb
          .selectFrom('campaign_media')
          .select((e) => [e.val(copy.id).as('campaign_id'), 'key', 'mime', 'size_bytes', 'position'])
          .where('campaign_id', '=', id),
      )
      .execute();
    await recordStatus(trx, copy.id, null, 'draft', actor.userId);
    return copy.id;
  });
  return presentCampaignFor(ctx, actor, copyId, false);
}

/**
 * DELETE /campaign/{id}: drafts only; their files go too unless a duplicate still uses them. A funded draft's
 * budget goes back to the card first (the ledger keeps its history).
 */
export async function deleteCampaign(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const { keys, refunds } = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockOwnedCampaign(trx, actor, id);
    if (!canDelete(row.status))
      throw new AppError('conflict', API_MESSAGE.campaignTransition(row.status, 'deleted'));
    await refuseWhilePaying(trx, id);
    const refunds = await refundRemainingBudget(ctx, trx, row, actor.userId);
    const media = await trx
      .selectFrom('campaign_media')
      .select('key')
      .where('campaign_id', '=', id)
      .execute();
    await trx.deleteFrom('campaigns').where('id', '=', id).execute();
    return { keys: media.map((m) => m.key), refunds };
  });
  await settleRefunds(ctx, refunds);
  await deleteUnusedFiles(ctx, keys);
}

/** Removes stored files no campaign_media row refers to any more (after the deleting transaction commits). */
export async function deleteUnusedFiles(ctx: AppContext, keys: readonly string[]) {
  for (const key of new Set(keys)) {
    const used = await ctx.db
      .selectFrom('campaign_media')
      .select('id')
      .where('key', '=', key)
      .limit(1)
      .executeTakeFirst();
    if (used) continue;
    await ctx.storage
      .delete(key)
      .catch((err) => ctx.log.warn({ err, key }, 'campaign media file not deleted'));
  }
}
