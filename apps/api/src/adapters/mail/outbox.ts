import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Mailer } from './index';

/** Embedded default: every mail is stored in mail_outbox and announced on the console. */
export function createOutboxMailer(db: Kysely<DB>, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await db
        .insertInto('mail_outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html ?? null,
        })
        .execute();
      log.info({ to: mail.to, subject: mail.subject }, `mail to ${mail.to}: ${mail.subject}`);
    },
    async close() {},
  };
}
