import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, MailMessageRow } from '../../db/schema';

/*
 * Delivery of the transactional mail outbox (mail_messages). A mail row is written in the transaction of its
 * cause (modules/mail/queue.ts); after that commits, the request tries to deliver it at once, and the
 * `mail.send` job (jobs/mail-send.ts) retries a failure with backoff. Whoever delivers first claims the row
 * (a conditional UPDATE: one claimant, however many workers), so a mail is handed to the mailer once; a sender
 * that dies mid-send leaves a claim that runs out, and the next attempt sends again (at least once across a
 * crash, exactly once otherwise). The last failed attempt, or a permanent 5xx refusal at once, ends the mail
 * 'failed' and its outreach record 'failed' or 'bounced' with the server's reason.
 */

/**
 * A mail that is done (sent, or failed for good) keeps its address, subject, status, attempts and error, not its
 * body: bodies carry secrets (confirmation and reset codes, invite links) that must not stay at rest.
 */
const DROP_BODY = { text_body: '', html_body: null } as const;

/** How long a sender holds a mail it is delivering. */
const CLAIM_MS = 60_000;

export type DeliveryResult = 'sent' | 'retry' | 'failed' | 'skipped' | 'busy';

/** A permanent refusal: an SMTP 5xx reply (mailbox unknown, rejected), as nodemailer reports it. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The reason shown to the business: the server's reply when there is one, else the error's message. */
export function failureReason(error: unknown): string {
  const response = (error as { response?: unknown } | null)?.response;
  const text =
    typeof response === 'string' && response.trim()
      ? response.trim()
      : error instanceof Error
        ? error.message
        : String(error);
  return text.slice(0, 500);
}

async function claim(ctx: AppContext, mailIds: readonly number[]) {
  const { rows } = await sql<MailMessageRow>`
    UPDATE mail_messages
       SET claimed_until = now() + ${CLAIM_MS}::integer * interval '1 millisecond',
           attempts = attempts + 1,
           updated_at = now()
     WHERE id IN (${sql.join(mailIds)})
       AND status = 'queued'
       AND (claimed_until IS NULL OR claimed_until < now())
    RETURNING *`.execute(ctx.db);
  return rows.sort((a, b) => a.id - b.id);
}

/** The job row of a mail, while it waits in the queue: done, or moved to `runInMs` from now. */
async function settleJob(trx: Transaction<DB>, jobId: number | null, runInMs?: number) {
  if (jobId === null) return;
  const q = trx.updateTable('jobs').where('id', '=', jobId).where('status', '=', 'queued');
  if (runInMs === undefined) await q.set({ status: 'done', updated_at: sql`now()` }).execute();
  else
    await q
      .set({ run_at: sql`now() + ${runInMs}::integer * interval '1 millisecond'`, updated_at: sql`now()` })
      .execute();
}

/** Gives back a claimed mail that was not tried (its attempt not counted); its job retries it later. */
async function release(ctx: AppContext, mail: MailMessageRow) {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('mail_messages')
      .set({ claimed_until: null, attempts: sql<number>`greatest(attempts - 1, 0)`, updated_at: sql`now()` })
      .where('id', '=', mail.id)
      .execute();
    await settleJob(trx, mail.job_id, ctx.config.MAIL_RETRY_MS);
  });
}

type Failure = { mail: MailMessageRow; permanent: boolean; reason: string; final: boolean };

/** Records the delivered mails (and their records and jobs) in one transaction. */
async function recordSent(ctx: AppContext, sent: readonly MailMessageRow[]) {
  if (!sent.length) return;
  const now = ctx.now();
  const invitations = sent.map((m) => m.invitation_id).filter((id): id is number => id !== null);
  const jobs = sent.map((m) => m.job_id).filter((id): id is number => id !== null);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('mail_messages')
      .set({
        status: 'sent',
        sent_at: now,
        last_error: null,
        claimed_until: null,
        updated_at: sql`now()`,
        ...DROP_BODY,
      })
      .where(
        'id',
        'in',
        sent.map((m) => m.id),
      )
      .execute();
    if (invitations.length)
      await trx
        .updateTable('campaign_invitations')
        .set({ delivery: 'sent', reason: null, sent_at: now, updated_at: now })
        .where('id', 'in', invitations)
        .where('delivery', '=', 'queued')
        .execute();
    // The jobs that waited as a safety net are done (only while they wait: a running one ends by itself).
    if (jobs.length)
      await trx
        .updateTable('jobs')
        .set({ status: 'done', updated_at: sql`now()` })
        .where('id', 'in', jobs)
        .where('status', '=', 'queued')
        .execute();
  });
}

async function recordFailure(ctx: AppContext, f: Failure, from: 'request' | 'job') {
  const { mail, permanent, reason, final } = f;
  ctx.log.warn(
    { mailId: mail.id, attempt: mail.attempts, permanent, final, reason },
    final ? 'mail failed for good' : 'mail failed, will retry',
  );
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('mail_messages')
      .set({
        status: final ? 'failed' : 'queued',
        last_error: reason,
        claimed_until: null,
        updated_at: sql`now()`,
        ...(final ? DROP_BODY : {}),
      })
      .where('id', '=', mail.id)
      .execute();
    if (final && mail.invitation_id !== null)
      await trx
        .updateTable('campaign_invitations')
        .set({ delivery: permanent ? 'bounced' : 'failed', reason, updated_at: ctx.now() })
        .where('id', '=', mail.invitation_id)
        .where('delivery', '=', 'queued')
        .execute();
    if (from === 'request') await settleJob(trx, mail.job_id, final ? undefined : ctx.config.MAIL_RETRY_MS);
  });
}

/**
 * Delivers queued mails nobody else is delivering; per mail: 'sent'; 'retry' (failed, attempts left: the job
 * runs again later); 'failed' (for good); 'skipped' (already sent or failed); 'busy' (another sender holds it).
 * `from`: 'request' right after the cause committed (a failure moves the job's run to the first retry), or
 * 'job' (the job's runner decides when to run it again).
 */
export async function deliverMails(
  ctx: AppContext,
  mailIds: readonly number[],
  from: 'request' | 'job',
): Promise<Map<number, DeliveryResult>> {
  const results = new Map<number, DeliveryResult>();
  if (!mailIds.length) return results;
  const claimed = await claim(ctx, mailIds);
  const sent: MailMessageRow[] = [];
  let outage = false;
  for (const mail of claimed) {
    if (outage) {
      // The server is failing now: the rest wait for their jobs instead of holding up the request.
      await release(ctx, mail);
      results.set(mail.id, 'retry');
      continue;
    }
    try {
      await ctx.mailer.send({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        ...(mail.html_body ? { html: mail.html_body } : {}),
      });
      sent.push(mail);
      results.set(mail.id, 'sent');
    } catch (error) {
      const permanent = isPermanentFailure(error);
      const final = permanent || mail.attempts >= mail.max_attempts;
      await recordFailure(ctx, { mail, permanent, reason: failureReason(error), final }, from);
      results.set(mail.id, final ? 'failed' : 'retry');
      // A refusal of one address says nothing of the others; anything else (connection, 4xx) may hit them all.
      if (!permanent && from === 'request') outage = true;
    }
  }
  await recordSent(ctx, sent);
  const unclaimed = mailIds.filter((id) => !results.has(id));
  if (unclaimed.length) {
    const rows = await ctx.db
      .selectFrom('mail_messages')
      .select(['id', 'status'])
      .where('id', 'in', unclaimed)
      .execute();
    const status = new Map(rows.map((r) => [r.id, r.status]));
    for (const id of unclaimed) results.set(id, status.get(id) === 'queued' ? 'busy' : 'skipped');
  }
  return results;
}

/** One mail (see deliverMails). */
export async function deliverMail(
  ctx: AppContext,
  mailId: number,
  from: 'request' | 'job',
): Promise<DeliveryResult> {
  return (await deliverMails(ctx, [mailId], from)).get(mailId) ?? 'skipped';
}

/** Delivers mails right after their cause committed; a failure is left to the job (never thrown). */
export async function deliverNow(ctx: AppContext, mailIds: readonly number[]): Promise<void> {
  try {
    await deliverMails(ctx, mailIds, 'request');
  } catch (err) {
    ctx.log.error({ err, mailIds }, 'could not deliver mails now; the mail.send jobs will');
  }
}

/** The job gave up (its attempts ran out without a final answer): the mail and its record fail. */
export async function abandonMail(ctx: AppContext, mailId: number, error: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const mail = await trx
      .updateTable('mail_messages')
      .set({
        status: 'failed',
        last_error: error.slice(0, 500),
        claimed_until: null,
        updated_at: sql`now()`,
        ...DROP_BODY,
      })
      .where('id', '=', mailId)
      .where('status', '=', 'queued')
      .returning('invitation_id')
      .executeTakeFirst();
    if (mail?.invitation_id)
      await trx
        .updateTable('campaign_invitations')
        .set({ delivery: 'failed', reason: error.slice(0, 500), updated_at: ctx.now() })
        .where('id', '=', mail.invitation_id)
        .where('delivery', '=', 'queued')
        .execute();
  });
}
