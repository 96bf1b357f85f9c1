import type {
  CampaignImportStarted,
  CampaignImportStatusResponse,
  importStatusQuery,
} from '@reach/contract/campaign-imports';
import { IMPORT_CSV_MAX_BYTES } from '@reach/contract/campaign-imports';
import { API_MESSAGE } from '@reach/contract/messages';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { campaignImportJob } from '../../jobs/campaign-import';
import { enqueue } from '../../jobs/job';
import { AppError } from '../../lib/app-error';
import type { UploadStream } from '../campaigns/media';
import { loadCampaign, lockOwnedCampaign, notFound } from '../campaigns/service';
import { type ParsedRow, parseInviteCsv } from './csv';
import { discoveryListRows } from './lists';
import { canReadImports, importRefusal } from './policy';
import { presentImportStatus } from './presenter';

/** Rows per INSERT: 5 parameters each stays far below PostgreSQL's 65,535. */
const INSERT_CHUNK = 1000;

async function assertCanImport(db: Kysely<DB>, actor: Actor, campaignId: number) {
  const refusal = importRefusal(actor, await loadCampaign(db, campaignId));
  if (refusal === 'not_found') throw notFound();
  if (refusal === 'not_active') throw new AppError('conflict', API_MESSAGE.importCampaignNotActive);
}

/** The upload into memory (it is at most 2 MB), refusing anything larger. */
async function readUpload(upload: UploadStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const tooLarge = () =>
    new AppError('payload_too_large', API_MESSAGE.importFileTooLarge, {
      file: API_MESSAGE.importFileTooLarge,
    });
  for await (const chunk of upload as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > IMPORT_CSV_MAX_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  // Past the request's limit the parser stops and marks the stream truncated.
  if (upload.truncated) throw tooLarge();
  return Buffer.concat(chunks);
}

/**
 * Stores the import, its rows (all pending: they are checked by the job, which reports bad ones with a
 * reason) and the job that processes them, in one transaction on the campaign's locked row — so an import
 * is never half-created, and two uploads at once cannot both start one.
 */
async function createImport(
  ctx: AppContext,
  actor: Actor,
  campaignId: number,
  source: 'csv' | 'list',
  rows: readonly ParsedRow[],
): Promise<CampaignImportStarted> {
  return ctx.db.transaction().execute(async (trx) => {
    const campaign = await lockOwnedCampaign(trx, actor, campaignId);
    const refusal = importRefusal(actor, campaign);
    if (refusal === 'not_found') throw notFound();
    if (refusal === 'not_active') throw new AppError('conflict', API_MESSAGE.importCampaignNotActive);
    const running = await trx
      .selectFrom('campaign_imports')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (running) throw new AppError('conflict', API_MESSAGE.importAlreadyRunning);

    const created = await trx
      .insertInto('campaign_imports')
      .values({
        campaign_id: campaignId,
        business_id: campaign.business_id,
        source,
        total: rows.length,
        created_by: actor.userId,
        created_at: ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('campaign_import_rows')
        .values(
          rows.slice(i, i + INSERT_CHUNK).map((r) => ({
            import_id: created.id,
            row_number: r.row_number,
            instagram_username: r.instagram_username,
            email: r.email,
          })),
        )
        .execute();
    }
    const jobId = await enqueue(trx, campaignImportJob, { import_id: created.id });
    await trx.updateTable('campaign_imports').set({ job_id: jobId }).where('id', '=', created.id).execute();
    return { import_id: created.id, total: rows.length };
  });
}

/** POST /campaign/{id}/influencer/import: a CSV of Instagram usernames and/or emails. */
export async function importFromCsv(
  ctx: AppContext,
  actor: Actor,
  campaignId: number,
  upload: UploadStream | undefined,
): Promise<CampaignImportStarted> {
  // Refuse before reading the body when the answer is already known.
  await assertCanImport(ctx.db, actor, campaignId);
  if (!upload)
    throw new AppError('validation', API_MESSAGE.importFileRequired, {
      file: API_MESSAGE.importFileRequired,
    });
  const rows = parseInviteCsv(await readUpload(upload));
  return createImport(ctx, actor, campaignId, 'csv', rows);
}

/** POST /campaign/{id}/influencer/import/list: the members of one of the business's discovery lists. */
export async function importFromList(
  ctx: AppContext,
  actor: Actor,
  campaignId: number,
  listId: number,
): Promise<CampaignImportStarted> {
  await assertCanImport(ctx.db, actor, campaignId);
  const rows = await discoveryListRows(ctx, actor, listId);
  if (!rows.length) throw new AppError('validation', API_MESSAGE.discoveryListEmpty);
  return createImport(ctx, actor, campaignId, 'list', rows);
}

/** GET /campaign/influencer/import/status: the campaign's latest import with every failed row. */
export async function getImportStatus(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof importStatusQuery>,
): Promise<CampaignImportStatusResponse> {
  const campaign = await loadCampaign(ctx.db, query.campaign_id);
  if (!canReadImports(actor, campaign, query.business_id)) throw notFound();
  const latest = await ctx.db
    .selectFrom('campaign_imports')
    .selectAll()
    .where('campaign_id', '=', query.campaign_id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) throw new AppError('not_found', API_MESSAGE.importNotFound);
  const failures = await ctx.db
    .selectFrom('campaign_import_rows')
    .select(['row_number', 'instagram_username', 'email', 'reason'])
    .where('import_id', '=', latest.id)
    .where('status', '=', 'failed')
    .orderBy('row_number')
    .execute();
  return presentImportStatus(latest, failures);
}
