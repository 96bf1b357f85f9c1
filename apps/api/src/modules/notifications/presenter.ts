import type { Notification } from '@reach/contract/notifications';

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
