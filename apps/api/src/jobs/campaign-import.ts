import { z } from 'zod';
import { failImport, processImport } from '../modules/campaign-imports/process';
import { defineJob } from './job';

/**
 * Invites the rows of one campaign import (modules/campaign-imports). Idempotent: rows are processed in
 * batches, each batch committing its invitations, row statuses and the import's counters together, so a
 * run after a crash or a retry continues with the rows still pending and never invites or counts twice.
 */
export const campaignImportJob = defineJob({
  kind: 'campaign-import',
  payload: z.object({ import_id: z.number().int().positive() }),
  maxAttempts: 5,
  handler: (ctx, { import_id }, run) => processImport(ctx, import_id, run).then(() => {}),
  onFailed: (ctx, { import_id }, error) => failImport(ctx, import_id, error),
});
