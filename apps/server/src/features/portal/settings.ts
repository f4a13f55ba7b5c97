// A company's careers portal settings (issue 34): on/off, brand colour, intro, logo, and the host names it is served
// on. Admins change them; every change is in the audit log. Rules: the shared schemas (colour contrast, host shape).
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
// Its request.file() and multipartErrors (the routes register the plugin).
import type {} from '@fastify/multipart';
import {
  COMPANY_MESSAGES,
  PORTAL_LIMITS,
  PORTAL_MESSAGES,
  portalTxtName,
  portalTxtValue,
  type PortalHost,
  type PortalSettings,
  type PortalSettingsUpdate,
  portalSettingsUpdateSchema,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, isUniqueViolation, type Executor } from '../../db/repository';
import { companies, companyPortalHosts, companyPortals } from '../../db/schema';
import type { ResolveTxt } from '../../lib/dns';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { newFileKey, type FileStorage } from '../../lib/storage';
import { recordAudit } from '../../platform/audit/service';
import { detectLogoKind, LOGO_CONTENT_TYPES, LOGO_MAX_SIDE, pngSize } from './logo-image';

/** The portal's path on this site. */
export const portalPath = (slug: string) => `/c/${encodeURIComponent(slug)}`;
/** The logo's address under a portal's base ('' on its own host name); `v` changes with each upload. */
export const logoPathUnder = (base: string, version: Date) => `${base}/logo?v=${version.getTime().toString(36)}`;

const DEFAULT_BRAND_COLOR = '#0f766e';

type PortalRow = typeof companyPortals.$inferSelect;
type HostRow = typeof companyPortalHosts.$inferSelect;

function toHost(row: HostRow): PortalHost {
  return {
    id: row.id,
    host: row.host,
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    lastCheckMissed: row.verifiedAt !== null && row.failedChecks > 0,
    txtName: portalTxtName(row.host),
    txtValue: portalTxtValue(row.token),
  };
}

async function companySlugOf(db: Executor, companyId: string): Promise<string> {
  const [company] = await db.select({ slug: companies.slug }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound(COMPANY_MESSAGES.companyNotFound);
  return company.slug;
}

export async function getPortalSettings(db: Executor, companyId: string): Promise<PortalSettings> {
  const [slug, [portal], hosts] = await Promise.all([
    companySlugOf(db, companyId),
    db.select().from(companyPortals).where(eq(companyPortals.companyId, companyId)),
    db
      .select()
      .from(companyPortalHosts)
      .where(eq(companyPortalHosts.companyId, companyId))
      .orderBy(asc(companyPortalHosts.createdAt)),
  ]);
  const path = portalPath(slug);
  return {
    enabled: portal?.enabled ?? false,
    brandColor: portal?.brandColor ?? DEFAULT_BRAND_COLOR,
    intro: portal?.intro ?? null,
    logoUrl: portal?.logoKey ? logoPathUnder(path, portal.updatedAt) : null,
    path,
    hosts: hosts.map(toHost),
  };
}

const auditable = (row: Pick<PortalRow, 'enabled' | 'brandColor' | 'logoKey'> | undefined) =>
  row ? { enabled: row.enabled, brandColor: row.brandColor, logo: row.logoKey !== null } : null;

/** Saves the portal's settings (the schema has checked the colour's contrast and the intro's length). */
export async function updatePortalSettings(
  db: Db,
  companyId: string,
  actorId: string,
  input: PortalSettingsUpdate,
): Promise<PortalSettings> {
  const values = portalSettingsUpdateSchema.parse(input);
  await inTransaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(companyPortals)
      .where(eq(companyPortals.companyId, companyId))
      .for('update');
    const [after] = await tx
      .insert(companyPortals)
      .values({ companyId, ...values, updatedBy: actorId })
      .onConflictDoUpdate({
        target: companyPortals.companyId,
        set: { ...values, updatedBy: actorId, updatedAt: new Date() },
      })
      .returning();
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'portal.changed',
      subject: { type: 'company', id: companyId },
      before: auditable(before),
      after: auditable(after),
    });
  });
  return getPortalSettings(db, companyId);
}

/** Room for the multipart envelope around the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
const logoTooLarge = () => new AppError(413, 'LOGO_TOO_LARGE', PORTAL_MESSAGES.logoTooLarge);
const logoUnsupported = () => new AppError(415, 'LOGO_UNSUPPORTED_TYPE', PORTAL_MESSAGES.logoUnsupported);

/** What a plugin taking logo uploads registers @fastify/multipart with. */
export const LOGO_MULTIPART_LIMITS = {
  limits: { fileSize: PORTAL_LIMITS.logoMaxBytes, files: 1, fields: 0, parts: 1, headerPairs: 50 },
};

/** The request's logo, checked by its bytes: 400 empty, 413 too large, 415 not a PNG, JPEG or WebP (or oversized). */
export async function readLogoUpload(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ bytes: Buffer; contentType: string }> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > PORTAL_LIMITS.logoMaxBytes + MULTIPART_OVERHEAD_BYTES) throw logoTooLarge();
  if (!request.isMultipart()) throw badRequest(PORTAL_MESSAGES.logoEmpty, { file: PORTAL_MESSAGES.logoEmpty });
  const part = await request.file();
  if (!part) throw badRequest(PORTAL_MESSAGES.logoEmpty, { file: PORTAL_MESSAGES.logoEmpty });
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw logoTooLarge();
    throw error;
  }
  if (bytes.byteLength === 0) throw badRequest(PORTAL_MESSAGES.logoEmpty, { file: PORTAL_MESSAGES.logoEmpty });
  const kind = detectLogoKind(bytes);
  if (!kind) throw logoUnsupported();
  if (kind === 'png') {
    const size = pngSize(bytes);
    if (!size || size.width > LOGO_MAX_SIDE || size.height > LOGO_MAX_SIDE) throw logoUnsupported();
  }
  return { bytes, contentType: LOGO_CONTENT_TYPES[kind] };
}

/**
 * Keeps a new logo: the file under a new key, then the row points at it (the portal is created, off, if the company
 * had none). The previous file is deleted once the new one is recorded; if recording fails, the new one is.
 */
export async function storeLogo(
  db: Db,
  storage: FileStorage,
  companyId: string,
  actorId: string,
  logo: { bytes: Buffer; contentType: string },
): Promise<PortalSettings> {
  const key = newFileKey('logos', logo.contentType.slice('image/'.length));
  await storage.put(key, logo.bytes, { contentType: logo.contentType });
  let previousKey: string | null = null;
  try {
    await inTransaction(db, async (tx) => {
      const [before] = await tx
        .select()
        .from(companyPortals)
        .where(eq(companyPortals.companyId, companyId))
        .for('update');
      previousKey = before?.logoKey ?? null;
      const logoColumns = {
        logoKey: key,
        logoContentType: logo.contentType,
        logoBytes: logo.bytes.byteLength,
        updatedBy: actorId,
      };
      const [after] = await tx
        .insert(companyPortals)
        .values({ companyId, ...logoColumns })
        .onConflictDoUpdate({ target: companyPortals.companyId, set: { ...logoColumns, updatedAt: new Date() } })
        .returning();
      await recordAudit(tx, {
        companyId,
        actorId,
        action: 'portal.changed',
        subject: { type: 'company', id: companyId },
        before: auditable(before),
        after: auditable(after),
      });
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  if (previousKey) await storage.delete(previousKey);
  return getPortalSettings(db, companyId);
}

export async function removeLogo(
  db: Db,
  storage: FileStorage,
  companyId: string,
  actorId: string,
): Promise<PortalSettings> {
  const removed = await inTransaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(companyPortals)
      .where(eq(companyPortals.companyId, companyId))
      .for('update');
    if (!before?.logoKey) return null;
    const [after] = await tx
      .update(companyPortals)
      .set({ logoKey: null, logoContentType: null, logoBytes: null, updatedBy: actorId, updatedAt: new Date() })
      .where(eq(companyPortals.companyId, companyId))
      .returning();
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'portal.changed',
      subject: { type: 'company', id: companyId },
      before: auditable(before),
      after: auditable(after),
    });
    return before.logoKey;
  });
  if (removed) await storage.delete(removed);
  return getPortalSettings(db, companyId);
}

/** Adds a host name to prove: 400 for this site's own host, 409 when any company has claimed it already. */
export async function addPortalHost(
  db: Db,
  companyId: string,
  actorId: string,
  host: string,
  siteHost: string,
): Promise<PortalHost> {
  if (host === siteHost) throw badRequest(PORTAL_MESSAGES.hostOurs, { host: PORTAL_MESSAGES.hostOurs });
  try {
    return await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(companyPortalHosts)
        .values({ companyId, host, token: randomBytes(18).toString('base64url') })
        .returning();
      await recordAudit(tx, {
        companyId,
        actorId,
        action: 'portal.host_changed',
        subject: { type: 'company', id: companyId },
        after: { host, verified: false },
      });
      return toHost(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PORTAL_MESSAGES.hostTaken, { host: PORTAL_MESSAGES.hostTaken });
    throw error;
  }
}

async function hostOf(db: Executor, companyId: string, hostId: string): Promise<HostRow> {
  const [row] = await db
    .select()
    .from(companyPortalHosts)
    .where(and(eq(companyPortalHosts.id, hostId), eq(companyPortalHosts.companyId, companyId)));
  if (!row) throw notFound(PORTAL_MESSAGES.hostNotFound);
  return row;
}

/**
 * Whether the TXT records at a host's challenge name hold its token. A record's value may come split into several
 * character-strings (RFC 7208 §3.3 joins them the same way). The proof and the scheduled re-check (./recheck.ts) ask it.
 */
export const holdsProof = (records: string[][], token: string) =>
  records.some((parts) => parts.join('') === portalTxtValue(token));

/**
 * Looks for the host's TXT record (`_referwell-challenge.<host>` holding `referwell-verify=<token>`); found, the host
 * is proved and served from now on. Not found: 422 with where the record should be. A resolver failure: 503.
 */
export async function verifyPortalHost(
  db: Db,
  resolveTxt: ResolveTxt,
  companyId: string,
  actorId: string,
  hostId: string,
): Promise<PortalHost> {
  const row = await hostOf(db, companyId, hostId);
  if (row.verifiedAt) return toHost(row);
  const name = portalTxtName(row.host);
  let records: string[][];
  try {
    records = await resolveTxt(name);
  } catch {
    throw new AppError(503, 'DNS_UNAVAILABLE', PORTAL_MESSAGES.hostNotProved(name));
  }
  const proved = holdsProof(records, row.token);
  const now = new Date();
  return inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(companyPortalHosts)
      .set({ lastCheckedAt: now, ...(proved ? { verifiedAt: now } : {}) })
      .where(eq(companyPortalHosts.id, row.id))
      .returning();
    if (!proved) return null;
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'portal.host_changed',
      subject: { type: 'company', id: companyId },
      before: { host: row.host, verified: false },
      after: { host: row.host, verified: true },
    });
    return toHost(updated!);
  }).then((host) => {
    if (!host) throw new AppError(422, 'HOST_NOT_PROVED', PORTAL_MESSAGES.hostNotProved(name));
    return host;
  });
}

export async function removePortalHost(db: Db, companyId: string, actorId: string, hostId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await hostOf(tx, companyId, hostId);
    await tx.delete(companyPortalHosts).where(eq(companyPortalHosts.id, row.id));
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'portal.host_changed',
      subject: { type: 'company', id: companyId },
      before: { host: row.host, verified: row.verifiedAt !== null },
    });
  });
}
