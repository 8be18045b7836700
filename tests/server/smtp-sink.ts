import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { smtpMailer } from '../../server/auth/mailer';

/** A local SMTP server that keeps every mail it receives (raw, soft line breaks undone). */
export async function startSmtpSink() {
  const mails: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let text = '';
      stream.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      stream.on('end', () => {
        mails.push(text.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    mailer: () => smtpMailer(`smtp://127.0.0.1:${port}`, 'Swatchbook <hello@swatchbook.example>'),
    /** Waits for the n-th mail to `to` (mails sent in the background arrive a moment after the answer). */
    async mailTo(to: string, nth = 1): Promise<string> {
      for (let i = 0; i < 200; i++) {
        const found = mails.filter((m) => m.includes(`To: ${to}`));
        if (found.length >= nth) return found[nth - 1]!;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail #${nth} to ${to}`);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The token of the first link to `path` in a mail. */
export function linkToken(mail: string, path: '/confirm' | '/reset-password'): string {
  const match = new RegExp(`http://localhost:3000${path.replace('/', '\\/')}\\?token=([a-z2-7]+)`).exec(mail);
  if (!match) throw new Error(`no ${path} link in mail`);
  return match[1]!;
}
