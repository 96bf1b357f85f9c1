import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createOutboxMailer } from './outbox';

export type Mail = { to: string; subject: string; text: string; html?: string };

/** Sends mail: SMTP when SMTP_URL is set, otherwise the outbox table (readable at /dev/mailbox). */
export type Mailer = {
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
};

/** nodemailer (the SMTP adapter) is loaded only when SMTP_URL is set. */
export async function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Kysely<DB>;
  log: FastifyBaseLogger;
}): Promise<Mailer> {
  if (!options.smtpUrl) return createOutboxMailer(options.db, options.log);
  const { createSmtpMailer } = await import('./smtp');
  return createSmtpMailer(options.smtpUrl, options.from);
}
