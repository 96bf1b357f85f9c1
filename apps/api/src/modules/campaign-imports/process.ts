import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { CampaignImportStatus } from '@reach/contract/campaign-imports';
import { LIVE_CONNECTION_STATUSES } from '@reach/contract/connections';
import { API_MESSAGE } from '@reach/contract/messages';
import { OUTREACH_REASONS } from '@reach/contract/outreach';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { JobInterrupted, type JobRun } from '../../jobs/job';
import { insertConnection } from '../connections/service';
import { deliverNow } from '../mail/delivery';
import { queueMails } from '../mail/queue';
import type { NotifyInput } from '../notifications/service';
import { invitationMailFor } from '../outreach/service';
import { INVITING_STATUSES } from './policy';
import { checkRow } from './rows';

/** Rows per transaction: small enough to keep PGlite's single connection responsive between batches. */
export const IMPORT_BATCH_SIZE = 50;

type Progress = { total: number; done: number; failed: number; status: CampaignImportStatus };
type Pending = {
  input: NotifyInput;
  row: Awaited<ReturnType<AppContext['notifier']['store']>>;
};

/** The campaign and business an import invites into, as the batch sees them. */
async function campaignOf(db: Kysely<DB>, importId: number) {
  return db
    .selectFrom('campaign_imports as i')
    .innerJoin('campaigns as c', 'c.id', 'i.campaign_id')
    .innerJoin('businesses as b', 'b.id', 'i.business_id')
    .select([
      'i.id',
      'i.campaign_id',
      'i.business_id',
      'i.source',
      'i.status',
      'i.created_by',
      'c.title',
      'b.business_name',
      'b.user_id as business_user_id',
    ])
    .where('i.id', '=', importId)
    .executeTakeFirst();
}
type ImportContext = NonNullable<Awaited<ReturnType<typeof campaignOf>>>;

function publish(ctx: AppContext, imp: ImportContext, progress: Progress) {
  ctx.live.publish(imp.business_user_id, {
    type: 'import-progress',
    campaign_id: imp.campaign_id,
    import_id: imp.id,
    ...progress,
  });
}

async function deliver(ctx: AppContext, pending: readonly Pending[]) {
  for (const p of pending) await ctx.notifier.deliver(p.row, p.input);
}

/**
 * One batch, in one transaction: the next pending rows (locked, so two workers never take the same ones)
 * are checked, matched to existing influencers (by Instagram username, else email), invited — the unique
 * indexes of campaign_invitations turn a second invitation of the same person into a no-op, reported as
 * "already invited" — and their statuses, the import's counters and the invited influencers' notifications
 * are written with them. A crash loses at most the uncommitted batch, which the next run redoes.
 */
async function processBatch(
  ctx: AppContext,
  trx: Transaction<DB>,
  imp: ImportContext,
  batchSize: number,
): Promise<{ progress: Progress; notifications: Pending[]; mails: number[] } | null> {
  const rows = await trx
    .selectFrom('campaign_import_rows')
    .selectAll()
    .where('import_id', '=', imp.id)
    .where('status', '=', 'pending')
    .orderBy('row_number')
    .limit(batchSize)
    .forUpdate()
    .skipLocked()
    .execute();
  if (!rows.length) return null;

  const campaign = await trx
    .selectFrom('campaigns')
    .select('status')
    .where('id', '=', imp.campaign_id)
    .executeTakeFirst();
  const inviting = !!campaign && INVITING_STATUSES.includes(campaign.status);

  const failures = new Map<number, string>();
  const valid: { row_number: number; instagram_username: string | null; email: string | null }[] = [];
  for (const row of rows) {
    const checked = inviting
      ? checkRow(row)
      : { ok: false as const, reason: API_MESSAGE.importRowCampaignClosed };
    if (checked.ok) valid.push({ row_number: row.row_number, ...checked });
    else failures.set(row.row_number, checked.reason);
  }

  const invitedUsers = new Set<number>();
  const mails: number[] = [];
  if (valid.length) {
    const usernames = [...new Set(valid.map((v) => v.instagram_username).filter((v) => v !== null))];
    const emails = [...new Set(valid.map((v) => v.email).filter((v) => v !== null))];
    const [byUsername, byEmail] = await Promise.all([
      usernames.length
        ? trx
            .selectFrom('influencer_profiles as p')
            .innerJoin('users as u', 'u.id', 'p.user_id')
            .select([sql<string>`lower(p.instagram_username)`.as('key'), 'u.id'])
            .where((eb) => eb(eb.fn('lower', ['p.instagram_username']), 'in', usernames))
            .where('u.type', '=', 'influencer')
            .where('u.status', '=', 'active')
            .execute()
        : [],
      emails.length
        ? trx
            .selectFrom('users')
            .select([sql<string>`lower(email)`.as('key'), 'id'])
            .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
            .where('type', '=', 'influencer')
            .where('status', '=', 'active')
            .execute()
        : [],
    ]);
    const userByUsername = new Map(byUsername.map((r) => [r.key, r.id]));
    const userByEmail = new Map(byEmail.map((r) => [r.key, r.id]));
    const matched = valid.map((v) => ({
      ...v,
      user:
        (v.instagram_username ? userByUsername.get(v.instagram_username) : undefined) ??
        (v.email ? userByEmail.get(v.email) : undefined) ??
        null,
    }));

    // Someone already invited to (or working on) this campaign, e.g. directly from the directory, is a duplicate.
    const users = [...new Set(matched.map((m) => m.user).filter((u) => u !== null))];
    const connected = new Set(
      users.length
        ? (
            await trx
              .selectFrom('connections')
              .select('influencer_user_id')
              .where('campaign_id', '=', imp.campaign_id)
              .where('influencer_user_id', 'in', users)
              .where('status', 'in', LIVE_CONNECTION_STATUSES)
              .execute()
          ).map((r) => r.influencer_user_id)
        : [],
    );
    const fresh = matched.filter((m) => m.user === null || !connected.has(m.user));
    for (const m of matched)
      if (!fresh.includes(m)) failures.set(m.row_number, API_MESSAGE.importRowDuplicate);

    const inserted = fresh.length
      ? await trx
          .insertInto('campaign_invitations')
          .values(
            fresh.map((v) => ({
              campaign_id: imp.campaign_id,
              business_id: imp.business_id,
              influencer_user_id: v.user,
              instagram_username: v.instagram_username,
              email: v.email,
              source: imp.source,
              import_id: imp.id,
              import_row_number: v.row_number,
              // A member is invited in the app; anyone else is mailed the campaign's invite link, if we can.
              delivery:
                v.user !== null ? ('in_app' as const) : v.email ? ('queued' as const) : ('none' as const),
              reason: v.user === null && !v.email ? OUTREACH_REASONS.noEmail : null,
              created_at: ctx.now(),
              updated_at: ctx.now(),
            })),
          )
          // No conflict target: any of the three "invited once" indexes makes the row a duplicate.
          .onConflict((oc) => oc.doNothing())
          .returning(['id', 'import_row_number', 'influencer_user_id', 'email'])
          .execute()
      : [];
    // Unmatched people with an address are mailed the invite link of their own record, queued with it.
    const campaign = {
      id: imp.campaign_id,
      business_id: imp.business_id,
      title: imp.title,
      business_name: imp.business_name,
    };
    const toMail = [];
    for (const r of inserted) {
      if (r.influencer_user_id !== null || !r.email) continue;
      toMail.push(
        await invitationMailFor(ctx, {
          outreachId: r.id,
          to: r.email,
          campaign,
          issuedBy: imp.created_by ?? imp.business_user_id,
        }),
      );
    }
    mails.push(...(await queueMails(trx, toMail, ctx.now())));
    const invited = new Set(inserted.map((r) => r.import_row_number));
    // Matched invitations become connections at once, in this batch's transaction: a resumed import redoes
    // only uncommitted batches, and the invitation's unique indexes stop a second one for the same person.
    for (const r of inserted) {
      if (r.influencer_user_id === null) continue;
      const connectionId = await insertConnection(trx, {
        businessId: imp.business_id,
        campaignId: imp.campaign_id,
        influencerUserId: r.influencer_user_id,
        status: 'invited',
        source: imp.source,
        actorUserId: imp.created_by,
        at: ctx.now(),
      });
      if (connectionId === null) continue;
      await trx
        .updateTable('campaign_invitations')
        .set({ status: 'converted', connection_id: connectionId })
        .where('id', '=', r.id)
        .execute();
      invitedUsers.add(r.influencer_user_id);
    }
    for (const v of fresh)
      if (!invited.has(v.row_number)) failures.set(v.row_number, API_MESSAGE.importRowDuplicate);
  }

  const invitedRows = rows.map((r) => r.row_number).filter((n) => !failures.has(n));
  if (invitedRows.length) {
    await trx
      .updateTable('campaign_import_rows')
      .set({ status: 'invited', reason: null })
      .where('import_id', '=', imp.id)
      .where('row_number', 'in', invitedRows)
      .execute();
  }
  if (failures.size) {
    const values = sql.join([...failures].map(([n, reason]) => sql`(${n}::integer, ${reason}::text)`));
    await sql`
      UPDATE campaign_import_rows AS r SET status = 'failed', reason = v.reason
      FROM (VALUES ${values}) AS v(row_number, reason)
      WHERE r.import_id = ${imp.id} AND r.row_number = v.row_number`.execute(trx);
  }
  const counters = await trx
    .updateTable('campaign_imports')
    .set((eb) => ({
      done: eb('done', '+', invitedRows.length),
      failed: eb('failed', '+', failures.size),
    }))
    .where('id', '=', imp.id)
    .returning(['total', 'done', 'failed', 'status'])
    .executeTakeFirstOrThrow();

  const notifications: Pending[] = [];
  for (const userId of invitedUsers) {
    const input: NotifyInput = {
      category: 'connections',
      body: `${imp.business_name ?? 'A business'} invited you to "${imp.title ?? 'a campaign'}".`,
      link: `/influencer/campaigns/${imp.campaign_id}`,
    };
    notifications.push({ input, row: await ctx.notifier.store(trx, userId, input) });
  }
  return { progress: counters, notifications, mails };
}

/**
 * Processes an import until no row is pending, then marks it done and tells the business. Safe to run
 * again at any point (see processBatch). Stops between batches when the worker is stopping.
 * `maxBatches` lets tests stop part-way, as a crash would.
 */
export async function processImport(
  ctx: AppContext,
  importId: number,
  run: Pick<JobRun, 'signal' | 'heartbeat'>,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<'finished' | 'stopped'> {
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  // Deleted with its campaign, or already finished by an earlier run: nothing to do.
  const imp = await campaignOf(ctx.db, importId);
  if (!imp || imp.status === 'done' || imp.status === 'failed') return 'finished';
  await ctx.db
    .updateTable('campaign_imports')
    .set((eb) => ({ status: 'running', started_at: eb.fn.coalesce('started_at', eb.val(ctx.now())) }))
    .where('id', '=', importId)
    .where('status', 'in', ['queued', 'running'])
    .execute();

  for (let batch = 0; ; batch++) {
    if (run.signal.aborted) throw new JobInterrupted();
    if (options.maxBatches !== undefined && batch >= options.maxBatches) return 'stopped';
    const result = await ctx.db.transaction().execute((trx) => processBatch(ctx, trx, imp, batchSize));
    if (!result) break;
    publish(ctx, imp, result.progress);
    await deliver(ctx, result.notifications);
    await deliverNow(ctx, result.mails);
    await run.heartbeat();
    // PGlite runs in this thread and a batch never waits on I/O: without a pause the whole import would run
    // before the server reads its next request. Let pending requests in between batches.
    await yieldToEventLoop();
  }

  const finished = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('campaign_imports')
      .set({ status: 'done', finished_at: ctx.now() })
      .where('id', '=', importId)
      .where('status', 'in', ['queued', 'running'])
      .returning(['total', 'done', 'failed', 'status'])
      .executeTakeFirst();
    if (!row) return null;
    const input: NotifyInput = {
      category: 'campaigns',
      body:
        `Your import into "${imp.title ?? 'your campaign'}" is complete: ${row.done} ${row.done === 1 ? 'influencer' : 'influencers'} invited` +
        (row.failed ? `, ${row.failed} ${row.failed === 1 ? 'row' : 'rows'} could not be invited.` : '.'),
      link: `/business/campaigns/${imp.campaign_id}`,
    };
    return {
      progress: row,
      pending: {
        input,
        row: await ctx.notifier.store(trx, imp.business_user_id, input),
      },
    };
  });
  if (finished) {
    publish(ctx, imp, finished.progress);
    await deliver(ctx, [finished.pending]);
  }
  return 'finished';
}

/** The job failed for good: the import stops where it is, and the business is told. */
export async function failImport(ctx: AppContext, importId: number, error: string): Promise<void> {
  const imp = await campaignOf(ctx.db, importId);
  if (!imp) return;
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('campaign_imports')
      .set({ status: 'failed', finished_at: ctx.now() })
      .where('id', '=', importId)
      .where('status', 'in', ['queued', 'running'])
      .returning(['total', 'done', 'failed', 'status'])
      .executeTakeFirst();
    if (!row) return null;
    const input: NotifyInput = {
      category: 'campaigns',
      body: `Your import into "${imp.title ?? 'your campaign'}" stopped before it finished (${row.done} invited, ${row.total - row.done - row.failed} not processed). Please try again.`,
      link: `/business/campaigns/${imp.campaign_id}`,
    };
    return {
      progress: row,
      pending: {
        input,
        row: await ctx.notifier.store(trx, imp.business_user_id, input),
      },
    };
  });
  ctx.log.error({ importId, error }, 'campaign import failed');
  if (result) {
    publish(ctx, imp, result.progress);
    await deliver(ctx, [result.pending]);
  }
}
