import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
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

export interface SendHooks {
  /**
   * Awaited right before the point after which the mail may count as delivered: the end of SMTP's DATA (the server
   * may accept the message from then on, whether or not its answer reaches us), the outbox file's rename. Until it
   * resolves the receiving side has nothing it could deliver; if it rejects, nothing is handed over.
   */
  beforeHandover?: () => Promise<void>;
}

export interface Mailer {
  send(mail: OutgoingMail, hooks?: SendHooks): Promise<void>;
  close(): void;
}

/**
 * The message bytes, then `beforeHandover`, then the end. SMTPConnection pipes the message into the DATA stream only
 * once the server has answered DATA with 354, and writes the end of data (a line with a single dot) only when this
 * stream has ended: the hook runs after the server has (nearly) all the bytes and before it could accept anything.
 */
function handedOverAfter(message: Buffer, beforeHandover: (() => Promise<void>) | undefined): Readable {
  return Readable.from(
    (async function* () {
      yield message;
      await beforeHandover?.();
    })(),
    { objectMode: false },
  );
}

/**
 * One message over one SMTP connection (nodemailer's SMTPConnection: STARTTLS when offered, AUTH from the URL).
 * Not nodemailer's transport, which reads the whole message into its buffers before the envelope is even sent, so
 * nothing could run between "the server has the message" and "the server may accept it".
 */
async function sendOverSmtp(
  url: string,
  envelope: SMTPConnection.Envelope,
  message: Readable,
): Promise<SMTPConnection.SentMessageInfo> {
  const { auth, ...options } = parseConnectionUrl(url);
  // Timeouts bound a stuck server: the job fails and is retried with back-off instead of hanging.
  const connection = new SMTPConnection({
    ...options,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  let info: SMTPConnection.SentMessageInfo;
  try {
    info = await new Promise<SMTPConnection.SentMessageInfo>((resolve, reject) => {
      connection.on('error', reject); // later errors (after the answer) have nothing left to fail
      connection.connect(() => {
        const send = () => connection.send(envelope, message, (error, sent) => (error ? reject(error) : resolve(sent)));
        if (!auth?.user) return send();
        connection.login(auth as SMTPConnection.Credentials, (error) => (error ? reject(error) : send()));
      });
    });
  } catch (error) {
    connection.close();
    throw error;
  }
  connection.quit();
  return info;
}

/**
 * The one mailer: SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox
 * (`{time}-{random}-{to}.txt` with the headers and the text part, and the HTML part beside it) so
 * development needs no mail server.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const smtpUrl = config.smtpUrl;
  if (smtpUrl) {
    return {
      async send(mail, hooks = {}) {
        const composed = new MailComposer({ from: config.mailFrom, ...mail }).compile();
        const message = await composed.build();
        const envelope = composed.getEnvelope();
        await sendOverSmtp(
          smtpUrl,
          { from: envelope.from || false, to: envelope.to },
          handedOverAfter(message, hooks.beforeHandover),
        );
        log.info({ to: mail.to, subject: mail.subject, messageId: mail.messageId }, 'mail sent');
      },
      close: () => {},
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    async send(mail, hooks = {}) {
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
      await hooks.beforeHandover?.();
      await rename(`${file}.part`, `${file}.txt`);
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox (SMTP_URL not set)');
    },
    close: () => {},
  };
}
