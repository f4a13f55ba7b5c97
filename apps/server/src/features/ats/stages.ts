/**
 * An ATS's stage change applied to our pipeline: the change is mapped to a pipeline stage (a hire or a rejection by
 * the application's status, else the connection's stage mapping) and made with the referrals' own moveStage, the
 * path Talent Tracking takes, as the admin who connected the ATS. Webhooks and the reconciliation both come here.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AtsStageMapping, PipelineStage } from '@referwell/shared';
import type { Tx } from '../../db/repository';
import {
  atsApplications,
  atsCandidates,
  type atsConnections,
  candidatePipelines,
  companies,
  companyMembers,
  referrals,
  users,
} from '../../db/schema';
import type { AuthContext } from '../../platform/sessions/sessions';
import { lockLiveReferral, lockPipeline, moveStage } from '../referrals/port';
import type { AtsStageChange } from './adapter';

export type ConnectionRow = typeof atsConnections.$inferSelect;

export type StageOutcome = 'moved' | 'unchanged' | 'unknown_candidate' | 'unmapped_stage' | 'not_live';

/** The pipeline stage an ATS change means: a hire or a rejection by its status, else the mapping of its stage. */
export function mappedStage(change: AtsStageChange, mapping: AtsStageMapping): PipelineStage | null {
  if (change.hired) return 'hired';
  if (change.rejected) return 'declined';
  if (!change.stageName) return null;
  const wanted = change.stageName.trim().toLowerCase();
  const entry = Object.entries(mapping).find(([name]) => name.trim().toLowerCase() === wanted);
  return entry?.[1] ?? null;
}

/** Who the ATS's moves are made as: the admin who connected it while still an admin, else the longest-serving admin. */
async function actingAdmin(tx: Tx, connection: ConnectionRow): Promise<AuthContext | null> {
  const admins = await tx
    .select({ user: users, company: companies, compliance: companyMembers.compliance })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.companyId, connection.companyId), eq(companyMembers.role, 'admin')))
    .orderBy(asc(companyMembers.joinedAt));
  const chosen = admins.find((a) => a.user.id === connection.createdBy) ?? admins[0];
  if (!chosen) return null;
  return {
    tokenHash: '',
    user: {
      id: chosen.user.id,
      name: chosen.user.name,
      email: chosen.user.email,
      type: chosen.user.type,
      avatarUrl: chosen.user.avatarUrl,
      referralCode: chosen.user.referralCode,
    },
    company: {
      id: chosen.company.id,
      name: chosen.company.name,
      slug: chosen.company.slug,
      role: 'companyAdmin',
      compliance: chosen.compliance,
    },
    // The ATS acts for the company; an admin's pending two-factor set-up concerns their own sign-ins.
    twoFactorSetupRequired: false,
  };
}

/** Applies one ATS change to the pipeline of the referral pushed as that application, in the caller's transaction. */
export async function applyStageChange(
  tx: Tx,
  connection: ConnectionRow,
  change: AtsStageChange,
): Promise<StageOutcome> {
  const [referred] = await tx
    .select({ jobId: referrals.jobId, talentId: referrals.talentId })
    .from(atsCandidates)
    .innerJoin(referrals, eq(referrals.id, atsCandidates.referralId))
    .where(
      and(eq(atsCandidates.connectionId, connection.id), eq(atsCandidates.atsApplicationId, change.applicationId)),
    );
  // A direct application pushed (no referral): its pipeline moves alone.
  const [applied] = referred
    ? []
    : await tx
        .select({ jobId: candidatePipelines.jobId, talentId: candidatePipelines.talentId })
        .from(atsApplications)
        .innerJoin(candidatePipelines, eq(candidatePipelines.id, atsApplications.pipelineId))
        .where(
          and(
            eq(atsApplications.connectionId, connection.id),
            eq(atsApplications.atsApplicationId, change.applicationId),
          ),
        );
  const pushed = referred ?? applied;
  if (!pushed) return 'unknown_candidate';
  const stage = mappedStage(change, connection.stageMapping);
  if (!stage) return 'unmapped_stage';
  const pipeline = await lockPipeline(tx, pushed.jobId, pushed.talentId);
  const referral = await lockLiveReferral(tx, pushed.jobId, pushed.talentId);
  const actor = await actingAdmin(tx, connection);
  if (!pipeline || (referred && !referral) || !actor) return 'not_live';
  const moved = await moveStage(tx, actor, {
    pipeline,
    referral,
    stage,
    ...(stage === 'hired' ? { startDate: change.startDate ?? new Date().toISOString().slice(0, 10) } : {}),
    ...(stage === 'declined' ? { reason: 'other' as const, reasonNote: 'Rejected in the ATS.' } : {}),
  });
  return moved ? 'moved' : 'unchanged';
}
