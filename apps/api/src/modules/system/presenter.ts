import type { Selectable } from 'kysely';
import type { MailOutboxTable } from '../../db/schema';

/** A mail of the dev outbox as the dev routes show it. */
export function presentOutboxMail(r: Selectable<MailOutboxTable>) {
  return {
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    created_at: r.created_at.toISOString(),
  };
}
