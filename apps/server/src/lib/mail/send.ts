import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import { sentMails, users } from '../../db/schema';
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
}

/**
 * The send-mail task. A mail whose Message-ID is recorded was already accepted by SMTP: a job
 * retried after that (or run again by mistake) ends without sending a second copy. The check, the
 * send and the record happen under a lock on the Message-ID, so two jobs for one mail (a job key
 * re-added while its first job was running) cannot both pass the check. A mail for an account that
 * has been erased since it was queued (or is retried after) is dropped: we no longer hold that address.
 */
export async function sendMailTask(deps: SendMailDeps, job: MailJob): Promise<void> {
  const messageId = messageIdFor(job.key, deps.publicUrl);
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${messageId}))`);
    const [sent] = await tx.select().from(sentMails).where(eq(sentMails.messageId, messageId));
    if (sent || (job.userId && (await isErased(tx, job.userId)))) return;
    const mail = await composeMail(job, deps);
    await deps.mailer.send(mail);
    await tx.insert(sentMails).values({ messageId, recipient: job.to, template: job.template }).onConflictDoNothing();
  });
}

async function isErased(db: Executor, userId: string): Promise<boolean> {
  const [user] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  return !user || user.deletedAt !== null;
}
