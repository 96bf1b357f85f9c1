import type { Notification, notificationsPage } from '@reach/contract/notifications';
import type { z } from 'zod';

export function presentNotification(row: {
  id: number;
  body: string;
  link: string | null;
  created_at: Date;
  read: 0 | 1;
}): Notification {
  return {
    id: row.id,
    body: row.body,
    link: row.link,
    created_at: row.created_at.toISOString(),
    read: row.read === 1 ? 1 : 0,
  };
}

/** GET /my/notifications/{userId}: the page's rows with the total and the unread count. */
export function presentNotificationsPage(page: {
  rows: Parameters<typeof presentNotification>[0][];
  total: number;
  unread: number;
}): z.output<typeof notificationsPage> {
  return { data: page.rows.map(presentNotification), total: page.total, unread: page.unread };
}
