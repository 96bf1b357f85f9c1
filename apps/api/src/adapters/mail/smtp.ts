import nodemailer from 'nodemailer';
import type { Mailer } from './index';

/** Production: nodemailer over SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    async close() {
      transport.close();
    },
  };
}
