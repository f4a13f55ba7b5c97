import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import { sentMails, users, type MailSendStatus } from '../../db/schema';
import { enqueue } from '../queue/enqueue';
import { composeMail, messageIdFor, type ComposeContext, type MailJob } from './compose';
import type { TemplateName } from './templates';
import type { Mailer } from './transport';

declare module '../queue/enqueue' {
  interface QueueTasks {
    'send-mail': MailJob;
  }
}

/**
 * Queues a mail in the caller's transaction: it is sent after the change commits (and never if it
 * rolls back), by whichever server process picks it up, retried with back-off while SMTP is down.
 */
export async function enqueueMail<N extends TemplateName>(tx: Executor, job: MailJob<N>): Promise<void> {
  await enqueue(tx, 'send-mail', job as MailJob, { jobKey: `mail:${job.key}` });
}

export interface SendMailDeps extends ComposeContext {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * The send-mail task: each mail at most once, even when a process dies in the middle (ADR 0003). Every step is
 * committed before the next begins, in `sent_mails` (statuses: db/schema/mail.ts):
 *   1. `sending` is recorded before SMTP is contacted;
 *   2. `handing-over` is recorded once the whole message is written and only SMTP's end of data is left to send;
 *   3. `sent` once SMTP answered 250.
 * A job run again after its process died (release-stale-jobs) reads what the dead attempt left: `sending` means SMTP
 * never had the whole message, so it is sent now; `handing-over` means SMTP may have accepted it without our hearing
 * the answer: it is marked `unknown`, logged, and not sent again (a lost mail is the price of no duplicate). An
 * attempt that loses the connection after handing over, without a refusal from the server, ends `unknown` too; a
 * refusal (a 4xx/5xx answer) is retried as before. The attempt holds a transaction-scoped lock on the Message-ID for
 * its whole length (released by PostgreSQL if the process dies), so two jobs for one mail never overlap; the status
 * rows are written outside that transaction, so they are committed at once. A mail for an account that has been
 * erased since it was queued (or is retried after) is dropped: we no longer hold that address.
 */
export async function sendMailTask(deps: SendMailDeps, job: MailJob): Promise<void> {
  const messageId = messageIdFor(job.key, deps.publicUrl);
  const record = (status: MailSendStatus) =>
    deps.db
      .insert(sentMails)
      .values({ messageId, recipient: job.to, template: job.template, status })
      .onConflictDoUpdate({ target: sentMails.messageId, set: { status, sentAt: sql`now()` } });
  const unknown = async (why: string) => {
    await record('unknown');
    deps.log.warn(
      { messageId, to: job.to, template: job.template },
      `mail perhaps not delivered, not sent again: ${why} (sent_mails status 'unknown')`,
    );
  };
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${messageId}))`);
    const [earlier] = await deps.db
      .select({ status: sentMails.status })
      .from(sentMails)
      .where(eq(sentMails.messageId, messageId));
    if (earlier?.status === 'sent' || earlier?.status === 'unknown') return;
    if (earlier?.status === 'handing-over')
      return unknown('an earlier attempt died after SMTP had the whole message, before its answer was recorded');
    if (job.userId && (await isErased(deps.db, job.userId))) return;
    const mail = await composeMail(job, deps);
    await record('sending');
    let handedOver = false;
    try {
      await deps.mailer.send(mail, {
        beforeHandover: async () => {
          await record('handing-over');
          handedOver = true;
        },
      });
    } catch (error) {
      // Before the hand-over, or refused by the server: nothing was accepted, the job is retried.
      if (!handedOver || isRefusal(error)) throw error;
      return unknown(`the connection failed after SMTP had the whole message (${(error as Error).message})`);
    }
    await record('sent');
  });
}

/** An SMTP server's own refusal (a 4xx or 5xx answer): the message was certainly not accepted. */
function isRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 400;
}

async function isErased(db: Executor, userId: string): Promise<boolean> {
  const [user] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  return !user || user.deletedAt !== null;
}
