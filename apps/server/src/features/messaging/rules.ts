import { sql, type SQL } from 'drizzle-orm';
import { discoverableJobSeekerSql } from '../talent/port';

/** The person starting a conversation, as the rules see them. */
export interface Sender {
  id: string;
  type: 'jobseeker' | 'referrer';
  /** The company they belong to (admin or member), or null. */
  companyId: string | null;
}

/**
 * One reason two people may message each other. `condition` is a SQL boolean that is true when
 * `sender` may start a conversation with the user whose id is the SQL expression `recipient`
 * (a bound id for a check, or a column for the contact search), so one definition serves both.
 * Use table aliases of your own inside (the recipient expression may name `contact`).
 */
export interface MessagingRule {
  name: string;
  condition(sender: Sender, recipient: SQL): SQL;
}

const never = sql`false`;

/** Colleagues: both belong to the same company. */
export const sameCompany: MessagingRule = {
  name: 'same company',
  condition: (sender, recipient) =>
    sender.companyId
      ? sql`exists (select 1 from company_members sc_m where sc_m.user_id = ${recipient} and sc_m.company_id = ${sender.companyId})`
      : never,
};

/**
 * A job application between them: one applied to a job of the other's company, or to a job
 * the other created. Works in both directions.
 */
export const jobApplication: MessagingRule = {
  name: 'job application',
  condition: (sender, recipient) => sql`exists (
    select 1 from candidate_pipelines ja_a join job_postings ja_j on ja_j.id = ja_a.job_id
    where ja_a.applied_at is not null and (ja_a.talent_id = ${sender.id} and (ja_j.created_by = ${recipient}
             or ja_j.company_id in (select ja_m.company_id from company_members ja_m where ja_m.user_id = ${recipient})))
       or ja_a.applied_at is not null and (ja_a.talent_id = ${recipient} and (ja_j.created_by = ${sender.id}
             ${sender.companyId ? sql`or ja_j.company_id = ${sender.companyId}` : sql``})))`,
};

/**
 * Discoverable job seekers' profiles are open to company users, who may write to them. A job
 * seeker who hid their profile is reached only through a rule that links them (an application,
 * a referral or a request).
 */
export const companyUserToJobSeeker: MessagingRule = {
  name: 'company user to discoverable job seeker',
  condition: (sender, recipient) => (sender.companyId ? discoverableJobSeekerSql(recipient) : never),
};

/** A job seeker may write to whoever posted an open job (the Message button on the job page). */
export const jobSeekerToJobPoster: MessagingRule = {
  name: 'job seeker to job poster',
  condition: (sender, recipient) =>
    sender.type === 'jobseeker'
      ? sql`exists (select 1 from job_postings jp_j where jp_j.created_by = ${recipient} and jp_j.status = 'OPEN')`
      : never,
};

/** A job seeker may write to a company's referrers (they are listed per company to signed-in users). */
export const jobSeekerToReferrer: MessagingRule = {
  name: 'job seeker to company referrer',
  condition: (sender, recipient) =>
    sender.type === 'jobseeker'
      ? sql`exists (select 1 from company_members jr_m where jr_m.user_id = ${recipient})`
      : never,
};

/** A referral or a referral request between them, in either direction (it outlives a change of company). */
export const referralBetween: MessagingRule = {
  name: 'referral between them',
  condition: (sender, recipient) => sql`exists (
      select 1 from referrals rb_r
      where (rb_r.referrer_id = ${sender.id} and rb_r.talent_id = ${recipient})
         or (rb_r.talent_id = ${sender.id} and rb_r.referrer_id = ${recipient}))
    or exists (
      select 1 from referral_requests rb_q
      where (rb_q.referrer_id = ${sender.id} and rb_q.talent_id = ${recipient})
         or (rb_q.talent_id = ${sender.id} and rb_q.referrer_id = ${recipient}))`,
};

/** Every reason the product recognises. A conversation may be started when any rule allows it. */
export const messagingRules: MessagingRule[] = [
  sameCompany,
  jobApplication,
  companyUserToJobSeeker,
  jobSeekerToJobPoster,
  jobSeekerToReferrer,
  referralBetween,
];

/** SQL true when any rule lets `sender` message `recipient` (never themselves). */
export function mayMessage(sender: Sender, recipient: SQL): SQL {
  const any = sql.join(
    messagingRules.map((rule) => sql`(${rule.condition(sender, recipient)})`),
    sql` or `,
  );
  return sql`(${recipient} <> ${sender.id} and (${any}))`;
}
