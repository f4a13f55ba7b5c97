/**
 * Proved host names are checked again (issue 34): a scheduled job queues one check per proved name, which looks for the
 * same TXT record as the proof did. Found, the name's failure count starts over. Missing at two checks in a row, the
 * name is unpublished (no longer verified, so no longer served), in the audit log, and the company's admins are told
 * (bell and e-mail). A resolver that fails or times out proves nothing either way: the check is retried by the queue
 * and counts as no failure, so a DNS outage on our side never takes a company's portal down.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { NOTIFICATION_TYPES_COMPANY, PORTAL_MESSAGES, portalTxtName } from '@referwell/shared';
import type { Db } from '../../db/client';
import { companyMembers, companyPortalHosts } from '../../db/schema';
import type { ResolveTxt } from '../../lib/dns';
import { enqueue } from '../../lib/queue/enqueue';
import { recordAudit } from '../../platform/audit/service';
import { createNotification } from '../../platform/notifications/service';
import { forgetPortalHosts } from './hosts';
import { holdsProof } from './settings';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    /** Scheduled: queue a re-check of every proved host name. */
    'recheck-portal-hosts': Record<string, never>;
    /** Look for one proved host name's TXT record again. */
    'recheck-portal-host': { hostId: string };
  }
}

/** Checks missing the record in a row before the name is unpublished. */
export const FAILED_CHECKS_TO_UNPUBLISH = 2;

/** Every six hours: a name whose record goes stays served at most about twelve hours. */
export const PORTAL_HOSTS_RECHECK_CRON = '35 */6 * * * recheck-portal-hosts';

export async function queuePortalHostChecks(db: Db): Promise<number> {
  const hosts = await db
    .select({ id: companyPortalHosts.id })
    .from(companyPortalHosts)
    .where(isNotNull(companyPortalHosts.verifiedAt));
  for (const { id } of hosts)
    await enqueue(db, 'recheck-portal-host', { hostId: id }, { jobKey: `recheck-portal-host:${id}`, maxAttempts: 5 });
  return hosts.length;
}

/** One re-check; answers what became of the name. */
export async function recheckPortalHost(
  db: Db,
  resolveTxt: ResolveTxt,
  { hostId }: { hostId: string },
): Promise<'proved' | 'missing' | 'unpublished' | 'gone'> {
  const [row] = await db.select().from(companyPortalHosts).where(eq(companyPortalHosts.id, hostId));
  if (!row?.verifiedAt) return 'gone';
  // A resolver failure throws: the queue tries again later, and nothing is counted.
  const records = await resolveTxt(portalTxtName(row.host));
  const now = new Date();
  if (holdsProof(records, row.token)) {
    await db
      .update(companyPortalHosts)
      .set({ failedChecks: 0, lastCheckedAt: now })
      .where(eq(companyPortalHosts.id, row.id));
    return 'proved';
  }
  const outcome = await db.transaction(async (tx) => {
    // Counted on the row as it is now (a check racing an admin's removal or re-proof finds nothing to count).
    const [counted] = await tx
      .update(companyPortalHosts)
      .set({ failedChecks: row.failedChecks + 1, lastCheckedAt: now })
      .where(
        and(
          eq(companyPortalHosts.id, row.id),
          eq(companyPortalHosts.failedChecks, row.failedChecks),
          isNotNull(companyPortalHosts.verifiedAt),
        ),
      )
      .returning();
    if (!counted) return 'gone' as const;
    if (counted.failedChecks < FAILED_CHECKS_TO_UNPUBLISH) return 'missing' as const;
    await tx
      .update(companyPortalHosts)
      .set({ verifiedAt: null, failedChecks: 0 })
      .where(eq(companyPortalHosts.id, row.id));
    await recordAudit(tx, {
      companyId: row.companyId,
      actorId: null,
      action: 'portal.host_changed',
      subject: { type: 'company', id: row.companyId },
      before: { host: row.host, verified: true },
      after: { host: row.host, verified: false, reason: 'txt_record_missing' },
    });
    const admins = await tx
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, row.companyId), eq(companyMembers.role, 'admin')));
    for (const { userId } of admins)
      await createNotification(tx, {
        userId,
        title: PORTAL_MESSAGES.hostUnpublishedTitle,
        message: PORTAL_MESSAGES.hostUnpublished(row.host, portalTxtName(row.host)),
        type: NOTIFICATION_TYPES_COMPANY.portalHostUnpublished,
        referenceId: row.id,
      });
    return 'unpublished' as const;
  });
  // This instance stops serving it at once; the others within HOST_MAP_TTL_MS.
  if (outcome === 'unpublished') forgetPortalHosts(db);
  return outcome;
}
