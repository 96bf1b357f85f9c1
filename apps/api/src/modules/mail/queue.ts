import { type Kysely, sql } from 'kysely';
import type { Mail } from '../../adapters/mail';
import type { DB } from '../../db/schema';
import { mailSendJob } from '../../jobs/mail-send';

/**
 * If the request that queued a mail never gets to deliver it (the process stops right after the commit), the
 * job sends it after this delay; a request that delivered it marks the job done first.
 */
const SAFETY_NET_MS = 2 * 60_000;

/**
 * Queues mails in `trx` (the transaction of their cause): the outbox rows and one `mail.send` job each, in
 * three statements whatever their number. Deliver them after commit with deliverNow (delivery.ts).
 * Returns the mails' ids, in the order given.
 */
export async function queueMails(
  trx: Kysely<DB>,
  mails: readonly (Mail & { invitationId?: number | null })[],
  at: Date,
): Promise<number[]> {
  if (!mails.length) return [];
  const rows = await trx
    .insertInto('mail_messages')
    .values(
      mails.map((mail) => ({
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html ?? null,
        invitation_id: mail.invitationId ?? null,
        created_at: at,
        updated_at: at,
      })),
    )
    .returning('id')
    .execute();
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  const runAt = new Date(Date.now() + SAFETY_NET_MS);
  const jobs = await trx
    .insertInto('jobs')
    .values(
      ids.map((id) => ({
        kind: mailSendJob.kind,
        payload: JSON.stringify(mailSendJob.payload.parse({ mail_id: id })),
        max_attempts: mailSendJob.maxAttempts ?? 5,
        run_at: runAt,
      })),
    )
    .returning(['id', 'payload'])
    .execute();
  const pairs = jobs.map(
    (j) => sql`(${(j.payload as { mail_id: number }).mail_id}::bigint, ${j.id}::bigint)`,
  );
  await sql`
    UPDATE mail_messages AS m SET job_id = v.job_id
      FROM (VALUES ${sql.join(pairs)}) AS v(mail_id, job_id)
     WHERE m.id = v.mail_id`.execute(trx);
  return ids;
}

/** One mail (see queueMails). */
export async function queueMail(
  trx: Kysely<DB>,
  mail: Mail,
  options: { invitationId?: number | null; at: Date },
): Promise<number> {
  const [id] = await queueMails(trx, [{ ...mail, invitationId: options.invitationId ?? null }], options.at);
  return id!;
}
