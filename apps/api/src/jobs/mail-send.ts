import { z } from 'zod';
import { abandonMail, deliverMail } from '../modules/mail/delivery';
import { defineJob } from './job';

/**
 * Delivers one mail of the outbox (mail_messages), queued in the transaction of its cause. The request that
 * caused it usually delivered it already (then this job is marked done without running); otherwise each run
 * makes one attempt and a failure throws, so the runner retries it with backoff. The mail row's own attempt
 * count and claim decide (modules/mail/delivery.ts): a mail is sent once even if two workers run.
 */
export const mailSendJob = defineJob({
  kind: 'mail.send',
  payload: z.object({ mail_id: z.number().int().positive() }),
  // The mail gives up after its own max_attempts; the extra runs cover a run that found it busy.
  maxAttempts: 8,
  async handler(ctx, { mail_id }) {
    const result = await deliverMail(ctx, mail_id, 'job');
    if (result === 'retry' || result === 'busy') {
      const row = await ctx.db
        .selectFrom('mail_messages')
        .select('last_error')
        .where('id', '=', mail_id)
        .executeTakeFirst();
      throw new Error(
        result === 'busy' ? 'The mail is being sent by another sender' : (row?.last_error ?? 'Mail not sent'),
      );
    }
  },
  onFailed: (ctx, { mail_id }, error) => abandonMail(ctx, mail_id, error),
});
