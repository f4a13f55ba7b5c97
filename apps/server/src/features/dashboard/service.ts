import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_LIMITS,
  MATCHING,
  type DashboardJob,
  type JobseekerDashboard,
  type MyJob,
  type ReferrerDashboard,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { selectRows, textArray } from '../../db/repository';
import {
  companies,
  companyMembers,
  candidatePipelines,
  jobPostings,
  referralRequests,
  referrals,
  talentProfiles,
} from '../../db/schema';
import { isCompanyAdminOf } from '../../platform/access/guards';
import type { AuthContext } from '../../platform/sessions/sessions';
import { rolesToRefer } from '../jobs/port';
import { listReferralRequests, listReferrals, referralTotals, viewerStatuses } from '../referrals/port';

const RECOMMENDED_SHOWN = 5;
/** The jobs the seeker is part of that the dashboard lists: the most recent, those waiting for their answer first. */
const MY_JOBS_SHOWN = 20;
const AVAILABLE_SHOWN = 5;
/** Talent matches look at the company's most recent open jobs only. */
const MATCH_JOBS_CONSIDERED = 20;

const jobColumns = {
  id: jobPostings.id,
  title: jobPostings.title,
  companyName: jobPostings.companyName,
  companySlug: companies.slug,
  location: jobPostings.location,
  employmentType: jobPostings.jobType,
  createdAt: sql<string>`to_char(${jobPostings.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

/**
 * SQL for the SPEC §9 match score: the percent of the job's distinct skill keys (lowercased) that the person has.
 * Mirrors matchScore() in packages/shared/src/rules/match.ts; both sides store their keys with the row.
 */
const matchScoreSql = (jobKeys: unknown, personKeys: unknown) => sql<number>`coalesce(round(100.0 *
  cardinality(array(select unnest(${jobKeys}) intersect select unnest(${personKeys})))
  / nullif(cardinality(${jobKeys}), 0)), 0)::int`;

export async function jobseekerDashboard(db: Db, me: AuthContext): Promise<JobseekerDashboard> {
  const [profile] = await db
    .select({ keys: talentProfiles.skillKeys })
    .from(talentProfiles)
    .where(eq(talentProfiles.id, me.user.id));
  const keys = profile?.keys ?? [];
  const notApplied = sql`not exists (select 1 from ${candidatePipelines} p
    where p.job_id = ${jobPostings.id} and p.talent_id = ${me.user.id} and p.applied_at is not null)`;
  const open = eq(jobPostings.status, 'OPEN');

  const [requests, [requestCount], mine, recommendedJobs, availableJobs] = await Promise.all([
    listReferralRequests(db, me, { box: 'sent', limit: DASHBOARD_LIMITS.referralRequestsShown }),
    db.select({ n: count() }).from(referralRequests).where(eq(referralRequests.talentId, me.user.id)),
    myJobs(db, me),
    keys.length === 0 ? Promise.resolve([]) : recommendedJobsFor(db, keys, and(open, notApplied)!),
    db
      .select(jobColumns)
      .from(jobPostings)
      .innerJoin(companies, eq(companies.id, jobPostings.companyId))
      .where(and(open, notApplied))
      .orderBy(desc(jobPostings.createdAt), desc(jobPostings.id))
      .limit(AVAILABLE_SHOWN),
  ]);
  return {
    referralRequests: { items: requests, total: requestCount?.n ?? 0 },
    myJobs: mine,
    recommendedJobs,
    availableJobs: availableJobs satisfies DashboardJob[],
  };
}

/**
 * The jobs the seeker applied to or was referred for, in one list: where they stand on each is the job page's answer
 * (referrals/viewerStatuses), so the dashboard and the job page never disagree. A referral waiting for their answer
 * comes first; then the most recent.
 */
async function myJobs(db: Db, me: AuthContext): Promise<MyJob[]> {
  const iso = (column: unknown) =>
    sql<string>`to_char(max(${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
  const [inPipeline, referredFor] = await Promise.all([
    db
      .select({ jobId: candidatePipelines.jobId, at: iso(candidatePipelines.updatedAt) })
      .from(candidatePipelines)
      .where(eq(candidatePipelines.talentId, me.user.id))
      .groupBy(candidatePipelines.jobId),
    db
      .select({
        jobId: referrals.jobId,
        at: iso(referrals.updatedAt),
        waiting: sql<boolean>`bool_or(${referrals.consent} = 'pending')`,
      })
      .from(referrals)
      .where(eq(referrals.talentId, me.user.id))
      .groupBy(referrals.jobId),
  ]);
  const touched = new Map<string, { at: string; waiting: boolean }>();
  for (const row of [...inPipeline, ...referredFor]) {
    const known = touched.get(row.jobId);
    const waiting = 'waiting' in row ? Boolean(row.waiting) : false;
    touched.set(row.jobId, {
      at: known && known.at > row.at ? known.at : row.at,
      waiting: (known?.waiting ?? false) || waiting,
    });
  }
  const shown = [...touched.entries()]
    .sort(([, a], [, b]) => Number(b.waiting) - Number(a.waiting) || b.at.localeCompare(a.at))
    .slice(0, MY_JOBS_SHOWN);
  if (shown.length === 0) return [];
  const jobs = await db
    .select({
      ...jobColumns,
      companyId: jobPostings.companyId,
      createdBy: jobPostings.createdBy,
      status: jobPostings.status,
      bonusAmount: jobPostings.referralBonusAmount,
      bonusCurrency: jobPostings.referralBonusCurrency,
    })
    .from(jobPostings)
    .innerJoin(companies, eq(companies.id, jobPostings.companyId))
    .where(
      inArray(
        jobPostings.id,
        shown.map(([id]) => id),
      ),
    );
  const statuses = await viewerStatuses(db, me, jobs);
  const byId = new Map(jobs.map((job) => [job.id, job]));
  return shown.flatMap(([id, { at }]) => {
    const job = byId.get(id);
    const status = statuses.get(id);
    if (!job || !status) return [];
    const { companyId: _c, createdBy: _b, status: _s, bonusAmount: _a, bonusCurrency: _u, ...shownJob } = job;
    return [
      {
        ...shownJob,
        state: status.state,
        headline: status.headline,
        stage: status.stage,
        referral: status.referral,
        at,
      },
    ];
  });
}

/** Open jobs the person scores at least 30 % on (SPEC §9), best first. */
function recommendedJobsFor(db: Db, keys: string[], filter: SQL) {
  const score = matchScoreSql(jobPostings.skillKeys, textArray(keys));
  return (
    db
      .select({ ...jobColumns, matchScore: score })
      .from(jobPostings)
      .innerJoin(companies, eq(companies.id, jobPostings.companyId))
      // The overlap test narrows to jobs sharing a skill through the GIN index; the score then decides.
      .where(
        and(
          filter,
          sql`${jobPostings.skillKeys} && ${textArray(keys)}`,
          sql`${score} >= ${MATCHING.defaultMinScorePercent}`,
        ),
      )
      .orderBy(sql`${score} desc`, desc(jobPostings.createdAt))
      .limit(RECOMMENDED_SHOWN)
  );
}

export async function referrerDashboard(db: Db, me: AuthContext): Promise<ReferrerDashboard> {
  const company = me.company;
  const isAdmin = !!company && isCompanyAdminOf(me, company.id);

  const [totals, recentReferrals, [pending], talentMatches, companyFigures, roles] = await Promise.all([
    referralTotals(db, me),
    listReferrals(db, me, { scope: 'mine', limit: DASHBOARD_LIMITS.referralsShown }),
    db
      .select({ n: count() })
      .from(referralRequests)
      .where(and(eq(referralRequests.referrerId, me.user.id), eq(referralRequests.status, 'pending'))),
    company ? talentMatchesFor(db, company.id) : Promise.resolve([]),
    isAdmin && company ? companyCounts(db, company.id) : Promise.resolve(null),
    company ? rolesToRefer(db, company.id, DASHBOARD_LIMITS.rolesToReferShown) : Promise.resolve(null),
  ]);
  return {
    totals,
    recentReferrals,
    pendingRequests: pending?.n ?? 0,
    talentMatches,
    company: companyFigures,
    rolesToRefer: roles,
  };
}

async function companyCounts(db: Db, companyId: string) {
  const [[members], [openJobs], [pendingReferrals]] = await Promise.all([
    db.select({ n: count() }).from(companyMembers).where(eq(companyMembers.companyId, companyId)),
    db
      .select({ n: count() })
      .from(jobPostings)
      .where(and(eq(jobPostings.companyId, companyId), eq(jobPostings.status, 'OPEN'))),
    db
      .select({ n: count() })
      .from(referrals)
      // Referrals waiting for the candidate's answer have not reached the company yet.
      .where(
        and(eq(referrals.companyId, companyId), eq(referrals.status, 'pending'), eq(referrals.consent, 'confirmed')),
      ),
  ]);
  return {
    teamMemberCount: members?.n ?? 0,
    openPositions: openJobs?.n ?? 0,
    pendingApprovals: pendingReferrals?.n ?? 0,
  };
}

interface MatchRow {
  talent_id: string;
  name: string;
  title: string | null;
  location: string | null;
  job_id: string;
  job_title: string;
  score: number;
}

/**
 * The best job seeker for each of the company's recent open jobs, kept when they score at least 40 %. Nobody the
 * job already has is suggested for it: a candidate with a pipeline on the job (applied, in process, hired, declined
 * or withdrawn) or a referral for it (even one awaiting their consent), nor anyone the company has hired.
 */
async function talentMatchesFor(db: Db, companyId: string): Promise<ReferrerDashboard['talentMatches']> {
  const rows = await selectRows<MatchRow>(
    db,
    sql`select t.id as talent_id, u.name, t.title, t.location, j.id as job_id, j.title as job_title, t.score
      from (
        select id, title, skill_keys as keys
        from job_postings
        where company_id = ${companyId} and status = 'OPEN' and cardinality(skill_keys) > 0
        order by created_at desc
        limit ${MATCH_JOBS_CONSIDERED}
      ) j
      cross join lateral (
        select tp.id, tp.title, tp.location, ${matchScoreSql(sql.raw('j.keys'), sql.raw('tp.skill_keys'))} as score
        from talent_profiles tp
        where tp.discoverable and tp.skill_keys && j.keys
          and not exists (select 1 from candidate_pipelines cp where cp.job_id = j.id and cp.talent_id = tp.id)
          and not exists (select 1 from referrals r where r.job_id = j.id and r.talent_id = tp.id)
          and not exists (select 1 from candidate_pipelines hired
            join job_postings hj on hj.id = hired.job_id and hj.company_id = ${companyId}
            where hired.talent_id = tp.id and hired.stage = 'hired')
        order by score desc, tp.updated_at desc
        limit 1
      ) t
      join users u on u.id = t.id
      where t.score >= ${MATCHING.talentMatchMinScorePercent}
      order by t.score desc
      limit ${MATCHING.talentMatchMaxShown * 3}`,
  );
  // One card per person: their best job.
  const seen = new Set<string>();
  const matches: ReferrerDashboard['talentMatches'] = [];
  for (const row of rows) {
    if (seen.has(row.talent_id)) continue;
    seen.add(row.talent_id);
    matches.push({
      talent: { id: row.talent_id, name: row.name, title: row.title, location: row.location },
      job: { id: row.job_id, title: row.job_title },
      matchScore: Number(row.score),
    });
    if (matches.length === MATCHING.talentMatchMaxShown) break;
  }
  return matches;
}
