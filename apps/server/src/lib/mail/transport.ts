import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** `<...@host>`; derived from the job's idempotency key so a resend carries the same id. */
  messageId: string;
  headers: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * The one mailer: SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox
 * (`{time}-{random}-{to}.txt` with the headers and the text part, and the HTML part beside it) so
 * development needs no mail server.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    // Timeouts bound a stuck server: the job fails and is retried with back-off instead of hanging.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
        log.info({ to: mail.to, subject: mail.subject, messageId: mail.messageId }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    async send(mail) {
      await mkdir(outbox, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(outbox, `${Date.now()}-${randomBytes(4).toString('hex')}-${safeTo}`);
      const headers = Object.entries({ 'Message-ID': mail.messageId, ...mail.headers })
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n');
      const head = `From: ${config.mailFrom}\nTo: ${mail.to}\nSubject: ${mail.subject}\n${headers}`;
      await writeFile(`${file}.html`, mail.html, { mode: 0o600 });
      // Written aside then renamed, so whoever watches the folder never reads half a message.
      await writeFile(`${file}.part`, `${head}\n\n${mail.text}\n`, { mode: 0o600 });
      await rename(`${file}.part`, `${file}.txt`);
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox (SMTP_URL not set)');
    },
    close: () => {},
  };
}
