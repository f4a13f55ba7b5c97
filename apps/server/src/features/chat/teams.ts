/** A company's Microsoft Teams channel: its incoming webhook URL, sealed at rest, never returned (its host is). */
import { eq } from 'drizzle-orm';
import { CHAT_MESSAGES, type TeamsWebhook } from '@referwell/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { teamsConnections } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { checkOutboundUrl } from '../../lib/safe-fetch';
import type { Secrets } from '../../lib/secrets';
import { recordAudit } from '../../platform/audit/service';
import { sealedContext } from '../../lib/sealed-columns';

/** Saving needs no answer from Teams; a URL on a private network is refused here (the fetcher would refuse it later). */
export async function saveTeamsWebhook(
  deps: { db: Db; config: Config; secrets: Secrets },
  companyId: string,
  actorId: string,
  input: TeamsWebhook,
) {
  await checkOutboundUrl(input.webhookUrl, { allowHosts: deps.config.outboundAllowHosts });
  const url = new URL(input.webhookUrl);
  const values = {
    webhookSealed: deps.secrets.seal(url.toString(), sealedContext.teamsWebhook(companyId)),
    webhookHost: url.host,
    connectedBy: actorId,
    updatedAt: new Date(),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(teamsConnections)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: teamsConnections.companyId, set: values });
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'integration.connected',
      subject: { type: 'company', id: companyId },
      after: { integration: 'teams' },
    });
  });
}

export async function disconnectTeams(db: Db, companyId: string, actorId: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(teamsConnections).where(eq(teamsConnections.companyId, companyId)).returning();
    if (!row) throw conflict(CHAT_MESSAGES.notConnected);
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'integration.disconnected',
      subject: { type: 'company', id: companyId },
      before: { integration: 'teams' },
    });
  });
}

export async function teamsWebhookUrl(deps: { db: Db; secrets: Secrets }, companyId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ sealed: teamsConnections.webhookSealed })
    .from(teamsConnections)
    .where(eq(teamsConnections.companyId, companyId));
  return row ? deps.secrets.open(row.sealed, sealedContext.teamsWebhook(companyId)) : null;
}
