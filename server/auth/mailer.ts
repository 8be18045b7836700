import { createTransport } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail; absent when SMTP is not configured (links are then logged instead). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** A nodemailer transport from an SMTP URL such as smtp://user:pass@host:587 (or smtps:// for TLS). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
