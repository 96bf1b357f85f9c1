import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

export type Mail = { to: string; subject: string; text: string; html?: string };

/** Sends mail: SMTP when SMTP_URL is set, otherwise the outbox table (readable at /dev/mailbox). */
export type Mailer = {
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
};

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Kysely<DB>;
  log: FastifyBaseLogger;
}): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from)
    : createOutboxMailer(options.db, options.log);
}
