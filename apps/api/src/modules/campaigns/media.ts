import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { CampaignMedia } from '@reach/contract/campaigns';
import {
  CAMPAIGN_IMAGE_MAX_BYTES,
  CAMPAIGN_MEDIA_TYPES,
  CAMPAIGN_VIDEO_MAX_BYTES,
  type CampaignMediaType,
  MAX_CAMPAIGN_MEDIA,
} from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import type { Transaction } from 'kysely';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import type { CampaignRow, DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { deliverBriefNotices, type PendingNotice, recordBriefRevision } from './brief-revisions';
import { canChangeMedia, canManage, recordsBriefRevisions } from './policy';
import { presentMedia } from './presenter';
import { deleteUnusedFiles, loadCampaign, lockOwnedCampaign, notFound } from './service';

/** Bytes file-type needs to recognise any of the accepted formats. */
const SNIFF_BYTES = 4100;

/** An uploaded file as @fastify/multipart hands it over: a stream that is `truncated` past the request limit. */
export type UploadStream = Readable & { truncated?: boolean };

const mediaLocked = () => new AppError('conflict', API_MESSAGE.campaignMediaLocked);
const tooMany = () =>
  new AppError('validation', API_MESSAGE.campaignTooManyMedia, { file: API_MESSAGE.campaignTooManyMedia });

/** On a published campaign a media change is a brief revision (media ids before and after, in order). */
async function recordMediaRevision(
  ctx: AppContext,
  trx: Transaction<DB>,
  campaign: CampaignRow,
  userId: number,
  before: readonly number[],
): Promise<PendingNotice[]> {
  if (!recordsBriefRevisions(campaign.status)) return [];
  const after = (await listMedia(trx, campaign.id)).map((m) => m.id);
  if (before.join() === after.join()) return [];
  return recordBriefRevision(ctx, trx, campaign, userId, [{ field: 'media', old: [...before], new: after }]);
}

async function mediaCount(db: AppContext['db'] | Transaction<DB>, campaignId: number) {
  const row = await db
    .selectFrom('campaign_media')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * POST /campaign/{id}/media: one JPEG/PNG (≤ 10 MB) or MP4 (≤ 100 MB), its type judged by its bytes, never by
 * its name or declared type. The upload streams to a temporary file (a 100 MB video is never held in memory),
 * then goes to storage under campaigns/<id>/<uuid>.<ext>; the row is added under the campaign's row lock so
 * two parallel uploads cannot make a sixth file.
 */
export async function addCampaignMedia(
  ctx: AppContext,
  actor: Actor,
  campaignId: number,
  upload: UploadStream | undefined,
): Promise<CampaignMedia> {
  // Refuse early, before reading the body, when the answer is already known.
  const campaign = await loadCampaign(ctx.db, campaignId);
  if (!campaign || !canManage(actor, campaign)) throw notFound();
  if (!canChangeMedia(campaign.status)) throw mediaLocked();
  if ((await mediaCount(ctx.db, campaignId)) >= MAX_CAMPAIGN_MEDIA) throw tooMany();
  if (!upload)
    throw new AppError('validation', API_MESSAGE.campaignMediaRequired, {
      file: API_MESSAGE.campaignMediaRequired,
    });

  const tmp = path.join(os.tmpdir(), `reach-upload-${crypto.randomUUID()}`);
  let key: string | undefined;
  try {
    const { mime, ext, size } = await receive(upload, tmp);
    key = `campaigns/${campaignId}/${crypto.randomUUID()}.${ext}`;
    await ctx.storage.putFile(key, tmp, mime);
    const storedKey = key;
    const { row, pending } = await ctx.db.transaction().execute(async (trx) => {
      const locked = await lockOwnedCampaign(trx, actor, campaignId);
      if (!canChangeMedia(locked.status)) throw mediaLocked();
      const before = (await listMedia(trx, campaignId)).map((m) => m.id);
      if (before.length >= MAX_CAMPAIGN_MEDIA) throw tooMany();
      const last = await trx
        .selectFrom('campaign_media')
        .select((eb) => eb.fn.max('position').as('p'))
        .where('campaign_id', '=', campaignId)
        .executeTakeFirst();
      const inserted = await trx
        .insertInto('campaign_media')
        .values({
          campaign_id: campaignId,
          key: storedKey,
          mime,
          size_bytes: size,
          position: last?.p == null ? 0 : Number(last.p) + 1,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('campaigns')
        .set({ updated_at: ctx.now() })
        .where('id', '=', campaignId)
        .execute();
      return { row: inserted, pending: await recordMediaRevision(ctx, trx, locked, actor.userId, before) };
    });
    key = undefined; // stored and recorded: keep it
    await deliverBriefNotices(ctx, pending);
    return presentMedia(ctx, row);
  } finally {
    await fs.promises.rm(tmp, { force: true });
    if (key)
      await ctx.storage.delete(key).catch((err) => ctx.log.warn({ err, key }, 'orphan upload not deleted'));
  }
}

/** The texts of an upload's refusals (campaign media by default; posts pass their own). */
export type UploadMessages = { required: string; type: string; field: string };
const CAMPAIGN_UPLOAD: UploadMessages = {
  required: API_MESSAGE.campaignMediaRequired,
  type: API_MESSAGE.campaignMediaType,
  field: 'file',
};

/** Streams the upload to `file`, checking its type from the first bytes and its size against that type's limit. */
export async function receive(
  upload: UploadStream,
  file: string,
  messages: UploadMessages = CAMPAIGN_UPLOAD,
): Promise<{ mime: CampaignMediaType; ext: string; size: number }> {
  let head: Buffer[] = [];
  let size = 0;
  let type: { mime: CampaignMediaType; ext: string; limit: number } | undefined;
  let out: fs.WriteStream | undefined;
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => out!.write(chunk, (err) => (err ? reject(err) : resolve())));
  const start = async () => {
    type = await sniff(Buffer.concat(head), messages);
    out = fs.createWriteStream(file);
    for (const chunk of head) await write(chunk);
    head = [];
  };
  try {
    for await (const chunk of upload as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (type) {
        if (size > type.limit) throw tooLarge(type.mime, messages.field);
        await write(chunk);
        continue;
      }
      head.push(chunk);
      if (size >= SNIFF_BYTES) {
        await start();
        if (size > type!.limit) throw tooLarge(type!.mime, messages.field);
      }
    }
    if (size === 0)
      throw new AppError('validation', messages.required, { [messages.field]: messages.required });
    if (!type) await start();
    // Past the request's own limit (the largest video) the parser stops and marks the stream truncated.
    if (upload.truncated || size > type!.limit) throw tooLarge(type!.mime, messages.field);
    return { mime: type!.mime, ext: type!.ext, size };
  } finally {
    if (out) await new Promise<void>((resolve) => out!.end(resolve));
  }
}

async function sniff(
  bytes: Buffer,
  messages: UploadMessages,
): Promise<{ mime: CampaignMediaType; ext: string; limit: number }> {
  // file-type is imported with the first upload, not at start (~1.5 MB of heap and its code; the module
  // cache keeps it after).
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !(CAMPAIGN_MEDIA_TYPES as readonly string[]).includes(found.mime)) {
    throw new AppError('validation', messages.type, { [messages.field]: messages.type });
  }
  const mime = found.mime as CampaignMediaType;
  return {
    mime,
    ext: found.ext,
    limit: mime === 'video/mp4' ? CAMPAIGN_VIDEO_MAX_BYTES : CAMPAIGN_IMAGE_MAX_BYTES,
  };
}

function tooLarge(mime: CampaignMediaType, field = 'file') {
  const message =
    mime === 'video/mp4' ? API_MESSAGE.campaignVideoTooLarge : API_MESSAGE.campaignImageTooLarge;
  return new AppError('payload_too_large', message, { [field]: message });
}

async function listMedia(db: AppContext['db'] | Transaction<DB>, campaignId: number) {
  return db
    .selectFrom('campaign_media')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Writes positions 0..n-1 in the given order. */
async function renumber(trx: Transaction<DB>, ids: readonly number[]) {
  for (const [position, id] of ids.entries()) {
    await trx.updateTable('campaign_media').set({ position }).where('id', '=', id).execute();
  }
}

/** DELETE /campaign/{id}/media/{mediaId}: the remaining media, renumbered. */
export async function deleteCampaignMedia(
  ctx: AppContext,
  actor: Actor,
  campaignId: number,
  mediaId: number,
): Promise<CampaignMedia[]> {
  const { rows, key, pending } = await ctx.db.transaction().execute(async (trx) => {
    const campaign = await lockOwnedCampaign(trx, actor, campaignId);
    if (!canChangeMedia(campaign.status)) throw mediaLocked();
    const before = (await listMedia(trx, campaignId)).map((m) => m.id);
    const removed = await trx
      .deleteFrom('campaign_media')
      .where('id', '=', mediaId)
      .where('campaign_id', '=', campaignId)
      .returning('key')
      .executeTakeFirst();
    if (!removed) throw new AppError('not_found', API_MESSAGE.campaignMediaNotFound);
    const remaining = await listMedia(trx, campaignId);
    await renumber(
      trx,
      remaining.map((m) => m.id),
    );
    await trx.updateTable('campaigns').set({ updated_at: ctx.now() }).where('id', '=', campaignId).execute();
    const pending = await recordMediaRevision(ctx, trx, campaign, actor.userId, before);
    return { rows: await listMedia(trx, campaignId), key: removed.key, pending };
  });
  await deleteUnusedFiles(ctx, [key]);
  await deliverBriefNotices(ctx, pending);
  return rows.map((m) => presentMedia(ctx, m));
}

/** PUT /campaign/{id}/media/order: `mediaIds` must be exactly the campaign's media, in the new order. */
export async function reorderCampaignMedia(
  ctx: AppContext,
  actor: Actor,
  campaignId: number,
  mediaIds: readonly number[],
): Promise<CampaignMedia[]> {
  const { rows, pending } = await ctx.db.transaction().execute(async (trx) => {
    const campaign = await lockOwnedCampaign(trx, actor, campaignId);
    if (!canChangeMedia(campaign.status)) throw mediaLocked();
    const current = (await listMedia(trx, campaignId)).map((m) => m.id);
    const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join();
    if (new Set(mediaIds).size !== mediaIds.length || sorted(current) !== sorted(mediaIds)) {
      throw new AppError('validation', API_MESSAGE.campaignMediaOrder, {
        media_ids: API_MESSAGE.campaignMediaOrder,
      });
    }
    await renumber(trx, mediaIds);
    await trx.updateTable('campaigns').set({ updated_at: ctx.now() }).where('id', '=', campaignId).execute();
    const pending = await recordMediaRevision(ctx, trx, campaign, actor.userId, current);
    return { rows: await listMedia(trx, campaignId), pending };
  });
  await deliverBriefNotices(ctx, pending);
  return rows.map((m) => presentMedia(ctx, m));
}
