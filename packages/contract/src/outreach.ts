import { z } from 'zod';
import { id, pageNumber } from './common';
import { CONNECTION_STATUSES } from './connections';
import { MAX_PAGE_SIZE } from './constants';

/*
 * Outreach (issue 12): one record per (campaign, person) a business invited — from a CSV, a discovery list, or a
 * discovered creator mailed from discovery — and what became of it, from the mail to the creator's answer.
 */

export const OUTREACH_SOURCES = ['csv', 'list', 'discovery'] as const;
export type OutreachSource = (typeof OUTREACH_SOURCES)[number];

/**
 * Where an invitation stands, in the order it moves: not mailed (no address, or imported before invitations
 * were mailed), sending, sent, bounced (refused for good by the recipient's server) or failed (retries used
 * up), opened (the creator opened the invite link), invited (a member, invited in the app), signed up (through
 * the link or with the invited address), then their connection's answer: applied, accepted, declined,
 * cancelled (the business withdrew it).
 */
export const OUTREACH_STATUSES = [
  'not_sent',
  'queued',
  'sent',
  'bounced',
  'failed',
  'opened',
  'invited',
  'signed_up',
  'applied',
  'accepted',
  'declined',
  'cancelled',
] as const;
export type OutreachStatus = (typeof OUTREACH_STATUSES)[number];

export const OUTREACH_STATUS_LABELS: Record<OutreachStatus, string> = {
  not_sent: 'Not mailed',
  queued: 'Sending',
  sent: 'Sent',
  bounced: 'Bounced',
  failed: 'Failed',
  opened: 'Opened',
  invited: 'Invited in app',
  signed_up: 'Signed up',
  applied: 'Applied',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

export const OUTREACH_SOURCE_LABELS: Record<OutreachSource, string> = {
  csv: 'CSV import',
  list: 'Discovery list',
  discovery: 'Discovery invite',
};

export const outreachRecord = z
  .object({
    id: z.number().int(),
    campaign_id: z.number().int(),
    campaign_title: z.string().nullable(),
    source: z.enum(OUTREACH_SOURCES),
    name: z.string().describe('Who: the name, else @username, else the email'),
    email: z.string().nullable(),
    instagram_username: z.string().nullable(),
    modash_id: z.string().nullable(),
    status: z.enum(OUTREACH_STATUSES),
    reason: z.string().nullable().describe('Why it was not mailed, bounced or failed'),
    influencer_user_id: z.number().int().nullable(),
    connection_id: z.number().int().nullable(),
    connection_status: z.enum(CONNECTION_STATUSES).nullable(),
    sent_at: z.string().nullable(),
    opened_at: z.string().nullable(),
    signed_up_at: z.string().nullable(),
    responded_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'OutreachRecord' });
export type OutreachRecord = z.infer<typeof outreachRecord>;

const outreachFilters = {
  status: z.enum(OUTREACH_STATUSES).optional(),
  items: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  page: pageNumber,
};

/** GET /campaign/{id}/outreach */
export const campaignOutreachQuery = z.object(outreachFilters);
/** GET /outreach: the business's outreach across its campaigns. */
export const outreachQuery = z.object({ ...outreachFilters, campaign_id: id.optional() });

export const outreachPage = z
  .object({
    data: z.array(outreachRecord),
    total: z.number().int().describe('Records matching the filters'),
    counts: z
      .record(z.enum(OUTREACH_STATUSES), z.number().int())
      .describe('Records per status, with the campaign filter but not the status filter'),
  })
  .meta({ id: 'OutreachPage' });
export type OutreachPage = z.infer<typeof outreachPage>;

/** Reasons stored on a record that was not mailed. */
export const OUTREACH_REASONS = {
  noEmail: 'No email address to mail: invited when they join REACH with this Instagram username.',
} as const;
