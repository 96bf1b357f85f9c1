import { z } from 'zod';
import type { CampaignImportStatus } from './campaign-imports';
import type { CampaignMessage } from './campaigns';
import { id, pageNumber } from './common';
import type { ConnectionStatus } from './connections';
import { NOTIFICATIONS_PAGE_SIZE } from './constants';

/** Notification of spec §3: read 0 means unread. */
export const notification = z
  .object({
    id: z.number().int(),
    body: z.string(),
    link: z.string().nullable().describe('In-app path the notification points to'),
    created_at: z.string(),
    read: z.union([z.literal(0), z.literal(1)]),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z.object({
  page: pageNumber,
  items: z.coerce.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE),
});

/** GET /my/notifications/{userId}: the signed-in user's own id (another → 403). */
export const notificationsUserParams = z.object({ userId: z.coerce.number().int().positive() });

/** GET /my/notifications/{userId} */
export const notificationsPage = z.object({
  data: z.array(notification),
  total: z.number().int(),
  unread: z.number().int().describe('Unread notifications in all pages'),
});

/** POST /notifications/read: one notification by id, or all of them. */
export const markReadBody = z.union([
  z.object({ id }),
  z.object({ all: z.union([z.literal(true), z.literal('true')]) }),
]);
/** What POST /notifications/read answers: the unread count left. */
export const markReadResult = z.object({ unread: z.number().int() });

export const NOTIFICATION_CATEGORIES = ['connections', 'messages', 'posts', 'payments', 'campaigns'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export const NOTIFICATION_CATEGORY_LABELS: Record<
  NotificationCategory,
  { label: string; description: string }
> = {
  connections: {
    label: 'Connections',
    description: 'Invitations, applications, acceptances and completions',
  },
  messages: { label: 'Messages', description: 'New messages in your campaign conversations' },
  posts: { label: 'Posts', description: 'Posts submitted, approved or rejected' },
  payments: { label: 'Payments', description: 'Payouts, charges, refunds and invoices' },
  campaigns: { label: 'Campaigns', description: 'Campaigns you take part in start, change or end' },
};

/** Email preferences per category; in-app notifications are always on. */
export const notificationPreferences = z
  .object(
    Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, z.boolean()])) as Record<
      NotificationCategory,
      z.ZodBoolean
    >,
  )
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** Events pushed over the live stream (GET /my/events, Server-Sent Events). */
export type LiveEvent =
  | { type: 'notification'; notification: Notification; unread: number }
  | { type: 'notifications-read'; unread: number }
  /** A new message in a campaign thread, pushed to the campaign's business and the thread's influencer. */
  | { type: 'message'; campaign_id: number; message: CampaignMessage }
  /** A connection changed (created, answered, cancelled, completed): pushed to both of its sides. */
  | { type: 'connection'; connection_id: number; status: ConnectionStatus }
  /** A post was submitted, approved, rejected or resubmitted: pushed to its influencer and its business. */
  | { type: 'post'; post_id: number; status: 'submitted' | 'approved' | 'rejected' }
  /** Progress of a bulk import of influencers into a campaign, pushed to the business after every batch. */
  | {
      type: 'import-progress';
      campaign_id: number;
      import_id: number;
      total: number;
      /** Rows invited so far. */
      done: number;
      /** Rows that could not be invited so far. */
      failed: number;
      status: CampaignImportStatus;
    }
  /** An admin suspended this account: the stream closes after it and the client ends the session. */
  | { type: 'account-suspended' };
