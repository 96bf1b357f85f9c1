import { z } from 'zod';
import { id } from './common';

/*
 * Bulk imports (issue 4): a business invites influencers into one of its active campaigns from a CSV file
 * (Instagram usernames and/or emails) or from a discovery list. The rows are processed by a durable
 * background job; progress is pushed live (LiveEvent 'import-progress') and read with the status call.
 */

export const IMPORT_CSV_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
/** Header names (case-insensitive) read as the Instagram username and the email column. */
export const IMPORT_USERNAME_HEADERS = ['instagram', 'instagram_username', 'username'] as const;
export const IMPORT_EMAIL_HEADERS = ['email', 'e-mail', 'email_address'] as const;
/** Instagram's rule: letters, digits, dots and underscores, at most 30 characters. */
export const INSTAGRAM_USERNAME_PATTERN = /^[A-Za-z0-9._]{1,30}$/;

export const CAMPAIGN_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type CampaignImportStatus = (typeof CAMPAIGN_IMPORT_STATUSES)[number];
export const CAMPAIGN_IMPORT_SOURCES = ['csv', 'list'] as const;

/** 202 of both import calls: the import is queued; follow it with the status call or the live stream. */
export const campaignImportStarted = z.object({
  import_id: z.number().int(),
  total: z.number().int().describe('Rows to process'),
});
export type CampaignImportStarted = z.infer<typeof campaignImportStarted>;

/** POST /campaign/{id}/influencer/import/list */
export const importFromListBody = z.object({ list_id: id.describe('A discovery list of the business') });

/** GET /campaign/influencer/import/status (spec §7): the latest import of the campaign. */
export const importStatusQuery = z.object({
  campaign_id: id,
  business_id: id.describe("The campaign's business (Campaign.business_id); must be yours"),
});

export const campaignImportFailure = z.object({
  row_number: z.number().int().describe('Line of the CSV file (or position in the list)'),
  value: z.string().describe('What the row held: the username and/or email'),
  reason: z.string(),
});
export type CampaignImportFailure = z.infer<typeof campaignImportFailure>;

export const campaignImportStatus = z
  .object({
    import_id: z.number().int(),
    campaign_id: z.number().int(),
    source: z.enum(CAMPAIGN_IMPORT_SOURCES),
    status: z.enum(CAMPAIGN_IMPORT_STATUSES),
    total: z.number().int(),
    done: z.number().int().describe('Rows invited'),
    failed: z.number().int().describe('Rows that could not be invited'),
    failures: z.array(campaignImportFailure).describe('Every failed row, in file order'),
    created_at: z.string(),
    started_at: z.string().nullable().describe('When processing began; null while queued'),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'CampaignImportStatus' });
export type CampaignImportStatusResponse = z.infer<typeof campaignImportStatus>;
