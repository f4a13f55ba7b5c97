// Claiming a company listed from its public job board (issue 38, ADR 0053). A signed-in person gives a work e-mail;
// a single-use link (kept only as its SHA-256, expiring) is mailed there through the queue. Following it while signed
// in as the same person proves the mailbox: when its registrable domain is one the company is known by (its website,
// the start page of a careers-page source; never an applicant-tracking vendor's host, a domain another company is
// known by too, or a free-mail domain) they become the company's admin at once, otherwise the claim waits for a
// platform admin who approves or refuses it.
import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import freemail from 'freemail';
import {
  CLAIM_LINK_HOURS,
  COMPANY_CLAIM_MESSAGES,
  NOTIFICATION_TYPES_COMPANY,
  type CompanyClaimOutcome,
  type MyCompanyClaim,
  type PendingCompanyClaim,
} from '@referwell/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { inTransaction, likePattern, type Executor } from '../../db/repository';
import { companies, companyClaims, companyMembers, jobSources, users } from '../../db/schema';
import { emailDomainOf, registrableDomainOf } from '../../lib/email-domain';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail/send';
import type { RateLimiter } from '../../lib/rate-limit';
import { hashToken, newSecretToken } from '../../lib/tokens';
import { recordAudit } from '../../platform/audit/service';
import { createNotification } from '../../platform/notifications/service';
import { addMember } from '../companies/port';
import { matchAts, matchAtsBoard } from './ats';

/** Per person (and per network), multiplied by RATE_LIMIT_SCALE. */
export const CLAIM_RATE_LIMITS = {
  perUser: { max: 5, windowSeconds: 60 * 60 },
  perIp: { max: 20, windowSeconds: 60 * 60 },
} as const;

/** Hosts of the applicant-tracking vendors whose boards are read as sources: a board there names no employer domain. */
const ATS_VENDOR_DOMAINS = ['greenhouse.io', 'lever.co', 'ashbyhq.com', 'workable.com'];

type ClaimConfig = Pick<Config, 'platformAdminEmails' | 'atsApis'>;

/** A claim its claimant may still withdraw: confirmed and pending a platform admin, or mailed with a link that works. */
const openClaim = or(
  eq(companyClaims.status, 'pending'),
  and(eq(companyClaims.status, 'mailed'), gt(companyClaims.expiresAt, sql`now()`)),
);

const under = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The host an address names, lower-case and without "www.", or null for what is not a web address. */
function hostOf(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
    return url.hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/**
 * The domains a company is known by: its website's host and the hosts of its careers-page sources, leaving out the
 * applicant-tracking vendors' hosts (a Greenhouse board says nothing about who owns an address at greenhouse.io) and
 * any host whose registrable domain another company is known by too: a domain two companies' pages live on is a
 * platform's (a careers site at `acme.bamboohr.com`, a website at `sites.google.com/view/acme`), not theirs.
 */
export async function knownDomainsOf(db: Executor, config: ClaimConfig, companyId: string): Promise<string[]> {
  const [company] = await db.select({ website: companies.website }).from(companies).where(eq(companies.id, companyId));
  const sources = await db.select({ url: jobSources.url }).from(jobSources).where(eq(jobSources.companyId, companyId));
  const hosts = [...new Set(webHostsOf([company?.website ?? null, ...sources.map((s) => s.url)], config))];
  const domains = [...new Set(hosts.map(registrableDomainOf).filter((d): d is string => !!d))];
  const shared = await domainsOfOtherCompanies(db, config, companyId, domains);
  return hosts.filter((host) => !shared.has(registrableDomainOf(host) ?? '')).sort();
}

/** The hosts of these web addresses, leaving out applicant-tracking vendors' and what is not a web address. */
function webHostsOf(urls: (string | null)[], config: ClaimConfig): string[] {
  return urls
    .filter((url) => url === null || !(matchAts(url, config.atsApis) || matchAtsBoard(url, config.atsApis)))
    .map(hostOf)
    .filter((host): host is string => !!host && host.includes('.'))
    .filter((host) => !ATS_VENDOR_DOMAINS.some((vendor) => under(host, vendor)));
}

/**
 * Which of these registrable domains another company's website or careers-page source is on. Candidates are found by
 * text (claims are rare; no index is kept for them), then held to the same host reading as the company's own.
 */
async function domainsOfOtherCompanies(
  db: Executor,
  config: ClaimConfig,
  companyId: string,
  domains: readonly string[],
): Promise<Set<string>> {
  if (domains.length === 0) return new Set();
  const containing = (column: typeof companies.website | typeof jobSources.url) =>
    or(...domains.map((domain) => ilike(column, likePattern(domain))));
  const websites = await db
    .select({ url: companies.website })
    .from(companies)
    .where(and(ne(companies.id, companyId), containing(companies.website)));
  const sources = await db
    .select({ url: jobSources.url })
    .from(jobSources)
    .where(and(ne(jobSources.companyId, companyId), containing(jobSources.url)));
  const theirs = new Set(
    webHostsOf(
      [...websites, ...sources].map((r) => r.url),
      config,
    ).map(registrableDomainOf),
  );
  return new Set(domains.filter((domain) => theirs.has(domain)));
}

/**
 * Whether a work e-mail's domain is one of the company's: the same registrable domain as one of its known hosts
 * (`sam@eu.acme.com` for `careers.acme.com`), never a free-mail or disposable one.
 */
export function emailMatchesDomains(email: string, domains: readonly string[]): boolean {
  const domain = emailDomainOf(email);
  if (!domain.includes('.') || freemail.isFree(email)) return false;
  const registrable = registrableDomainOf(domain);
  return (
    registrable !== null &&
    domains.some((known) => !freemail.isFree(`x@${known}`) && registrableDomainOf(known) === registrable)
  );
}

async function platformAdminIds(db: Executor, config: ClaimConfig): Promise<string[]> {
  if (config.platformAdminEmails.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...config.platformAdminEmails]));
  return rows.map((r) => r.id);
}

/** The claimant may become an admin: not a platform admin, and in no company yet. */
async function assertMayClaim(db: Executor, config: ClaimConfig, user: { id: string; email: string }) {
  if (config.platformAdminEmails.includes(user.email.toLowerCase()))
    throw forbidden(COMPANY_CLAIM_MESSAGES.platformAdmin);
  const [member] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, user.id));
  if (member) throw conflict(COMPANY_CLAIM_MESSAGES.alreadyMember);
}

/** The company, locked, refused with 409 once someone from it is on Referwell. */
async function claimableCompany(tx: Executor, where: ReturnType<typeof eq>) {
  const [company] = await tx
    .select({ id: companies.id, name: companies.name, slug: companies.slug, notOnReferwell: companies.notOnReferwell })
    .from(companies)
    .where(where)
    .for('update');
  if (!company) throw notFound(COMPANY_CLAIM_MESSAGES.claimNotFound);
  if (!company.notOnReferwell) throw conflict(COMPANY_CLAIM_MESSAGES.onReferwell(company.name));
  return company;
}

/** Asks to claim a company: mails a single-use link to the work e-mail (through the queue). */
export async function requestClaim(
  db: Db,
  limiter: RateLimiter,
  config: ClaimConfig,
  user: { id: string; name: string; email: string },
  ip: string,
  input: { companySlug: string; email: string },
): Promise<{ email: string }> {
  await limiter.consume({
    key: `company-claim:user:${user.id}`,
    ...CLAIM_RATE_LIMITS.perUser,
    message: COMPANY_CLAIM_MESSAGES.limited,
  });
  await limiter.consume({
    key: `company-claim:ip:${ip}`,
    ...CLAIM_RATE_LIMITS.perIp,
    message: COMPANY_CLAIM_MESSAGES.limited,
  });
  await assertMayClaim(db, config, user);
  const [company] = await db
    .select({ id: companies.id, name: companies.name, notOnReferwell: companies.notOnReferwell })
    .from(companies)
    .where(eq(companies.slug, input.companySlug.toLowerCase()));
  if (!company) throw notFound(COMPANY_CLAIM_MESSAGES.claimNotFound);
  if (!company.notOnReferwell) throw conflict(COMPANY_CLAIM_MESSAGES.onReferwell(company.name));
  const token = newSecretToken(32);
  const tokenHash = hashToken(token);
  await inTransaction(db, async (tx) => {
    await tx.insert(companyClaims).values({
      companyId: company.id,
      userId: user.id,
      email: input.email,
      tokenHash,
      expiresAt: new Date(Date.now() + CLAIM_LINK_HOURS * 3600_000),
    });
    await enqueueMail(tx, {
      key: `company-claim:${tokenHash}`,
      template: 'company-claim',
      to: input.email,
      props: {
        name: user.name,
        companyName: company.name,
        path: `/claim-company?token=${encodeURIComponent(token)}`,
        hours: CLAIM_LINK_HOURS,
      },
    });
  });
  return { email: input.email };
}

/**
 * Makes the claimant the company's admin (a company admin's account: a referrer account with the admin role), and
 * closes the company's other open claims: it is on Referwell now, so approving one of them would be refused (409).
 * Their claimants are told, in the app and by e-mail, to ask for an invitation; the granted claimant's own other
 * claims (an address mistyped first) are closed without a word.
 */
async function grant(
  tx: Executor,
  company: { id: string; name: string; slug: string },
  claimId: string,
  userId: string,
): Promise<void> {
  await tx.update(users).set({ type: 'referrer' }).where(eq(users.id, userId));
  await addMember(tx, company.id, userId, 'admin');
  const closed = await tx
    .update(companyClaims)
    .set({ status: 'closed', decidedAt: new Date() })
    .where(and(eq(companyClaims.companyId, company.id), ne(companyClaims.id, claimId), openClaim))
    .returning({ id: companyClaims.id, userId: companyClaims.userId });
  const others = closed.filter((claim) => claim.userId !== userId);
  if (others.length === 0) return;
  const claimants = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(others.map((claim) => claim.userId))]));
  for (const claim of others) {
    const claimant = claimants.find((person) => person.id === claim.userId)!;
    await createNotification(tx, {
      userId: claimant.id,
      title: COMPANY_CLAIM_MESSAGES.closedNoticeTitle,
      message: COMPANY_CLAIM_MESSAGES.closedNotice(company.name),
      type: NOTIFICATION_TYPES_COMPANY.companyClaimDecided,
      referenceId: claim.id,
    });
    await enqueueMail(tx, {
      key: `company-claim-closed:${claim.id}`,
      template: 'company-claim-closed',
      to: claimant.email,
      props: { name: claimant.name, companyName: company.name, path: `/company/${company.slug}` },
    });
  }
}

/**
 * Follows a claim link, signed in as the person who asked: the company's admin at once when the e-mail's domain is
 * one the company is known by, else pending a platform admin. A link works once, until it expires.
 */
export async function confirmClaim(
  db: Db,
  config: ClaimConfig,
  user: { id: string; name: string; email: string },
  token: string,
): Promise<CompanyClaimOutcome> {
  const invalid = () => badRequest(COMPANY_CLAIM_MESSAGES.linkInvalid, { token: COMPANY_CLAIM_MESSAGES.linkInvalid });
  return inTransaction(db, async (tx) => {
    const [claim] = await tx
      .select()
      .from(companyClaims)
      .where(
        and(
          eq(companyClaims.tokenHash, hashToken(token)),
          // A closed claim's link still leads here, to be told why it no longer works (409: on Referwell now).
          inArray(companyClaims.status, ['mailed', 'closed']),
          gt(companyClaims.expiresAt, sql`now()`),
        ),
      )
      .for('update');
    if (!claim) throw invalid();
    if (claim.userId !== user.id) throw forbidden(COMPANY_CLAIM_MESSAGES.notYours);
    await assertMayClaim(tx, config, user);
    const company = await claimableCompany(tx, eq(companies.id, claim.companyId));
    if (claim.status === 'closed') throw invalid(); // closed only once its company joined, which claimableCompany refuses
    const matched = emailMatchesDomains(claim.email, await knownDomainsOf(tx, config, company.id));
    const now = new Date();
    await tx
      .update(companyClaims)
      .set({
        tokenHash: null,
        confirmedAt: now,
        status: matched ? 'approved' : 'pending',
        ...(matched ? { decidedAt: now } : {}),
      })
      .where(eq(companyClaims.id, claim.id));
    const operators = await platformAdminIds(tx, config);
    if (matched) {
      await grant(tx, company, claim.id, user.id);
      await recordAudit(tx, {
        companyId: company.id,
        actorId: user.id,
        action: 'company.claimed',
        subject: { type: 'member', id: user.id, userId: user.id },
        before: null,
        after: { email: claim.email, by: 'domain' },
      });
    }
    for (const userId of operators)
      await createNotification(tx, {
        userId,
        title: matched ? COMPANY_CLAIM_MESSAGES.claimedNoticeTitle : COMPANY_CLAIM_MESSAGES.pendingNoticeTitle,
        message: (matched ? COMPANY_CLAIM_MESSAGES.claimedNotice : COMPANY_CLAIM_MESSAGES.pendingNotice)(
          user.name,
          claim.email,
          company.name,
        ),
        type: NOTIFICATION_TYPES_COMPANY.platformCompanyClaim,
        referenceId: claim.id,
      });
    return { status: matched ? 'granted' : 'pending', companyName: company.name, companySlug: company.slug };
  });
}

/** The person's open claim on a company: the one pending a platform admin, else the newest whose link still works. */
export async function myOpenClaim(db: Db, userId: string, companySlug: string): Promise<MyCompanyClaim | null> {
  const [claim] = await db
    .select({ id: companyClaims.id, status: companyClaims.status, email: companyClaims.email })
    .from(companyClaims)
    .innerJoin(companies, eq(companies.id, companyClaims.companyId))
    .where(and(eq(companyClaims.userId, userId), eq(companies.slug, companySlug.toLowerCase()), openClaim))
    .orderBy(sql`${companyClaims.status} = 'pending' desc`, desc(companyClaims.createdAt))
    .limit(1);
  return claim ? { ...claim, status: claim.status === 'pending' ? 'pending' : 'mailed' } : null;
}

/**
 * The claimant withdraws their open claim: its link stops working and no platform admin sees it any more. 404 for a
 * claim that is not theirs, or was decided, withdrawn or let expire.
 */
export async function withdrawClaim(db: Db, userId: string, claimId: string): Promise<void> {
  const withdrawn = await db
    .update(companyClaims)
    .set({ status: 'withdrawn', tokenHash: null })
    .where(and(eq(companyClaims.id, claimId), eq(companyClaims.userId, userId), openClaim))
    .returning({ id: companyClaims.id });
  if (withdrawn.length === 0) throw notFound(COMPANY_CLAIM_MESSAGES.claimNotFound);
}

/** The confirmed claims waiting for a platform admin, oldest first. */
export async function listPendingClaims(db: Db, config: ClaimConfig): Promise<PendingCompanyClaim[]> {
  const rows = await db
    .select({
      id: companyClaims.id,
      companyId: companyClaims.companyId,
      companyName: companies.name,
      companySlug: companies.slug,
      claimantName: users.name,
      email: companyClaims.email,
      confirmedAt: companyClaims.confirmedAt,
    })
    .from(companyClaims)
    .innerJoin(companies, eq(companies.id, companyClaims.companyId))
    .innerJoin(users, eq(users.id, companyClaims.userId))
    .where(and(eq(companyClaims.status, 'pending'), isNotNull(companyClaims.confirmedAt)))
    .orderBy(asc(companyClaims.confirmedAt), asc(companyClaims.id));
  return Promise.all(
    rows.map(async (r) => ({
      ...r,
      confirmedAt: r.confirmedAt!.toISOString(),
      knownDomains: await knownDomainsOf(db, config, r.companyId),
    })),
  );
}

/**
 * A platform admin approves or refuses a pending claim, audited; the claimant is told in the app and by e-mail.
 * Approving a claim on a company someone joined meanwhile is refused (409), as is one whose claimant joined another.
 */
export async function decideClaim(
  db: Db,
  config: ClaimConfig,
  actorId: string,
  claimId: string,
  decision: 'approve' | 'refuse',
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [claim] = await tx
      .select({ claim: companyClaims, claimant: { id: users.id, name: users.name, email: users.email } })
      .from(companyClaims)
      .innerJoin(users, eq(users.id, companyClaims.userId))
      .where(and(eq(companyClaims.id, claimId), eq(companyClaims.status, 'pending')))
      .for('update', { of: companyClaims });
    if (!claim) throw notFound(COMPANY_CLAIM_MESSAGES.claimNotFound);
    const [company] = await tx
      .select({ id: companies.id, name: companies.name, slug: companies.slug })
      .from(companies)
      .where(eq(companies.id, claim.claim.companyId));
    if (!company) throw notFound(COMPANY_CLAIM_MESSAGES.claimNotFound);
    if (decision === 'approve') {
      await claimableCompany(tx, eq(companies.id, company.id));
      await assertMayClaim(tx, { ...config, platformAdminEmails: [] }, claim.claimant);
      await grant(tx, company, claimId, claim.claimant.id);
    }
    const approved = decision === 'approve';
    await tx
      .update(companyClaims)
      .set({ status: approved ? 'approved' : 'refused', decidedBy: actorId, decidedAt: new Date() })
      .where(eq(companyClaims.id, claimId));
    await recordAudit(tx, {
      companyId: company.id,
      actorId,
      action: approved ? 'company.claim_approved' : 'company.claim_refused',
      subject: { type: 'member', id: claim.claimant.id, userId: claim.claimant.id },
      before: { claim: 'pending' },
      after: { claim: approved ? 'approved' : 'refused', email: claim.claim.email },
    });
    await createNotification(tx, {
      userId: claim.claimant.id,
      title: approved ? COMPANY_CLAIM_MESSAGES.approvedNoticeTitle : COMPANY_CLAIM_MESSAGES.refusedNoticeTitle,
      message: (approved ? COMPANY_CLAIM_MESSAGES.approvedNotice : COMPANY_CLAIM_MESSAGES.refusedNotice)(company.name),
      type: NOTIFICATION_TYPES_COMPANY.companyClaimDecided,
      referenceId: claimId,
    });
    await enqueueMail(tx, {
      key: `company-claim-decided:${claimId}`,
      template: 'company-claim-decided',
      to: claim.claimant.email,
      props: {
        name: claim.claimant.name,
        companyName: company.name,
        approved,
        path: approved ? '/company-dashboard' : `/company/${company.slug}`,
      },
    });
  });
}
