import type { WebhookSubscription } from '@reach/contract/posts';

/** A webhook_subscriptions row as the API shows it (GET /facebook/myWebhooks). */
export function presentSubscription(row: {
  id: number;
  object: WebhookSubscription['object'];
  fields: unknown;
  instagram_account_id: string | null;
  instagram_username: string | null;
  active: boolean;
  last_event_at: Date | null;
  created_at: Date;
}): WebhookSubscription {
  const fields = Array.isArray(row.fields)
    ? row.fields.filter((f): f is string => typeof f === 'string')
    : [];
  return {
    id: row.id,
    object: row.object,
    fields,
    instagram_account_id: row.instagram_account_id,
    instagram_username: row.instagram_username,
    active: row.active,
    last_event_at: row.last_event_at ? row.last_event_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}
