/**
 * Where a viewer stands on jobs, in one server-computed answer per job (JobViewerStatus): the job page shows it, and
 * a list of jobs (search cards) can ask for many at once. For a job seeker: referred (confirm, or no need to apply),
 * their requests, applied, in process, hired, not selected, or nothing yet (ask before applying when the company
 * rewards referrals). For the company's people and visitors: the company's referral rule in words.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  askBeforeApplyingText,
  CANDIDATE_STAGE_LABELS,
  effectiveBonus,
  ownershipRuleText,
  type BonusPolicy,
  type JobViewerStatus,
  type PipelineStage,
} from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { candidatePipelines, referralRequests, referrals, users } from '../../db/schema';
import { onJobTeam } from '../../platform/access/guards';
import type { AuthContext } from '../../platform/sessions/sessions';
import { bonusPolicyOf } from '../bonuses/port';

export interface ViewedJob {
  id: string;
  companyId: string;
  companyName: string;
  createdBy: string | null;
  status: string;
  bonusAmount: number | null;
  bonusCurrency: string | null;
}

const IN_PROCESS: PipelineStage[] = ['contacted', 'scheduled', 'interviewed', 'offer'];

const names = (list: string[]) =>
  list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)!}`;

/** Each job's status for the viewer, read in a few queries whatever the number of jobs. */
export async function viewerStatuses(
  db: Executor,
  auth: AuthContext | null,
  jobs: ViewedJob[],
): Promise<Map<string, JobViewerStatus>> {
  const policies = new Map<string, BonusPolicy>();
  for (const companyId of new Set(jobs.map((j) => j.companyId)))
    policies.set(companyId, await bonusPolicyOf(db, companyId));
  const seeker = auth?.user.type === 'jobseeker' ? auth.user.id : null;
  const ids = jobs.map((j) => j.id);
  const [pipelines, referralRows, requestRows] =
    seeker && ids.length > 0
      ? await Promise.all([
          db
            .select({
              jobId: candidatePipelines.jobId,
              stage: candidatePipelines.stage,
              appliedAt: candidatePipelines.appliedAt,
            })
            .from(candidatePipelines)
            .where(and(eq(candidatePipelines.talentId, seeker), inArray(candidatePipelines.jobId, ids))),
          db
            .select({ jobId: referrals.jobId, id: referrals.id, consent: referrals.consent, referrerName: users.name })
            .from(referrals)
            .leftJoin(users, eq(users.id, referrals.referrerId))
            .where(and(eq(referrals.talentId, seeker), inArray(referrals.jobId, ids))),
          db
            .select({
              jobId: referralRequests.jobId,
              id: referralRequests.id,
              status: referralRequests.status,
              referrerName: users.name,
            })
            .from(referralRequests)
            .innerJoin(users, eq(users.id, referralRequests.referrerId))
            .where(and(eq(referralRequests.talentId, seeker), inArray(referralRequests.jobId, ids)))
            .orderBy(desc(referralRequests.createdAt)),
        ])
      : [[], [], []];

  const statuses = new Map<string, JobViewerStatus>();
  for (const job of jobs) {
    const policy = policies.get(job.companyId)!;
    const rewards = effectiveBonus(job, policy) !== null;
    const base: JobViewerStatus = {
      state: 'visitor',
      headline: null,
      detail: null,
      askFirst: false,
      rule: null,
      referral: null,
      requests: [],
      stage: null,
    };
    if (!auth) {
      const open = job.status === 'OPEN';
      statuses.set(job.id, {
        ...base,
        askFirst: open && rewards,
        rule: open && rewards ? askBeforeApplyingText(policy, job.companyName) : null,
      });
      continue;
    }
    if (auth.company?.id === job.companyId) {
      statuses.set(job.id, {
        ...base,
        state: onJobTeam(auth, job) ? 'team' : 'colleague',
        rule: ownershipRuleText(policy, job.companyName),
      });
      continue;
    }
    if (!seeker) {
      statuses.set(job.id, { ...base, state: 'company_user' });
      continue;
    }
    statuses.set(
      job.id,
      seekerStatus(job, policy, rewards, {
        pipeline: pipelines.find((p) => p.jobId === job.id) ?? null,
        referral: referralRows.find((r) => r.jobId === job.id) ?? null,
        requests: requestRows.filter((r) => r.jobId === job.id),
      }),
    );
  }
  return statuses;
}

/** One job's status for the viewer. */
export async function viewerStatus(db: Executor, auth: AuthContext | null, job: ViewedJob): Promise<JobViewerStatus> {
  return (await viewerStatuses(db, auth, [job])).get(job.id)!;
}

function seekerStatus(
  job: ViewedJob,
  policy: BonusPolicy,
  rewards: boolean,
  mine: {
    pipeline: { stage: PipelineStage; appliedAt: Date | null } | null;
    referral: { id: string; consent: 'pending' | 'confirmed' | 'declined'; referrerName: string | null } | null;
    requests: { id: string; status: JobViewerStatus['requests'][number]['status']; referrerName: string }[];
  },
): JobViewerStatus {
  const { pipeline, referral } = mine;
  const referrer = referral?.referrerName ?? 'A referrer';
  const status: JobViewerStatus = {
    state: 'none',
    headline: null,
    detail: null,
    askFirst: false,
    rule: rewards ? askBeforeApplyingText(policy, job.companyName) : null,
    referral: referral ? { id: referral.id, referrerName: referral.referrerName, consent: referral.consent } : null,
    requests: mine.requests.map(({ id, status, referrerName }) => ({ id, status, referrerName })),
    stage: pipeline?.stage ?? null,
  };
  const live = referral && referral.consent !== 'declined' ? referral : null;
  const known = pipeline && (pipeline.appliedAt || live?.consent === 'confirmed');
  if (known && pipeline.stage === 'hired')
    return { ...status, state: 'hired', headline: `You were hired for this job. Congratulations!`, rule: null };
  if (known && pipeline.stage === 'declined')
    return {
      ...status,
      state: 'not_selected',
      headline: 'The hiring team decided not to move forward this time.',
      rule: null,
    };
  if (known && IN_PROCESS.includes(pipeline.stage))
    return {
      ...status,
      state: 'in_process',
      headline: `You're in process: ${CANDIDATE_STAGE_LABELS[pipeline.stage].toLowerCase()}.`,
      detail: live ? `Referred by ${referrer}.` : 'You applied to this job.',
      rule: null,
    };
  if (live?.consent === 'pending')
    return {
      ...status,
      state: 'referral_to_confirm',
      headline: `${referrer} referred you. Confirm to be put forward, no need to apply.`,
      detail: `Nothing goes to ${job.companyName} until you confirm.`,
      rule: null,
    };
  if (live?.consent === 'confirmed')
    return {
      ...status,
      state: 'referred',
      headline: `${referrer} referred you. No need to apply.`,
      detail: `Your referral is with ${job.companyName}'s hiring team. Applying as well changes nothing.`,
      rule: null,
    };
  if (pipeline?.appliedAt)
    return { ...status, state: 'applied', headline: 'You applied to this job.', detail: null, rule: null };
  const pending = mine.requests.filter((r) => r.status === 'pending').map((r) => r.referrerName);
  if (pending.length > 0)
    return {
      ...status,
      state: 'requested',
      headline: `Your request to ${names(pending)} is pending.`,
      detail: rewards
        ? 'Wait for an answer before applying: if you apply directly, no referrer can be credited for this job.'
        : null,
    };
  return { ...status, askFirst: rewards && job.status === 'OPEN' };
}
