/**
 * What an ATS tells us: a signed webhook about a candidate's application. The signature is checked against the raw
 * body with the connection's webhook secret (absent or wrong: 401, nothing recorded); the delivery is logged by its id
 * in the transaction that acts on it, so a replay finds it and changes nothing (200). A change to a candidate we
 * pushed moves their pipeline through the referrals' own state machine (moveStage), as the admin who connected the
 * ATS: a hire completes the referral and starts the bonus clock with the ATS's start date.
 */
import { and, eq } from 'drizzle-orm';
import { ATS_MESSAGES, type AtsVendor } from '@referwell/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/repository';
import { atsApplications, atsCandidates, atsConnections, atsSyncLog } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Secrets } from '../../lib/secrets';
import { WebhookShapeError } from './adapter';
import { applyStageChange, type ConnectionRow } from './stages';
import { ADAPTERS, startSync } from './sync';
import { sealedContext } from '../../lib/sealed-columns';

type Headers = Record<string, string | string[] | undefined>;

/**
 * A delivery that names an application we pushed (a referral or a direct application) but not all its change needs: the
 * ATS's changes are re-read on the queue (the reconciliation, which applies them as a webhook would). Another
 * application is not ours.
 */
async function queueReread(tx: Tx, connection: ConnectionRow, applicationId: string) {
  const [referred] = await tx
    .select({ referralId: atsCandidates.referralId })
    .from(atsCandidates)
    .where(and(eq(atsCandidates.connectionId, connection.id), eq(atsCandidates.atsApplicationId, applicationId)));
  const [applied] = referred
    ? []
    : await tx
        .select({ pipelineId: atsApplications.pipelineId })
        .from(atsApplications)
        .where(
          and(eq(atsApplications.connectionId, connection.id), eq(atsApplications.atsApplicationId, applicationId)),
        );
  if (!referred && !applied) return 'unknown_candidate' as const;
  await startSync(tx, connection.id, 'reconcile');
  return 'queued' as const;
}

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
  const secret = deps.secrets.open(connection.webhookSecretSealed, sealedContext.atsWebhookSecret(connection.id));
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
    const outcome = !event.change
      ? 'ignored'
      : event.reread
        ? await queueReread(tx, connection, event.change.applicationId)
        : await applyStageChange(tx, connection, event.change);
    if (outcome === 'unknown_candidate' || outcome === 'unmapped_stage')
      deps.log.info({ connectionId, delivery: event.deliveryId, outcome }, 'ats: webhook not applied');
    await tx
      .update(atsSyncLog)
      .set({
        state: outcome === 'moved' || outcome === 'unchanged' || outcome === 'queued' ? 'succeeded' : 'ignored',
        vendorAnswer: `${event.action}: ${outcome}`,
        updatedAt: new Date(),
      })
      .where(eq(atsSyncLog.id, fresh.id));
    return { received: true as const, outcome };
  });
}
