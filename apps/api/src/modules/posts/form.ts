import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { CAMPAIGN_VIDEO_MAX_BYTES } from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import { MAX_POST_MEDIA, POST_MEDIA_FIELD } from '@reach/contract/posts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { checkedFormField } from '../../plugins/input-guard';
import { receive, type UploadMessages } from '../campaigns/media';
import { discardReceived, type ReceivedFile } from './service';

const UPLOAD: UploadMessages = {
  required: API_MESSAGE.campaignMediaRequired,
  type: API_MESSAGE.postMediaType,
  field: POST_MEDIA_FIELD,
};
const tooMany = () =>
  new AppError('validation', API_MESSAGE.postTooManyMedia, {
    [POST_MEDIA_FIELD]: API_MESSAGE.postTooManyMedia,
  });

/**
 * The fields and files of a post submission: JSON, or multipart/form-data whose text parts are the fields and
 * whose file parts (any name; the web app uses `media`) are up to 5 media, each checked by content (JPEG, PNG,
 * MP4) and size while it streams to a temporary file. The caller owns the temporary files (discardReceived).
 */
export async function readPostForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; files: ReceivedFile[] }> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: ReceivedFile[] = [];
  let extra = false;
  try {
    for await (const part of request.parts({
      limits: { files: 20, fileSize: CAMPAIGN_VIDEO_MAX_BYTES },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = checkedFormField(part.fieldname, part.value);
        continue;
      }
      // A form's empty file input arrives as a part with no name and no bytes: nothing was chosen.
      if (!part.filename) {
        part.file.resume();
        continue;
      }
      if (files.length >= MAX_POST_MEDIA) {
        extra = true;
        part.file.resume();
        continue;
      }
      const tmp = path.join(os.tmpdir(), `reach-post-${crypto.randomUUID()}`);
      // Recorded first so that a refused file's temporary copy is removed too.
      const entry: ReceivedFile = { tmp, mime: 'image/png', ext: 'png', size: 0 };
      files.push(entry);
      Object.assign(entry, await receive(part.file, tmp, UPLOAD));
    }
    if (extra) throw tooMany();
    return { fields, files };
  } catch (error) {
    await discardReceived(files);
    throw error;
  }
}

/**
 * Reads a post submission (readPostForm), hands its fields and files to `use`, and removes the temporary files
 * once `use` is done, whatever its outcome.
 */
export async function withPostForm<T>(
  request: FastifyRequest,
  use: (fields: Record<string, unknown>, files: ReceivedFile[]) => Promise<T>,
): Promise<T> {
  const { fields, files } = await readPostForm(request);
  try {
    return await use(fields, files);
  } finally {
    await discardReceived(files);
  }
}

/** Validates fields against a contract schema; a failure is a 400 with one message per field. */
export function parseFields<S extends z.ZodType>(schema: S, fields: unknown): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const byField: Record<string, string> = {};
  for (const issue of parsed.error.issues) byField[issue.path.join('.') || '_'] ??= issue.message;
  const messages = Object.values(byField);
  throw new AppError(
    'validation',
    messages.length === 1 && messages[0] ? messages[0] : API_MESSAGE.validation,
    byField,
  );
}
