// A company's e-mail domains for single sign-on (issue 34): claimed by an admin, proved by a DNS TXT record at the
// domain or by a single-use link mailed to an address at it. One company at most holds a domain verified.
import { Resolver } from 'node:dns/promises';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { SSO_MESSAGES, SSO_TXT_PREFIX, type SsoDomain } from '@referwell/shared';
import type { Db } from '../../../db/client';
import { inTransaction, isUniqueViolation, type Executor } from '../../../db/repository';
import { companies, ssoDomains } from '../../../db/schema';
import { emailDomainOf } from '../../../lib/email-domain';
import { AppError, conflict, notFound } from '../../../lib/errors';
import { enqueueMail } from '../../../lib/mail/send';
import { hashToken, newSecretToken } from '../../../lib/tokens';
import { recordAudit } from '../../../platform/audit/service';

/** How long a mailed verification link works. */
export const DOMAIN_MAIL_LINK_HOURS = 24;

/** Looks up a name's TXT records, each as its strings joined (RFC 7208 §3.3 splits long values into strings). */
export type TxtLookup = (name: string) => Promise<string[]>;

/** The TXT lookup of the system's resolver, or of the DNS servers named (SSO_DNS_SERVERS: "address[:port]"). */
export function dnsTxtLookup(servers: readonly string[]): TxtLookup {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return async (name) => (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
}

type DomainRow = typeof ssoDomains.$inferSelect;

const toDomain = (row: DomainRow): SsoDomain => ({
  id: row.id,
  domain: row.domain,
  verified: row.verifiedAt !== null,
  verifiedAt: row.verifiedAt?.toISOString() ?? null,
  method: (row.verifiedBy as 'dns' | 'mail' | null) ?? null,
  txtRecord: { name: row.domain, value: `${SSO_TXT_PREFIX}${row.verificationToken}` },
});

export async function listDomains(db: Executor, companyId: string): Promise<SsoDomain[]> {
  const rows = await db.select().from(ssoDomains).where(eq(ssoDomains.companyId, companyId)).orderBy(ssoDomains.domain);
  return rows.map(toDomain);
}

/** The company's verified domains (lower-case). */
export async function verifiedDomainsOf(db: Executor, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.companyId, companyId), isNotNull(ssoDomains.verifiedAt)));
  return rows.map((r) => r.domain);
}

/** The company that holds an address's domain verified, if any. */
export async function companyOfVerifiedDomain(db: Executor, email: string): Promise<string | null> {
  const domain = emailDomainOf(email);
  const [row] = await db
    .select({ companyId: ssoDomains.companyId })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)));
  return row?.companyId ?? null;
}

async function verifiedElsewhere(db: Executor, companyId: string, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ companyId: ssoDomains.companyId })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)));
  return !!row && row.companyId !== companyId;
}

const domainTaken = () => conflict(SSO_MESSAGES.domainTaken, { domain: SSO_MESSAGES.domainTaken });

/** Claims a domain (unverified until proved). A domain another company holds verified is refused. */
export async function addDomain(db: Db, actorId: string, companyId: string, domain: string): Promise<SsoDomain> {
  if (await verifiedElsewhere(db, companyId, domain)) throw domainTaken();
  try {
    return await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(ssoDomains)
        .values({ companyId, domain, verificationToken: newSecretToken(24) })
        .returning();
      await recordAudit(tx, {
        companyId,
        actorId,
        action: 'sso.domain_added',
        subject: { type: 'domain', id: row!.id },
        after: { domain },
      });
      return toDomain(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(SSO_MESSAGES.domainAlreadyAdded, { domain: SSO_MESSAGES.domainAlreadyAdded });
    throw error;
  }
}

async function domainOf(db: Executor, companyId: string, domainId: string): Promise<DomainRow> {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.id, domainId), eq(ssoDomains.companyId, companyId)));
  if (!row) throw notFound(SSO_MESSAGES.domainNotFound);
  return row;
}

/** Marks a domain verified, unless another company proved it first (the partial unique index decides a race). */
async function markVerified(
  db: Db,
  row: DomainRow,
  method: 'dns' | 'mail',
  actorId: string | null,
): Promise<SsoDomain> {
  try {
    return await inTransaction(db, async (tx) => {
      const [updated] = await tx
        .update(ssoDomains)
        .set({ verifiedAt: new Date(), verifiedBy: method, mailTokenHash: null, mailTokenExpiresAt: null })
        .where(and(eq(ssoDomains.id, row.id), isNull(ssoDomains.verifiedAt)))
        .returning();
      if (!updated) return toDomain(row);
      await recordAudit(tx, {
        companyId: row.companyId,
        actorId,
        action: 'sso.domain_verified',
        subject: { type: 'domain', id: row.id },
        after: { domain: row.domain, method },
      });
      return toDomain(updated);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw domainTaken();
    throw error;
  }
}

/**
 * Proves a domain by its TXT record: one of the domain's TXT records must be `referwell-domain-verification=<token>`.
 * A missing record is 409 (publish it, then check again); a resolver that does not answer is 502.
 */
export async function checkDomainDns(
  db: Db,
  lookup: TxtLookup,
  actorId: string,
  companyId: string,
  domainId: string,
): Promise<SsoDomain> {
  const row = await domainOf(db, companyId, domainId);
  if (row.verifiedAt) return toDomain(row);
  if (await verifiedElsewhere(db, companyId, row.domain)) throw domainTaken();
  let records: string[];
  try {
    records = await lookup(row.domain);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENODATA' || code === 'ENOTFOUND') records = [];
    else throw new AppError(502, 'DNS_FAILED', SSO_MESSAGES.dnsFailed);
  }
  const expected = `${SSO_TXT_PREFIX}${row.verificationToken}`;
  if (!records.some((record) => record.trim() === expected))
    throw new AppError(409, 'DNS_RECORD_MISSING', SSO_MESSAGES.dnsNotFound);
  return markVerified(db, row, 'dns', actorId);
}

/** Mails a single-use link to `localPart@domain`; following it proves the domain. A new link replaces the last. */
export async function mailDomainLink(db: Db, companyId: string, domainId: string, localPart: string): Promise<void> {
  const row = await domainOf(db, companyId, domainId);
  if (row.verifiedAt) return;
  if (await verifiedElsewhere(db, companyId, row.domain)) throw domainTaken();
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  const token = newSecretToken(32);
  const tokenHash = hashToken(token);
  await inTransaction(db, async (tx) => {
    await tx
      .update(ssoDomains)
      .set({
        mailTokenHash: tokenHash,
        mailTokenExpiresAt: new Date(Date.now() + DOMAIN_MAIL_LINK_HOURS * 3600 * 1000),
      })
      .where(eq(ssoDomains.id, row.id));
    await enqueueMail(tx, {
      key: `sso-domain:${tokenHash}`,
      template: 'sso-domain-verification',
      to: `${localPart}@${row.domain}`,
      props: {
        companyName: company!.name,
        domain: row.domain,
        path: `/verify-domain?token=${encodeURIComponent(token)}`,
        hours: DOMAIN_MAIL_LINK_HOURS,
      },
    });
  });
}

/** Follows a mailed link: the domain is verified for the company that asked. Unknown, used or expired: 400. */
export async function confirmDomainLink(db: Db, token: string): Promise<SsoDomain> {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(
      and(
        eq(ssoDomains.mailTokenHash, hashToken(token)),
        isNull(ssoDomains.verifiedAt),
        gt(ssoDomains.mailTokenExpiresAt, sql`now()`),
      ),
    );
  if (!row) throw new AppError(400, 'LINK_INVALID', SSO_MESSAGES.verifyLinkInvalid);
  return markVerified(db, row, 'mail', null);
}

export async function removeDomain(db: Db, actorId: string, companyId: string, domainId: string): Promise<void> {
  const row = await domainOf(db, companyId, domainId);
  await inTransaction(db, async (tx) => {
    await tx.delete(ssoDomains).where(eq(ssoDomains.id, row.id));
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'sso.domain_removed',
      subject: { type: 'domain', id: row.id },
      before: { domain: row.domain, verified: row.verifiedAt !== null },
    });
  });
}
