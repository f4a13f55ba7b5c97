/**
 * What an ATS tells us: a signed webhook about a candidate's application. The signature is checked against the raw
 * body with the connection's webhook secret (absent or wrong: 401, nothing recorded); the delivery is logged by its id
 * in the transaction that acts on it, so a replay finds it and changes nothing (200). A change to a candidate we
 * pushed moves their pipeline through the referrals' own state machine (moveStage), as the admin who connected the
 * ATS: a hire completes the referral and starts the bonus clock with the ATS's start date.
 */
import { and, asc, eq } from 'drizzle-orm';
import { ATS_MESSAGES, type AtsStageMapping, type AtsVendor, type PipelineStage } from '@referwell/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/repository';
import {
  atsCandidates,
  atsConnections,
  atsSyncLog,
  companies,
  companyMembers,
  referrals,
  users,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Secrets } from '../../lib/secrets';
import type { AuthContext } from '../../platform/sessions/sessions';
import { lockLiveReferral, lockPipeline, moveStage } from '../referrals/port';
import { WebhookShapeError, type AtsStageChange } from './adapter';
import { ADAPTERS, webhookSecretContext, type ConnectionRow } from './sync';

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
    .select({ user: users, company: companies })
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
    company: { id: chosen.company.id, name: chosen.company.name, slug: chosen.company.slug, role: 'companyAdmin' },
  };
}

/** Applies one ATS change to the pipeline of the referral pushed as that application, in the caller's transaction. */
export async function applyStageChange(
  tx: Tx,
  connection: ConnectionRow,
  change: AtsStageChange,
): Promise<StageOutcome> {
  const [pushed] = await tx
    .select({ jobId: referrals.jobId, talentId: referrals.talentId })
    .from(atsCandidates)
    .innerJoin(referrals, eq(referrals.id, atsCandidates.referralId))
    .where(
      and(eq(atsCandidates.connectionId, connection.id), eq(atsCandidates.atsApplicationId, change.applicationId)),
    );
  if (!pushed) return 'unknown_candidate';
  const stage = mappedStage(change, connection.stageMapping);
  if (!stage) return 'unmapped_stage';
  const pipeline = await lockPipeline(tx, pushed.jobId, pushed.talentId);
  const referral = await lockLiveReferral(tx, pushed.jobId, pushed.talentId);
  const actor = await actingAdmin(tx, connection);
  if (!pipeline || !referral || !actor) return 'not_live';
  const moved = await moveStage(tx, actor, {
    pipeline,
    referral,
    stage,
    ...(stage === 'hired' ? { startDate: change.startDate ?? new Date().toISOString().slice(0, 10) } : {}),
    ...(stage === 'declined' ? { reason: 'other' as const, reasonNote: 'Rejected in the ATS.' } : {}),
  });
  return moved ? 'moved' : 'unchanged';
}

type Headers = Record<string, string | string[] | undefined>;

/** A webhook delivery: verified, logged once, acted on. Answers what became of it. */
export async function receiveWebhook(
  deps: { db: Db; secrets: Secrets; log: FastifyBaseLogger },
  connectionId: string,
  rawBody: Buffer,
  headers: Headers,
): Promise<{ received: true; outcome: string }> {
  const [connection] = await deps.db.select().from(atsConnections).where(eq(atsConnections.id, connectionId));
  if (!connection || connection.status === 'revoked' || !connection.webhookSecretSealed)
    throw notFound(ATS_MESSAGES.notConnected);
  const adapter = ADAPTERS[connection.vendor as AtsVendor];
  const secret = deps.secrets.open(connection.webhookSecretSealed, webhookSecretContext(connection.id));
  if (!adapter.verifyWebhook(rawBody, headers, secret)) {
    deps.log.warn({ connectionId }, 'ats: webhook with a bad or missing signature refused');
    throw new AppError(401, 'BAD_SIGNATURE', ATS_MESSAGES.badSignature);
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    body = null;
  }
  let event;
  try {
    event = adapter.readWebhook(body, rawBody, headers);
  } catch (error) {
    if (!(error instanceof WebhookShapeError)) throw error;
    await deps.db.insert(atsSyncLog).values({
      connectionId,
      kind: 'webhook',
      subject: null,
      state: 'failed',
      attempts: 1,
      vendorAnswer: error.message,
    });
    deps.log.warn({ connectionId, reason: error.message }, 'ats: webhook missing fields');
    throw badRequest(error.message);
  }
  return deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(atsSyncLog)
      .values({ connectionId, kind: 'webhook', subject: event.deliveryId, state: 'pending', attempts: 1 })
      .onConflictDoNothing()
      .returning({ id: atsSyncLog.id });
    if (!fresh) {
      deps.log.info({ connectionId, delivery: event.deliveryId }, 'ats: webhook replayed, nothing to do');
      return { received: true as const, outcome: 'duplicate' };
    }
    const outcome = event.change ? await applyStageChange(tx, connection, event.change) : 'ignored';
    if (outcome === 'unknown_candidate' || outcome === 'unmapped_stage')
      deps.log.info({ connectionId, delivery: event.deliveryId, outcome }, 'ats: webhook not applied');
    await tx
      .update(atsSyncLog)
      .set({
        state: outcome === 'moved' || outcome === 'unchanged' ? 'succeeded' : 'ignored',
        vendorAnswer: `${event.action}: ${outcome}`,
        updatedAt: new Date(),
      })
      .where(eq(atsSyncLog.id, fresh.id));
    return { received: true as const, outcome };
  });
}
