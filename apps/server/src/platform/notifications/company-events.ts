// The hiring team's notifications about its jobs: one function per event, so the mail sender can reuse each.
import { NOTIFICATION_MESSAGES, NOTIFICATION_TYPES_COMPANY } from '@referwell/shared';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/repository';
import { createNotification } from './service';

/**
 * The job's team as onJobTeam (platform/access/guards.ts) states it, in SQL: the job's creator (while still at the
 * company) and the company's admins, without the person who acted.
 */
export async function jobTeamRecipients(tx: Executor, jobId: string, actorId: string): Promise<string[]> {
  const rows = await selectRows<{ user_id: string }>(
    tx,
    sql`select m.user_id from job_postings j
      join company_members m on m.company_id = j.company_id
      where j.id = ${jobId} and (m.role = 'admin' or m.user_id = j.created_by) and m.user_id <> ${actorId}
      order by m.user_id`,
  );
  return rows.map((r) => r.user_id);
}

/** A job seeker applied to a company job. Call inside the application's transaction. */
export async function notifyTeamOfApplication(
  tx: Executor,
  event: { jobId: string; jobTitle: string; applicant: { id: string; name: string } },
): Promise<void> {
  for (const userId of await jobTeamRecipients(tx, event.jobId, event.applicant.id)) {
    await createNotification(tx, {
      userId,
      title: NOTIFICATION_MESSAGES.newApplicationTitle,
      message: NOTIFICATION_MESSAGES.newApplication(event.applicant.name, event.jobTitle),
      type: NOTIFICATION_TYPES_COMPANY.application,
      referenceId: event.jobId,
    });
  }
}

/** Someone was referred to a company job. Call inside the referral's transaction. */
export async function notifyTeamOfReferral(
  tx: Executor,
  event: {
    referralId: string;
    jobId: string;
    jobTitle: string;
    referrer: { id: string; name: string };
    candidateName: string;
  },
): Promise<void> {
  for (const userId of await jobTeamRecipients(tx, event.jobId, event.referrer.id)) {
    await createNotification(tx, {
      userId,
      title: NOTIFICATION_MESSAGES.newReferralTitle,
      message: NOTIFICATION_MESSAGES.newReferral(event.referrer.name, event.candidateName, event.jobTitle),
      type: NOTIFICATION_TYPES_COMPANY.referral,
      referenceId: event.referralId,
    });
  }
}
