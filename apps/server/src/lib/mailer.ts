import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written to DATA_DIR/outbox as a
 * plain-text file and logged, so password resets and invitations work with no setup.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  let sequence = 0;
  return {
    async send(message) {
      await mkdir(outbox, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(outbox, `${Date.now()}-${++sequence}-${safeTo}.txt`);
      const body = `From: ${config.mailFrom}\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`;
      await writeFile(file, body, { mode: 0o600 });
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox (SMTP_URL not set)');
    },
  };
}
